import { payrollLines, payrolls } from '@planillas/db'
import {
  BATCH_STATUS,
  FILE_MESSAGES,
  PAYMENT_BATCH_STATUS,
  PAYMENT_LIMITS,
  PAYMENT_ROW_MESSAGES,
  PAYMENT_TEMPLATE_HEADERS,
  PAYROLL_TEMPLATE_EXAMPLE,
  PAYROLL_TEMPLATE_HEADERS,
  ROW_MESSAGES,
  TEMPLATE_NOTES_HEADERS,
  TEMPLATE_NOTES_SHEET,
} from '@planillas/domain'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { createImportHarness, type ImportHarness } from '@planillas/testing/worker/import-harness'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import { type ProducedCell, type ProducerOptions, producedWorkbook } from '@planillas/testing/xlsx-producers'
import { buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Files as LibreOffice, gnumeric, SheetJS, the Open XML SDK and Excel itself write
 * them. Every case either imports exactly what the cells show or is refused with its message;
 * none stores a value different from what the clerk sees.
 */
const ACCOUNT = '0817544861267'
const DOCUMENT = 'Número de documento'
const ACCOUNT_COLUMN = 'Número de cuenta'

/** Employee n's row with a given account cell (no CCI: the account is the point). */
const payrollRow = (
  n: number,
  account: ProducedCell = ACCOUNT,
  amount: ProducedCell = 1500.5,
): ProducedCell[] => [1, fixtureDni(n), `APELLIDO ${n}`, '002', account, null, amount]
const planilla = (
  rows: ProducedCell[][],
  options?: ProducerOptions,
  extra: Partial<{ blankRowsBefore: number; part: string; hiddenRows: number[] }> = {},
) => producedWorkbook([{ name: 'Planilla', rows: [PAYROLL_TEMPLATE_HEADERS, ...rows], ...extra }], options)

let h: ImportHarness
beforeAll(async () => {
  h = await createImportHarness(40)
})
afterAll(() => h.close())

async function imported(file: Buffer) {
  const batch = await h.importFile(file)
  expect(batch.errors).toEqual([])
  expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
  const [payroll] = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, batch.id))
  return h.handle.db
    .select({
      identifier: payrollLines.identifier,
      bankAccount: payrollLines.bankAccount,
      amount: payrollLines.amount,
    })
    .from(payrollLines)
    .where(eq(payrollLines.payrollId, payroll.id))
    .orderBy(asc(payrollLines.rowNumber))
}

async function refused(file: Buffer) {
  const before = await h.counts()
  const batch = await h.importFile(file)
  expect(batch.status).toBe(BATCH_STATUS.FAILED)
  expect(await h.counts()).toEqual(before)
  return batch.errors.map(({ rowNumber, column, message }) => ({ rowNumber, column, message }))
}

const line = (n: number, bankAccount = ACCOUNT, amount = '1500.50') => ({
  identifier: fixtureDni(n),
  bankAccount,
  amount,
})

describe('payroll upload: files from every producer import exactly what the cells show', () => {
  it.each([
    ['Excel (shared strings)', { strings: 'shared' }],
    ['a streaming writer (inline strings)', { strings: 'inline' }],
    ['SheetJS (t="str" strings)', { strings: 'str' }],
    ['the Open XML SDK (x: prefixed elements)', { prefix: 'x' }],
    ['a writer without r attributes', { noRefs: true }],
    ['x: prefixed, inline, without r', { prefix: 'x', strings: 'inline', noRefs: true }],
  ] as [string, ProducerOptions][])('%s', async (_label, options) => {
    expect(await imported(planilla([payrollRow(1), payrollRow(2)], options))).toEqual([line(1), line(2)])
  })

  it('a sheet part not named sheet1.xml (LibreOffice, gnumeric)', async () => {
    const file = planilla([payrollRow(3)], {}, { part: 'xl/worksheets/Hoja_de_datos.xml' })
    expect(await imported(file)).toEqual([line(3)])
  })

  it('an account in rich text, inline or shared: every run joined', async () => {
    const file = planilla([
      payrollRow(4, { runs: ['0817', '544861267'] }),
      payrollRow(5, { sharedRuns: ['0817', '5448', '61267'] }),
      payrollRow(6, { shared: ` ${ACCOUNT} ` }),
    ])
    expect(await imported(file)).toEqual([line(4), line(5), line(6)])
  })

  it('an account typed as a number under a format of zeros: stored as the cell shows it', async () => {
    const file = planilla([payrollRow(7, { number: 817544861267, format: '0000000000000' })])
    expect(await imported(file)).toEqual([line(7)])
  })

  it('a DNI typed as a number of 8 digits and an amount with a number format', async () => {
    const row = payrollRow(8, ACCOUNT, { number: 1500.5, format: '#,##0.00' })
    row[1] = Number(fixtureDni(8))
    expect(await imported(planilla([row]))).toEqual([line(8)])
  })

  it('an empty hidden first sheet, an empty sheet before the data and the template notes are passed over', async () => {
    const file = producedWorkbook([
      { name: 'Oculta', hidden: true, rows: [] },
      { name: 'Resumen', rows: [] },
      { name: 'Planilla', rows: [PAYROLL_TEMPLATE_HEADERS, payrollRow(9)] },
      { name: TEMPLATE_NOTES_SHEET, rows: [[...TEMPLATE_NOTES_HEADERS], ['Monto (S/)', 'Obligatorio.']] },
    ])
    expect(await imported(file)).toEqual([line(9)])
  })
})

describe('payroll upload: nothing the clerk does not see is stored', () => {
  it('data in a second sheet, visible or hidden: refused naming the sheets, nothing stored', async () => {
    const file = producedWorkbook([
      {
        name: 'Oculta',
        hidden: true,
        rows: [
          ['Tipo', 'Documento'],
          [1, '99999999'],
        ],
      },
      { name: 'Planilla', rows: [PAYROLL_TEMPLATE_HEADERS, payrollRow(20)] },
      { name: 'Planilla (2)', rows: [PAYROLL_TEMPLATE_HEADERS, payrollRow(21)] },
    ])
    expect(await refused(file)).toEqual([
      {
        rowNumber: null,
        column: null,
        message: FILE_MESSAGES.severalSheets(['Planilla', 'Oculta', 'Planilla (2)']),
      },
    ])
  })

  it('hidden rows: each refused by its number, nothing stored', async () => {
    const file = planilla([payrollRow(22), payrollRow(23), payrollRow(24)], {}, { hiddenRows: [3, 4] })
    expect(await refused(file)).toEqual([
      { rowNumber: 3, column: null, message: ROW_MESSAGES.hiddenRow },
      { rowNumber: 4, column: null, message: ROW_MESSAGES.hiddenRow },
    ])
  })

  it('an amount whose format hides its cents: refused naming the cell and both values', async () => {
    const file = planilla([payrollRow(25, ACCOUNT, { number: 999.99, format: '#,##0' })])
    expect(await refused(file)).toEqual([
      { rowNumber: 2, column: 'Monto (S/)', message: ROW_MESSAGES.amountHidden('1,000', '999.99') },
    ])
  })

  it('binary noise below what Excel shows is the amount the cell shows', async () => {
    expect(await imported(planilla([payrollRow(26, ACCOUNT, 1849.999999999999)]))).toEqual([
      line(26, ACCOUNT, '1850.00'),
    ])
  })
})

describe('payroll upload: what cannot be read exactly is refused with its message', () => {
  it('an account typed as a number (General, Text or a plain 0 format): its zeros may be gone', async () => {
    const file = planilla([
      payrollRow(10, 817544861267),
      payrollRow(11, { number: 817544861267, format: '@' }),
      payrollRow(12, { number: 817544861267, format: '0' }),
    ])
    expect(await refused(file)).toEqual(
      [2, 3, 4].map((rowNumber) => ({
        rowNumber,
        column: ACCOUNT_COLUMN,
        message: ROW_MESSAGES.accountAsText,
      })),
    )
  })

  it('dates, booleans, formulas with cached values and Excel errors', async () => {
    const file = planilla(
      [
        payrollRow(13, ACCOUNT, { date: '2026-11-30' }),
        payrollRow(14, ACCOUNT, true),
        payrollRow(15, ACCOUNT, { formula: 'B2/10000', cached: 1000 }),
        payrollRow(16, { error: '#N/A' }),
        [1, { isoDate: '1990-05-04T00:00:00Z' }, 'X', '002', ACCOUNT, null, 10],
      ],
      { date1904: true },
    )
    expect(await refused(file)).toEqual([
      { rowNumber: 2, column: 'Monto (S/)', message: ROW_MESSAGES.amountDate },
      { rowNumber: 3, column: 'Monto (S/)', message: ROW_MESSAGES.amountNumeric },
      { rowNumber: 4, column: 'Monto (S/)', message: ROW_MESSAGES.formula },
      { rowNumber: 5, column: ACCOUNT_COLUMN, message: ROW_MESSAGES.cellError('#N/A') },
      { rowNumber: 6, column: DOCUMENT, message: ROW_MESSAGES.identifierDate },
    ])
  })

  it("the template's example row", async () => {
    const example = PAYROLL_TEMPLATE_EXAMPLE.map((v) => v as ProducedCell)
    expect(await refused(planilla([payrollRow(17), example]))).toEqual([
      { rowNumber: 3, column: DOCUMENT, message: ROW_MESSAGES.templateExample },
    ])
  })

  it('every problem of a row, and a repeated document even when its first row was bad', async () => {
    const bad = payrollRow(18, 817544861267, -5)
    expect(await refused(planilla([bad, payrollRow(18)]))).toEqual([
      { rowNumber: 2, column: ACCOUNT_COLUMN, message: ROW_MESSAGES.accountAsText },
      { rowNumber: 2, column: 'Monto (S/)', message: ROW_MESSAGES.amountPositive },
      { rowNumber: 3, column: DOCUMENT, message: ROW_MESSAGES.repeated(2) },
    ])
  })

  it('a blank row above the header: its own message, not "La hoja está vacía"', async () => {
    expect(await refused(planilla([payrollRow(19)], {}, { blankRowsBefore: 1 }))).toEqual([
      { rowNumber: 1, column: null, message: FILE_MESSAGES.headerRowAt(2) },
    ])
  })

  it('a wrong header in a workbook of several sheets names the sheet read', async () => {
    const file = producedWorkbook([
      {
        name: 'Datos',
        rows: [
          ['Documento', 'Monto'],
          ['45678912', 10],
        ],
      },
      { name: TEMPLATE_NOTES_SHEET, rows: [[...TEMPLATE_NOTES_HEADERS], ['Tipo de documento', 'nota']] },
    ])
    const errors = await refused(file)
    expect(errors[0].message).toBe(
      FILE_MESSAGES.inSheet('Datos', FILE_MESSAGES.headerMismatch('A', 'Tipo de documento', 'Documento')),
    )
  })

  it('.ods and .xlsb files, each with its own message', async () => {
    const ods = buildZip([
      {
        ...deflatedPart('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'),
        stored: true,
        compressed: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'),
      },
      deflatedPart('content.xml', '<office:document-content/>'),
    ])
    expect(await refused(ods)).toEqual([{ rowNumber: null, column: null, message: FILE_MESSAGES.ods }])
    const xlsb = buildZip([
      deflatedPart('[Content_Types].xml', '<Types/>'),
      deflatedPart('xl/workbook.bin', Buffer.alloc(64)),
    ])
    expect(await refused(xlsb)).toEqual([{ rowNumber: null, column: null, message: FILE_MESSAGES.xlsb }])
  })
})

describe('payments upload: the same reader, the same guarantees', () => {
  let p: PaymentHarness
  let codes = 0
  beforeAll(async () => {
    p = await createPaymentHarness(10)
  })
  afterAll(() => p?.close())

  const paymentRow = (n: number, operation: ProducedCell): ProducedCell[] => [
    1,
    fixtureDni(n),
    1500.5,
    operation,
    null,
  ]
  const abonos = (rows: ProducedCell[][], options?: ProducerOptions, hiddenFirst = false) =>
    producedWorkbook(
      [
        ...(hiddenFirst ? [{ name: 'Oculta', hidden: true, rows: [] }] : []),
        { name: 'Abonos', rows: [PAYMENT_TEMPLATE_HEADERS, ...rows] },
      ],
      options,
    )
  const payroll = (employees: number[]) =>
    p.payroll(
      `PL-PR-${++codes}`,
      employees.map((employee) => ({ employee, amount: '1500.50' })),
    )

  it('reads x:-prefixed rows without r, a rich-text operation and a padded one exactly', async () => {
    const target = await payroll([0, 1, 2])
    const file = abonos(
      [
        paymentRow(0, { runs: ['000', '987654'] }),
        paymentRow(1, { number: 987655, format: '000000000' }),
        paymentRow(2, '000987656'),
      ],
      { prefix: 'x', noRefs: true, strings: 'inline' },
      true,
    )
    const id = await p.upload(target, file)
    await p.run(id)
    expect((await p.batch(id)).issues).toEqual([])
    const state = await p.payrollState(target.id)
    expect(state.lines.map((l) => l.operationNumber)).toEqual(['000987654', '000987655', '000987656'])
  })

  it('observes an operation number typed as a number and pays nothing for that row', async () => {
    const target = await payroll([3])
    const id = await p.upload(target, abonos([paymentRow(3, 987654)]))
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.issues.map((i) => [i.rowNumber, i.column, i.reason])).toEqual([
      [2, 'Número de operación', PAYMENT_ROW_MESSAGES.operationAsText],
    ])
    expect(await p.payrollState(target.id)).toMatchObject({ paidCount: 0 })
  })

  it('stores an operation number as the cell shows it', async () => {
    const target = await payroll([6])
    const id = await p.upload(target, abonos([paymentRow(6, 'op-0005')]))
    await p.run(id)
    expect((await p.batch(id)).issues).toEqual([])
    expect((await p.payrollState(target.id)).lines.map((l) => l.operationNumber)).toEqual(['op-0005'])
  })

  it('observes an amount whose format hides its cents, naming the cell, and pays nothing for it', async () => {
    const target = await payroll([7])
    const row = paymentRow(7, 'OP-7')
    row[2] = { number: 1500.5, format: '#,##0' }
    const id = await p.upload(target, abonos([row]))
    await p.run(id)
    expect((await p.batch(id)).issues.map((i) => [i.rowNumber, i.column, i.reason])).toEqual([
      [2, 'Monto abonado (S/)', ROW_MESSAGES.amountHidden('1,501', '1500.50')],
    ])
    expect(await p.payrollState(target.id)).toMatchObject({ paidCount: 0 })
  })

  it('refuses a sheet with hidden rows, naming them, and pays nothing', async () => {
    const target = await payroll([8, 9])
    const file = producedWorkbook([
      {
        name: 'Abonos',
        rows: [PAYMENT_TEMPLATE_HEADERS, paymentRow(8, 'OP-8'), paymentRow(9, 'OP-9')],
        hiddenRows: [3],
      },
    ])
    const id = await p.upload(target, file)
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect(batch.issues.map((i) => i.reason)).toEqual([FILE_MESSAGES.hiddenRows([3])])
    expect(await p.payrollState(target.id)).toMatchObject({ paidCount: 0 })
  })

  it('styled empty rows do not count toward the 200,000-row limit', async () => {
    const target = await payroll([5])
    const file = producedWorkbook([
      {
        name: 'Abonos',
        rows: [PAYMENT_TEMPLATE_HEADERS, paymentRow(5, 'OP-5')],
        blankRowsAfter: PAYMENT_LIMITS.maxRows + 1,
      },
    ])
    const id = await p.upload(target, file)
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.issues).toEqual([])
    expect(batch).toMatchObject({ status: PAYMENT_BATCH_STATUS.PROCESSED, rowsRead: 1, matchedCount: 1 })
  }, 60_000)

  it('a blank row above the header gets its own message', async () => {
    const target = await payroll([4])
    const file = producedWorkbook([
      { name: 'Abonos', rows: [PAYMENT_TEMPLATE_HEADERS, paymentRow(4, 'OP-1')], blankRowsBefore: 1 },
    ])
    const id = await p.upload(target, file)
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect(batch.issues.map((i) => i.reason)).toEqual([FILE_MESSAGES.headerRowAt(2)])
  })
})
