import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { columnLetter } from '@planillas/domain'
import { quotePrefixedCells } from '@planillas/testing/zip-fixtures'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { type CellValue, excelDate, type SheetColumn, writeXlsx } from './xlsx-writer'

async function* batches(rows: CellValue[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size)
}

async function roundTrip(columns: (string | SheetColumn)[], rows: CellValue[][]) {
  const out = new PassThrough()
  const bytes = buffer(out)
  await writeXlsx(out, {
    name: 'Detalle & más',
    columns: columns.map((c) => (typeof c === 'string' ? { header: c, width: 12 } : c)),
    rows: batches(rows, 2),
  })
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}

describe('the streamed xlsx writer', () => {
  it('writes a sheet spreadsheet programs read back: bold header, texts, numbers, widths', async () => {
    const sheet = await roundTrip(
      ['Fila', 'Nombre', 'Monto'],
      [
        [2, 'Ñahui & <Cusi> "José"', 1850.5],
        [3, '  con espacios ', 0],
        [4, '', -3],
        [5, 'control\u0001fuera', 12],
        [6, 'último', 7],
      ],
    )
    expect(sheet.name).toBe('Detalle & más')
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fila', 'Nombre', 'Monto'])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.getRow(2).values).toEqual([undefined, 2, 'Ñahui & <Cusi> "José"', 1850.5])
    expect(sheet.getRow(3).getCell(2).value).toBe('  con espacios ')
    expect(sheet.getRow(4).getCell(2).value).toBe(null)
    expect(sheet.getRow(5).getCell(2).value).toBe('controlfuera')
    expect(sheet.actualRowCount).toBe(6)
    expect(sheet.getColumn(2).width).toBe(12)
  })

  it('keeps every row whole across the buffers the sheet is written in (megabytes of XML)', async () => {
    const rows: CellValue[][] = Array.from({ length: 20_000 }, (_, i) => [
      i + 2,
      `ÑAÑEZ PÉREZ ${'ó'.repeat(i % 40)} ${i}`,
      i + 0.25,
    ])
    const sheet = await roundTrip(['Fila', 'Nombre', 'Monto'], rows)
    expect(sheet.actualRowCount).toBe(20_001)
    for (const i of [0, 1, 4_321, 9_999, 19_999]) {
      expect(sheet.getRow(i + 2).values).toEqual([undefined, ...rows[i]])
    }
  }, 60_000)

  it('shows money with two decimals and separators, amounts with two decimals, values exact', async () => {
    const sheet = await roundTrip(
      [
        'Fila',
        { header: 'Sueldo (S/)', width: 14, format: 'money' },
        { header: 'Monto', width: 12, format: 'amount' },
      ],
      [
        [2, 1500, 1500],
        [3, 1234567.5, 0.1],
      ],
    )
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00')
    expect(sheet.getRow(3).getCell(3).numFmt).toBe('0.00')
    expect(sheet.getRow(3).values).toEqual([undefined, 3, 1234567.5, 0.1])
    // Neither the header nor a plain column takes a number format.
    expect(sheet.getRow(1).getCell(2).numFmt).toBeUndefined()
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true)
    expect(sheet.getRow(2).getCell(1).numFmt).toBeUndefined()
  })

  it('keeps text a spreadsheet would evaluate exactly as stored, under the quote-prefix style', async () => {
    const out = new PassThrough()
    const bytes = buffer(out)
    const texts = ['+1+1', '=HYPERLINK("http://x","y")', '@SUM(A1)', '-2+A1', '+51 987 654 321', '---']
    await writeXlsx(out, {
      name: 'Observaciones',
      columns: [
        { header: 'Valor', width: 20 },
        { header: 'Motivo', width: 20 },
      ],
      rows: batches([...texts.map((t): CellValue[] => [t, 'QUISPE']), [-5, '1+1']], 2),
    })
    const xlsx = await bytes
    const quoted = quotePrefixedCells(xlsx)
    // Every text that starts like a formula, and nothing else: not the header, a name or a number.
    expect([...quoted]).toEqual(texts.map((t, i) => [`A${i + 2}`, t]))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(texts.map((_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(texts)
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String)
  })

  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
  })
})

describe('dates in the streamed xlsx', () => {
  it('writes days and instants as spreadsheet dates shown DD/MM/YYYY, not as text', async () => {
    const sheet = await roundTrip(
      [
        { header: 'Fecha de inicio', width: 14, format: 'date' },
        { header: 'Fecha de creación', width: 20, format: 'dateTime' },
      ],
      [
        [excelDate('2026-03-15') ?? '', excelDate(new Date('2026-03-15T03:30:00Z')) ?? ''],
        [excelDate('1994-02-28') ?? '', excelDate('2026-12-31T23:59:00-05:00') ?? ''],
        [excelDate(null) ?? '', excelDate('no es fecha') ?? ''],
      ],
    )
    const start = sheet.getRow(2).getCell(1)
    // exceljs reads a number in a date format as a date: the spreadsheet sees a date.
    expect(start.value).toEqual(new Date('2026-03-15T00:00:00Z'))
    expect(start.numFmt).toBe('dd/mm/yyyy')
    expect(sheet.getRow(3).getCell(1).value).toEqual(new Date('1994-02-28T00:00:00Z'))
    // 03:30 UTC is 22:30 of the day before in Lima: the day a clerk in Lima saw.
    const created = sheet.getRow(2).getCell(2)
    expect(created.value).toEqual(new Date('2026-03-14T22:30:00Z'))
    // As the screens show it (formatDateTime): 12-hour clock.
    expect(created.numFmt).toBe('dd/mm/yyyy hh:mm AM/PM')
    expect(sheet.getRow(3).getCell(2).value).toEqual(new Date('2026-12-31T23:59:00Z'))
    // No date: an empty cell, not '---' nor a 1900 date.
    expect(sheet.getRow(4).getCell(1).value).toBe(null)
    expect(sheet.getRow(4).getCell(2).value).toBe(null)
  })

  it('counts serial days as spreadsheets do (1900 system)', () => {
    expect(excelDate('1970-01-01')).toBe(25_569)
    expect(excelDate('2026-11-25')).toBe(46_351)
    expect(excelDate('2026-11-25T17:00:00Z')).toBe(46_351.5)
  })
})
