import {
  BATCH_STATUS,
  buildCci,
  FILE_MESSAGES,
  PAYROLL_LIMITS,
  PAYROLL_TEMPLATE_HEADERS,
  ROW_MESSAGES,
} from '@planillas/domain'
import { XLSX_LIMITS } from '@planillas/formats/xlsx-package'
import {
  fixtureDni,
  payrollWorkbook,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { perFile } from '@planillas/testing/per-file'
import { createImportHarness } from '@planillas/testing/worker/import-harness'
import { bombPart, rezip, unzipParts } from '@planillas/testing/zip-fixtures'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

/**
 * The bad-file corpus: every file gets its Spanish message, the batch ends CON ERRORES
 * and nothing else is stored.
 */
const h = perFile(() => createImportHarness(60))

const AMOUNT = 'Monto (S/)'
const withCell = (column: number, value: unknown, n = 1) => {
  const row = validRow(n)
  row[column] = value
  return row
}

async function expectRejected(
  file: Buffer,
  expected: { rowNumber: number | null; column?: string | null; message: string }[],
) {
  const before = await h.counts()
  const batch = await h.importFile(file)
  expect(batch.status).toBe(BATCH_STATUS.FAILED)
  expect(batch.errors.map(({ rowNumber, column, message }) => ({ rowNumber, column, message }))).toEqual(
    expected.map((e) => ({ column: null, ...e })),
  )
  expect(batch.errorCount).toBe(expected.length)
  expect(await h.counts()).toEqual(before)
  return batch
}

describe('bad-file corpus', () => {
  it('a text file renamed .xlsx', async () => {
    await expectRejected(Buffer.from('Tipo de documento;Número de documento\n1;45678912\n', 'latin1'), [
      { rowNumber: null, message: FILE_MESSAGES.notXlsx },
    ])
  })

  it('a truncated zip', async () => {
    const file = await payrollWorkbook([validRow(1), validRow(2)])
    await expectRejected(file.subarray(0, file.length - 300), [
      { rowNumber: null, message: FILE_MESSAGES.damaged },
    ])
  })

  it('an empty workbook', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('Hoja1')
    await expectRejected(Buffer.from(await workbook.xlsx.writeBuffer()), [
      { rowNumber: null, message: FILE_MESSAGES.empty },
    ])
  })

  it('a header and no data', async () => {
    await expectRejected(await payrollWorkbook([]), [{ rowNumber: null, message: FILE_MESSAGES.noDataRows }])
  })

  it('a wrong header', async () => {
    const header = [...PAYROLL_TEMPLATE_HEADERS]
    header[1] = 'DNI'
    header[6] = 'Importe'
    await expectRejected(await payrollWorkbook([validRow(1)], { header }), [
      { rowNumber: 1, message: FILE_MESSAGES.headerMismatch('B', 'Número de documento', 'DNI') },
      { rowNumber: 1, message: FILE_MESSAGES.headerMismatch('G', AMOUNT, 'Importe') },
    ])
  })

  it('an extra column', async () => {
    await expectRejected(
      await payrollWorkbook([[...validRow(1), 'ok']], {
        header: [...PAYROLL_TEMPLATE_HEADERS, 'Observaciones'],
      }),
      [{ rowNumber: 1, message: FILE_MESSAGES.extraColumn('H', 'Observaciones') }],
    )
  })

  it('200,001 rows', async () => {
    const file = await streamedPayrollWorkbook(PAYROLL_LIMITS.maxRows + 1, (i) => [1, fixtureDni(i)])
    const before = await h.counts()
    const batch = await h.importFile(file)
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors.filter((e) => e.rowNumber === null).map((e) => e.message)).toEqual([
      FILE_MESSAGES.tooManyRows,
    ])
    expect(batch.rowsRead).toBe(PAYROLL_LIMITS.maxRows)
    expect(await h.counts()).toEqual(before)
  }, 300_000)

  it('formulas', async () => {
    await expectRejected(await payrollWorkbook([withCell(6, { formula: 'B2/10000', result: 1000 })]), [
      { rowNumber: 2, column: AMOUNT, message: ROW_MESSAGES.formula },
    ])
  })

  it('dates and numbers as text', async () => {
    await expectRejected(
      await payrollWorkbook([
        withCell(6, new Date('2026-11-30T00:00:00Z'), 1),
        withCell(6, '1500.00', 2),
        withCell(1, new Date('1990-05-04T00:00:00Z'), 3),
      ]),
      [
        { rowNumber: 2, column: AMOUNT, message: ROW_MESSAGES.amountDate },
        { rowNumber: 3, column: AMOUNT, message: ROW_MESSAGES.amountText },
        { rowNumber: 4, column: 'Número de documento', message: ROW_MESSAGES.identifierDate },
      ],
    )
  })

  it('negative and three-decimal amounts', async () => {
    await expectRejected(await payrollWorkbook([withCell(6, -120, 1), withCell(6, 1500.125, 2)]), [
      { rowNumber: 2, column: AMOUNT, message: ROW_MESSAGES.amountPositive },
      { rowNumber: 3, column: AMOUNT, message: ROW_MESSAGES.amountDecimals },
    ])
  })

  it('an unknown employee', async () => {
    await expectRejected(await payrollWorkbook([validRow(1), withCell(1, '99999999', 2)]), [
      { rowNumber: 3, column: 'Número de documento', message: ROW_MESSAGES.unknownEmployee },
    ])
  })

  it('a repeated document', async () => {
    await expectRejected(await payrollWorkbook([validRow(1), validRow(2), validRow(1)]), [
      { rowNumber: 4, column: 'Número de documento', message: ROW_MESSAGES.repeated(2) },
    ])
  })

  it('a bad CCI check digit', async () => {
    const good = buildCci('002', '191', '000000000001')
    const bad = `${good.slice(0, 19)}${(Number(good[19]) + 1) % 10}`
    await expectRejected(await payrollWorkbook([withCell(5, bad)]), [
      { rowNumber: 2, column: 'CCI', message: ROW_MESSAGES.cciCheck },
    ])
  })

  it('an unknown bank', async () => {
    const row = withCell(3, '099')
    row[5] = ''
    await expectRejected(await payrollWorkbook([row]), [
      { rowNumber: 2, column: 'Código de banco', message: ROW_MESSAGES.bankUnknown('099') },
    ])
  })

  it('a 100,000-character cell', async () => {
    const batch = await expectRejected(await payrollWorkbook([withCell(2, 'Ñ'.repeat(100_000))]), [
      { rowNumber: 2, column: 'Apellidos y nombres', message: ROW_MESSAGES.tooLong(100_000) },
    ])
    expect(batch.errors[0].value?.length).toBeLessThanOrEqual(101)
  })

  it('an XML bomb: a small zip whose sheet expands past any sane size', async () => {
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
    const bomb = await bombPart(
      'xl/worksheets/sheet1.xml',
      head,
      XLSX_LIMITS.sheetBytes + (1 << 20),
      '</sheetData></worksheet>',
    )
    const file = rezip(unzipParts(await payrollWorkbook([validRow(1)])), { 'xl/worksheets/sheet1.xml': bomb })
    expect(file.length).toBeLessThan(PAYROLL_LIMITS.maxFileBytes)
    await expectRejected(file, [{ rowNumber: null, message: FILE_MESSAGES.bomb }])
  }, 60_000)

  it('an XML bomb that lies about its size, behind a good header', async () => {
    const cells = PAYROLL_TEMPLATE_HEADERS.map(
      (h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`,
    )
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cells.join('')}</row>`
    const bomb = await bombPart(
      'xl/worksheets/sheet1.xml',
      head,
      XLSX_LIMITS.sheetBytes + (1 << 20),
      '</sheetData></worksheet>',
    )
    const file = rezip(unzipParts(await payrollWorkbook([validRow(1)])), {
      'xl/worksheets/sheet1.xml': { ...bomb, declaredSize: 2048 },
    })
    await expectRejected(file, [{ rowNumber: null, message: FILE_MESSAGES.bomb }])
  }, 60_000)

  it('keeps working after the corpus: a clean file still becomes a payroll', async () => {
    const batch = await h.importFile(await payrollWorkbook([validRow(5), validRow(6)]))
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
    expect(fixtureDni(5)).toBe('10000005')
  })
})
