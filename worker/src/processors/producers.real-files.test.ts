import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  BATCH_STATUS,
  FILE_MESSAGES,
  PAYMENT_BATCH_STATUS,
  PAYMENT_ISSUE_KIND,
  ROW_MESSAGES,
} from '@planillas/domain'
import { insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { createImportHarness, type ImportHarness } from '@planillas/testing/worker/import-harness'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The 13 files saved by LibreOffice, gnumeric and SheetJS (testing/fixtures/xlsx/README.md),
 * uploaded and run through the worker's own jobs, as a clerk's upload is: each is refused naming its
 * cell, row or sheets and stores nothing, or stores exactly what its cells show.
 * (formats/src/xlsx-real-files.test.ts reads the same files with the reader alone.)
 */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../testing/fixtures/xlsx', name))

/** The files' rows name DNIs 47111222, 47111223 and 47111224: fixture employees from this number. */
const FIRST_EMPLOYEE = 37_111_222
const PAYROLL_AMOUNT = 'Monto (S/)'
const PAYMENT_AMOUNT = 'Monto abonado (S/)'

describe('payroll uploads of files saved by real spreadsheet programs', () => {
  let h: ImportHarness
  beforeAll(async () => {
    h = await createImportHarness(0)
    await insertFixtureEmployees(h.handle.db, 3, FIRST_EMPLOYEE)
  })
  afterAll(() => h.close())

  it.each<[string, { rowNumber: number | null; column: string | null; message: string }[]]>([
    [
      'libreoffice-7.4-payroll-hidden-cents.xlsx',
      [{ rowNumber: 3, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('1,000', '999.99') }],
    ],
    [
      'gnumeric-1.12-payroll-thousands.xlsx',
      [{ rowNumber: 2, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('1,235', '1234.50') }],
    ],
    [
      'sheetjs-0.18-payroll-percent.xlsx',
      [{ rowNumber: 2, column: PAYROLL_AMOUNT, message: ROW_MESSAGES.amountHidden('150050.00%', '1500.50') }],
    ],
    [
      'libreoffice-7.4-payroll-hidden-row.xlsx',
      [{ rowNumber: 3, column: null, message: ROW_MESSAGES.hiddenRow }],
    ],
    [
      'gnumeric-1.12-payroll-two-sheets.xlsx',
      [{ rowNumber: null, column: null, message: FILE_MESSAGES.severalSheets(['Planilla', 'Planilla (2)']) }],
    ],
    [
      'libreoffice-7.4-payroll-zero-width.xlsx',
      [
        {
          rowNumber: 3,
          column: 'Número de documento',
          message: ROW_MESSAGES.invisible('U+200B, espacio de ancho cero', 1),
        },
      ],
    ],
  ])('%s: CON ERRORES naming the cell, nothing stored', async (name, expected) => {
    const before = await h.counts()
    const batch = await h.importFile(fixture(name))
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors.map(({ rowNumber, column, message }) => ({ rowNumber, column, message }))).toEqual(
      expected,
    )
    expect(await h.counts()).toEqual(before)
  })

  it('sheetjs-0.18-payroll-float-noise.xlsx: 1849.999999999999 shows 1850 and is stored 1850.00', async () => {
    const batch = await h.importFile(fixture('sheetjs-0.18-payroll-float-noise.xlsx'))
    expect(batch.errors).toEqual([])
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
    const payroll = await h.handle.db.query.payrolls.findFirst({
      where: (t, { eq }) => eq(t.batchId, batch.id),
    })
    const lines = await h.handle.db.query.payrollLines.findMany({
      columns: { identifier: true, amount: true },
      where: (l, { eq }) => eq(l.payrollId, payroll?.id ?? 0),
      orderBy: (l, { asc }) => [asc(l.rowNumber)],
    })
    expect(lines).toEqual([
      { identifier: '47111222', amount: '1850.00' },
      { identifier: '47111223', amount: '1850.00' },
    ])
  })
})

describe('payment uploads (Cargar abonos) of files saved by real spreadsheet programs', () => {
  let p: PaymentHarness
  beforeAll(async () => {
    p = await createPaymentHarness(0)
    await insertFixtureEmployees(p.db, 3, FIRST_EMPLOYEE)
  })
  afterAll(() => p.close())

  /** A payroll of two lines of S/ 1,500.50 for the files' first two DNIs. */
  const payroll = (code: string) =>
    p.payroll(code, [
      { employee: FIRST_EMPLOYEE, amount: '1500.50' },
      { employee: FIRST_EMPLOYEE + 1, amount: '1500.50' },
    ])

  it.each<[string, string]>([
    ['sheetjs-0.18-payments-hidden-cents.xlsx', ROW_MESSAGES.amountHidden('1,000', '999.99')],
    ['libreoffice-7.4-payments-percent.xlsx', ROW_MESSAGES.amountHidden('150050.00%', '1500.50')],
    ['gnumeric-1.12-payments-fraction.xlsx', ROW_MESSAGES.amountFraction('0.10')],
  ])('%s: the row is observed naming its cell and pays nothing', async (name, reason) => {
    const target = await payroll(`PL-${name}`)
    const id = await p.upload(target, fixture(name))
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.OBSERVED)
    expect(
      batch.issues.map(({ kind, rowNumber, column, reason }) => ({ kind, rowNumber, column, reason })),
    ).toEqual([{ kind: PAYMENT_ISSUE_KIND.OBSERVATION, rowNumber: 2, column: PAYMENT_AMOUNT, reason }])
    expect((await p.payrollState(target.id)).payments).toEqual([])
  })

  it.each<[string, string]>([
    ['gnumeric-1.12-payments-hidden-row.xlsx', FILE_MESSAGES.hiddenRows([3])],
    ['sheetjs-0.18-payments-two-sheets.xlsx', FILE_MESSAGES.severalSheets(['Abonos', 'Abonos (2)'])],
  ])('%s: the whole file is refused with its reason and pays nothing', async (name, reason) => {
    const target = await payroll(`PL-${name}`)
    const id = await p.upload(target, fixture(name))
    await p.run(id)
    const batch = await p.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect(batch.issues.map((i) => i.reason)).toEqual([reason])
    expect((await p.payrollState(target.id)).payments).toEqual([])
  })

  it('libreoffice-7.4-payments-lowercase-op.xlsx: the operation number is stored as the cell shows it', async () => {
    const target = await payroll('PL-lowercase-op')
    const id = await p.upload(target, fixture('libreoffice-7.4-payments-lowercase-op.xlsx'))
    await p.run(id)
    expect((await p.batch(id)).status).toBe(PAYMENT_BATCH_STATUS.PROCESSED)
    const { payments } = await p.payrollState(target.id)
    expect(payments.map((pay) => pay.operationNumber)).toEqual(['op-0005'])
  })
})
