import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { payrollTemplate } from '../modules/payroll-batch/template'
import { uploadTemplate } from './upload-template'

async function notesOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(file as unknown as ArrayBuffer)
  const notes = workbook.getWorksheet('Notas')
  const cells: unknown[] = []
  notes?.eachRow((row) => {
    for (const value of (row.values as unknown[]).slice(1)) cells.push(value)
  })
  return cells
}

describe('upload templates', () => {
  it('write a bank whose name is a formula as text a spreadsheet will not run', async () => {
    const evil = '=HYPERLINK("http://x.invalid/robar","Ver saldo")'
    const cells = await notesOf(
      await payrollTemplate([
        { code: '002', name: 'Banco de Crédito del Perú' },
        { code: '099', name: evil },
        { code: '=1+1', name: '@SUM(A1)' },
      ]),
    )
    expect(cells).toContain(`'${evil}`)
    expect(cells).toContain("'=1+1")
    expect(cells).toContain("'@SUM(A1)")
    expect(cells).not.toContain(evil)
    expect(cells).toContain('Banco de Crédito del Perú')
    expect(cells.some((c) => typeof c === 'object' && c !== null && 'formula' in c)).toBe(false)
  })

  it('neutralise every text of the notes and the example row', async () => {
    const file = await uploadTemplate({
      sheetName: 'Datos',
      columns: [{ header: '+cmd|calc', key: 'a', width: 10, note: '-2+A1' }],
      textColumns: new Set(['a']),
      example: ['=A1'],
      important: ['@evil'],
      codeLists: [{ title: ['=T', '=U'], rows: [['=V', '=W']] }],
    })
    const cells = await notesOf(file)
    for (const text of ['+cmd|calc', '-2+A1', '@evil', '=T', '=U', '=V', '=W']) {
      expect(cells).toContain(`'${text}`)
      expect(cells).not.toContain(text)
    }
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Datos')
    expect(sheet?.getRow(1).getCell(1).value).toBe("'+cmd|calc")
    expect(sheet?.getRow(2).getCell(1).value).toBe("'=A1")
  })
})
