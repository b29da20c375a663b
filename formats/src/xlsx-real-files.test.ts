import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  checkPaymentRow,
  checkPayrollRow,
  FILE_MESSAGES,
  PAYROLL_TEMPLATE_HEADERS,
  ROW_MESSAGES,
} from '@planillas/domain'
import { rezip, unzipParts } from '@planillas/testing/zip-fixtures'
import { describe, expect, it } from 'vitest'
import { openXlsx, readFirstRow, readSheetRowBatches } from './xlsx-package'

/** Files saved by LibreOffice, gnumeric and SheetJS (testing/fixtures/xlsx/README.md) read as their cells show. */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../testing/fixtures/xlsx', name))

/** The first two fixtures carry a sheet 'Oculta' with data: without it, they read as a clerk's file. */
const withoutSheet = (file: Buffer, sheet: string) => {
  const parts = unzipParts(file)
  const workbook = (parts.get('xl/workbook.xml') as Buffer).toString()
  return rezip(parts, {
    'xl/workbook.xml': workbook.replace(new RegExp(`<sheet name="${sheet}"[^>]*/>`), ''),
  })
}

describe('files saved by real spreadsheet programs', () => {
  it.each(['libreoffice-7.4.xlsx', 'gnumeric-1.12.xlsx'])('%s', async (name) => {
    // The sheet 'Oculta' holds data too, and only one sheet is read.
    await expect(openXlsx(fixture(name))).rejects.toThrow(FILE_MESSAGES.severalSheets(['Planilla', 'Oculta']))
    const pkg = await openXlsx(withoutSheet(fixture(name), 'Oculta'))
    expect(pkg.sheetName).toBe('Planilla')
    expect(await readFirstRow(pkg)).toEqual(PAYROLL_TEMPLATE_HEADERS)
    const read: (string | null)[][] = []
    for await (const batch of readSheetRowBatches(pkg)) {
      for (const row of batch) {
        if (row.number === 1) continue
        const { values, problems } = checkPayrollRow(row.cells, new Set(['002']))
        read.push(values ? [values.bankAccount, values.amount] : problems.map((p) => p.message))
      }
    }
    expect(read).toEqual([
      ['0817544861267', '1500.50'],
      ['0817544861268', '2300.25'], // rich text: exceljs kept only '544861268'
      ['0817544861269', '980.00'], // a number under '0000000000000': as the cell shows it
      [ROW_MESSAGES.accountAsText], // a plain number: its zeros may be gone
    ])
  })

  it('an .ods saved by LibreOffice gets its own message', async () => {
    await expect(openXlsx(fixture('libreoffice-7.4.ods'))).rejects.toThrow(FILE_MESSAGES.ods)
  })
})

type Read = { row: number; column?: string | null; message?: string; amount?: string; operation?: string }

/**
 * A file read as the worker reads it: refused as a whole (its message), or each data row with
 * what would be stored or the problem named by row and column. Hidden rows are refused as the
 * payroll import does (one problem per row) and the payments import does (the whole file).
 */
async function readAs(kind: 'payroll' | 'payments', file: Buffer): Promise<string | Read[]> {
  try {
    const pkg = await openXlsx(file)
    const read: Read[] = []
    const hidden: number[] = []
    for await (const batch of readSheetRowBatches(pkg)) {
      for (const row of batch) {
        if (row.number === 1) continue
        if (row.hidden) {
          if (kind === 'payroll')
            read.push({ row: row.number, column: null, message: ROW_MESSAGES.hiddenRow })
          else hidden.push(row.number)
          continue
        }
        const checked =
          kind === 'payroll' ? checkPayrollRow(row.cells, new Set(['002'])) : checkPaymentRow(row.cells)
        for (const p of checked.problems) read.push({ row: row.number, column: p.column, message: p.message })
        const values = checked.values
        if (values && 'operationNumber' in values)
          read.push({ row: row.number, amount: values.amount, operation: values.operationNumber })
        else if (values) read.push({ row: row.number, amount: values.amount })
      }
    }
    return hidden.length ? FILE_MESSAGES.hiddenRows(hidden) : read
  } catch (error) {
    return (error as Error).message
  }
}

const PAYROLL_AMOUNT = 'Monto (S/)'
const PAYMENT_AMOUNT = 'Monto abonado (S/)'

/**
 * 13 files in which what a cell shows is not what it stores, or that a clerk shaped to
 * leave something out, each as LibreOffice, gnumeric or SheetJS writes it. Every one is refused
 * naming its cell (row and column) or sheets, or stores exactly what the cells show.
 */
describe('what the cell shows is what is stored, or the file is refused naming the cell', () => {
  it.each<[string, 'payroll' | 'payments', string | Read[]]>([
    [
      'libreoffice-7.4-payroll-hidden-cents.xlsx',
      'payroll',
      [
        { row: 2, amount: '1500.50' },
        { row: 3, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('1,000', '999.99') },
      ],
    ],
    [
      'gnumeric-1.12-payroll-thousands.xlsx',
      'payroll',
      [{ row: 2, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('1,235', '1234.50') }],
    ],
    [
      'sheetjs-0.18-payroll-percent.xlsx',
      'payroll',
      [{ row: 2, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('150050.00%', '1500.50') }],
    ],
    [
      'libreoffice-7.4-payroll-hidden-row.xlsx',
      'payroll',
      [
        { row: 2, amount: '1500.50' },
        { row: 3, column: null, message: ROW_MESSAGES.hiddenRow },
        { row: 4, amount: '980.00' },
      ],
    ],
    [
      'gnumeric-1.12-payroll-two-sheets.xlsx',
      'payroll',
      FILE_MESSAGES.severalSheets(['Planilla', 'Planilla (2)']),
    ],
    [
      'libreoffice-7.4-payroll-zero-width.xlsx',
      'payroll',
      [
        { row: 2, amount: '1500.50' },
        {
          row: 3,
          column: 'Número de documento',
          message: ROW_MESSAGES.invisible('U+200B, espacio de ancho cero', 1),
        },
      ],
    ],
    [
      // 1849.999999999999 shows 1850 (General) and 1,850.00 (#,##0.00): it is 1850.00.
      'sheetjs-0.18-payroll-float-noise.xlsx',
      'payroll',
      [
        { row: 2, amount: '1850.00' },
        { row: 3, amount: '1850.00' },
      ],
    ],
    [
      'sheetjs-0.18-payments-hidden-cents.xlsx',
      'payments',
      [{ row: 2, column: PAYMENT_AMOUNT, message: ROW_MESSAGES.amountHidden('1,000', '999.99') }],
    ],
    [
      'libreoffice-7.4-payments-percent.xlsx',
      'payments',
      [{ row: 2, column: PAYMENT_AMOUNT, message: ROW_MESSAGES.amountHidden('150050.00%', '1500.50') }],
    ],
    [
      'gnumeric-1.12-payments-fraction.xlsx',
      'payments',
      [{ row: 2, column: PAYMENT_AMOUNT, message: ROW_MESSAGES.amountFraction('0.10') }],
    ],
    ['gnumeric-1.12-payments-hidden-row.xlsx', 'payments', FILE_MESSAGES.hiddenRows([3])],
    [
      'sheetjs-0.18-payments-two-sheets.xlsx',
      'payments',
      FILE_MESSAGES.severalSheets(['Abonos', 'Abonos (2)']),
    ],
    [
      'libreoffice-7.4-payments-lowercase-op.xlsx',
      'payments',
      [{ row: 2, amount: '1500.50', operation: 'op-0005' }],
    ],
  ])('%s', async (name, kind, expected) => {
    expect(await readAs(kind, fixture(name))).toEqual(expected)
  })
})
