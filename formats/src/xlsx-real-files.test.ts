import { readFileSync } from 'node:fs'
import path from 'node:path'
import { checkPayrollRow, FILE_MESSAGES, PAYROLL_TEMPLATE_HEADERS, ROW_MESSAGES } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { openXlsx, readFirstRow, readSheetRowBatches } from './xlsx-package'

/** Files saved by LibreOffice and gnumeric (testing/fixtures/xlsx/README.md) read as their cells show. */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../testing/fixtures/xlsx', name))

describe('files saved by real spreadsheet programs', () => {
  it.each(['libreoffice-7.4.xlsx', 'gnumeric-1.12.xlsx'])('%s', async (name) => {
    const pkg = await openXlsx(fixture(name))
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
