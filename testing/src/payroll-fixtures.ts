import { PassThrough } from 'node:stream'
import { banks, type Executor } from '@planillas/db'
import {
  buildCci,
  PAYROLL_TEMPLATE_HEADERS,
  TEMPLATE_NOTES_HEADERS,
  TEMPLATE_NOTES_SHEET,
} from '@planillas/domain'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'

/**
 * Generators of payroll spreadsheets and the employees they name, for tests and the benchmark.
 * Files are real .xlsx written by exceljs, the way a clerk's spreadsheet program would.
 */
export type FixtureRow = readonly unknown[]

export const FIXTURE_BANKS = [
  { code: '002', name: 'Banco de Crédito del Perú', shortName: 'BCP' },
  { code: '003', name: 'Interbank', shortName: 'Interbank' },
  { code: '009', name: 'Scotiabank Perú', shortName: 'Scotiabank' },
  { code: '011', name: 'BBVA Perú', shortName: 'BBVA' },
]

/** The banks the fixtures use (kept if the reference data already loaded them). */
export async function ensureFixtureBanks(db: Executor) {
  await db.insert(banks).values(FIXTURE_BANKS).onConflictDoNothing()
}

/** DNI number `n` of the fixtures: 8 digits, distinct for n < 90,000,000. */
export const fixtureDni = (n: number) => String(10_000_000 + n)

/** Inserts employees with DNIs fixtureDni(from…from+count-1), in set-based slices. */
export async function insertFixtureEmployees(db: Executor, count: number, from = 0) {
  for (let at = 0; at < count; at += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, count - at) }, (_, i) => from + at + i)
    await db.execute(sql`
      insert into employees (identifier_type, identifier, name, surname, created_by)
      select 1, d, 'NOMBRE ' || n, 'APELLIDO ' || n, 'fixtures'
      from unnest(${sql.param(ids.map(fixtureDni))}::text[], ${sql.param(ids)}::int[]) as t(d, n)
      on conflict do nothing`)
  }
}

/** A valid row for employee `n`: DNI, name, BCP account, its CCI and an amount. */
export function validRow(n: number, amount = 1000 + (n % 500) + 0.5): unknown[] {
  const account = String(1_910_000_000_000 + n)
  return [
    1,
    fixtureDni(n),
    `APELLIDO ${n}, NOMBRE ${n}`,
    '002',
    account,
    buildCci('002', '191', account.slice(-12)),
    amount,
  ]
}

export { CONCEPTS_HEADER } from '@planillas/domain/payroll-fixtures'

export type WorkbookOptions = { header?: readonly unknown[]; sheetName?: string; notesSheet?: boolean }

/** A small workbook (shared strings, styles: dates are real dates), as Excel writes them. */
export async function payrollWorkbook(rows: FixtureRow[], options: WorkbookOptions = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Planilla')
  sheet.addRow([...(options.header ?? PAYROLL_TEMPLATE_HEADERS)])
  for (const row of rows) sheet.addRow([...row])
  if (options.notesSheet) {
    // As the template writes its notes (api/src/lib/upload-template.ts): an upload may keep them.
    const notes = workbook.addWorksheet(TEMPLATE_NOTES_SHEET)
    notes.addRow([...TEMPLATE_NOTES_HEADERS])
    notes.addRow([PAYROLL_TEMPLATE_HEADERS[0], 'Obligatorio. Código SUNAT del tipo de documento.'])
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A large workbook written row by row (inline strings), for 100,000-row files and beyond. */
export async function streamedPayrollWorkbook(
  rowCount: number,
  rowAt: (i: number) => FixtureRow,
  header: readonly unknown[] = PAYROLL_TEMPLATE_HEADERS,
): Promise<Buffer> {
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Planilla')
  sheet.addRow([...header]).commit()
  for (let i = 0; i < rowCount; i++) sheet.addRow([...rowAt(i)]).commit()
  sheet.commit()
  await workbook.commit()
  return Buffer.concat(chunks)
}
