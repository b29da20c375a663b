import { openXlsx } from '@planillas/formats/xlsx-package'
import { streamedPayrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { readSheetRows } from './sheet-rows'

describe('readSheetRows', () => {
  it('keeps accented text whole wherever the chunks fall (chunks are decoded one by one)', async () => {
    const name = (i: number) => `${'ÑÁÉÍÓÚ€𝄞'.repeat(1 + (i % 7))} ${i}`
    const file = await streamedPayrollWorkbook(20_000, (i) => {
      const row = validRow(i)
      row[2] = name(i)
      return row
    })
    const fractions: number[] = []
    let broken = 0
    let rows = 0
    for await (const row of readSheetRows(await openXlsx(file, { countRows: false }), (f) =>
      fractions.push(f),
    )) {
      if (row.number === 1) continue
      rows++
      const cell = row.cells[2]
      if (cell.kind !== 'text' || cell.text !== name(row.number - 2)) broken++
    }
    expect(rows).toBe(20_000)
    expect(broken).toBe(0)
    expect(fractions.at(-1)).toBe(1)
  })

  it('reads dates as dates when the cell is formatted as one', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Planilla')
    sheet.addRow(['x'])
    sheet.addRow([new Date('2026-11-30T00:00:00Z'), 45000])
    const rows = []
    for await (const row of readSheetRows(await openXlsx(Buffer.from(await workbook.xlsx.writeBuffer()))))
      rows.push(row)
    expect(rows[1].cells).toEqual([
      { kind: 'date', text: '2026-11-30' },
      { kind: 'number', value: 45000 },
    ])
  })
})
