import { type Executor, payrollLines, payrolls, rowsOf } from '@planillas/db'
import { PAYMENT_TEMPLATE_HEADERS, PAYMENT_TEMPLATE_SHEET } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib'
import { fixtureDni } from './payroll-fixtures'

/**
 * Generators for the payments-made tests and demos: a payroll with its lines written straight to
 * the database, the bank's Excel of payments and PDF receipts, all real files.
 */

/** One payments row: type, document, amount, operation number, receipt name. */
export type PaymentFixtureRow = readonly unknown[]

/** A payments workbook as a clerk's spreadsheet program writes it. */
export async function paymentsWorkbook(
  rows: PaymentFixtureRow[],
  options: { header?: readonly unknown[] } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(PAYMENT_TEMPLATE_SHEET)
  sheet.addRow([...(options.header ?? PAYMENT_TEMPLATE_HEADERS)])
  for (const row of rows) sheet.addRow([...row])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A PDF receipt with `pages` pages, each saying which receipt and page it is. */
export async function receiptPdf(label: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([420, 300])
    page.drawText(`${label} - hoja ${i} de ${pages}`, { x: 30, y: 250, size: 14, font })
  }
  return Buffer.from(await doc.save())
}

type PayrollLineValues = typeof payrollLines.$inferInsert

/**
 * A line of `insertPayrollWithLines`: what it leaves out is row i + 2 of fixture employee i + 1
 * (DNI `fixtureDni(i)`), 'Núñez i, José', at the BCP (002).
 */
export type SeedLine = Partial<Omit<PayrollLineValues, 'payrollId'>> &
  Pick<PayrollLineValues, 'bankAccount' | 'amount'>

/**
 * A payroll ('Planilla <code>', type 1, period 202611 unless told) and its lines written straight
 * to the database, without the import's checks; the employees must exist (`insertFixtureEmployees`).
 * Gives the payroll's row and its lines' ids in row order.
 */
export async function insertPayrollWithLines(
  db: Executor,
  payroll: Partial<typeof payrolls.$inferInsert> & { code: string },
  lines: SeedLine[],
) {
  const [row] = await db
    .insert(payrolls)
    .values({ name: `Planilla ${payroll.code}`, type: 1, period: '202611', ...payroll })
    .returning()
  if (!lines.length) return { ...row, lineIds: [] as number[] }
  const inserted = await db
    .insert(payrollLines)
    .values(
      lines.map((line, i) => ({
        payrollId: row.id,
        rowNumber: i + 2,
        employeeId: i + 1,
        identifierType: 1,
        identifier: fixtureDni(i),
        fullName: `Núñez ${i}, José`,
        bankCode: '002',
        ...line,
      })),
    )
    .returning({ id: payrollLines.id, rowNumber: payrollLines.rowNumber })
  return { ...row, lineIds: inserted.sort((a, b) => a.rowNumber - b.rowNumber).map((line) => line.id) }
}

export type FixtureLine = { employee: number; amount: string }

/**
 * A payroll (VIGENTE) with one line per fixture employee `employee` (found by its DNI), as the
 * payroll import writes it: the employee's name and BCP account as `validRow` gives them.
 */
export async function insertFixturePayroll(
  db: Executor,
  code: string,
  lines: FixtureLine[],
  period = '202611',
): Promise<{ id: number; lineIds: number[] }> {
  const dnis = lines.map((line) => fixtureDni(line.employee))
  const found = rowsOf<{ id: number; identifier: string }>(
    await db.execute(
      sql`select id, identifier from employees where identifier_type = 1 and identifier = any(${sql.param(dnis)}::text[])`,
    ),
  )
  const idOf = new Map(found.map((employee) => [employee.identifier, employee.id]))
  const missing = dnis.find((dni) => !idOf.has(dni))
  if (missing) throw new Error(`insertFixturePayroll: no fixture employee has DNI ${missing}`)
  const total = lines.reduce((sum, line) => sum + Number(line.amount), 0)
  return insertPayrollWithLines(
    db,
    { code, period, collaborators: lines.length, totalAmount: total.toFixed(2), createdBy: 'fixtures' },
    lines.map((line, i) => ({
      employeeId: idOf.get(dnis[i]),
      identifier: dnis[i],
      fullName: `APELLIDO ${line.employee}, NOMBRE ${line.employee}`,
      bankAccount: String(1_910_000_000_000 + line.employee),
      amount: line.amount,
      createdBy: 'fixtures',
    })),
  )
}

/** The payment-order tests' amounts: three lines of S/ 1,500.50, 2,000.00 and 980.25 (S/ 4,480.75). */
export const ORDER_AMOUNTS = ['1500.50', '2000.00', '980.25']

/** A payroll of `ORDER_AMOUNTS` paid into `accounts` (one a line), line i changed by `over[i]`. */
export const insertOrderPayroll = (
  db: Executor,
  code: string,
  accounts: Omit<SeedLine, 'amount'>[],
  over: Partial<PayrollLineValues>[] = [],
) =>
  insertPayrollWithLines(
    db,
    { code, collaborators: 3, totalAmount: '4480.75' },
    ORDER_AMOUNTS.map((amount, i) => ({ ...accounts[i], amount, ...over[i] })),
  )

/**
 * The texts drawn with a standard font on each page of a PDF (hex strings of `Tj` operators in
 * its content streams), to check stamps in tests.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    let text = ''
    for (const ref of streams) {
      const stream = doc.context.lookup(ref)
      if (!(stream instanceof PDFRawStream)) continue
      const decoded = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      for (const [, hex] of decoded.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        text += `${Buffer.from(hex, 'hex').toString('latin1')}\n`
    }
    return text
  })
}

/**
 * The header row of our generic CCI workbook (docs/decisions/payment-files.md), written out here and
 * not taken from its writer: a test that reads the workbook checks it against the documented columns.
 */
export const GENERIC_CCI_HEADER = [
  'Tipo de documento',
  'Número de documento',
  'Nombre del beneficiario',
  'CCI',
  'Moneda',
  'Monto',
  'Referencia',
]
