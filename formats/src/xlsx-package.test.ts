import { FILE_MESSAGES, PAYROLL_TEMPLATE_HEADERS } from '@planillas/domain'
import { payrollWorkbook, streamedPayrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import {
  bombPart,
  buildZip,
  deflatedPart,
  rezip,
  unzipParts,
  type ZipPart,
} from '@planillas/testing/zip-fixtures'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { openXlsx, readFirstRow, readFirstRowAt, readSheetRowBatches, XLSX_LIMITS } from './xlsx-package'

const SHEET = 'xl/worksheets/sheet1.xml'
const rejection = (file: Buffer) =>
  openXlsx(file).then(
    () => 'aceptado',
    (error: Error) => error.message,
  )

let template: Buffer
beforeAll(async () => {
  template = await payrollWorkbook([validRow(1)], { notesSheet: true })
})

describe('openXlsx', () => {
  it('finds the first sheet through the workbook, counts its rows and reads the header', async () => {
    const pkg = await openXlsx(template)
    expect(pkg.sheetName).toBe('Planilla')
    expect(pkg.rowElements).toBe(2)
    expect(await readFirstRow(pkg)).toEqual(PAYROLL_TEMPLATE_HEADERS)
  })

  it('reads a header written as inline strings by a streaming writer', async () => {
    const pkg = await openXlsx(await streamedPayrollWorkbook(3, validRow))
    expect(pkg.rowElements).toBe(4)
    expect(await readFirstRow(pkg)).toEqual(PAYROLL_TEMPLATE_HEADERS)
  })

  it('takes the first sheet in tab order, not in file order', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('Primera').addRow(['uno'])
    workbook.addWorksheet('Segunda').addRow(['dos'])
    const parts = unzipParts(Buffer.from(await workbook.xlsx.writeBuffer()))
    const xml = parts.get('xl/workbook.xml')!.toString()
    const swapped = xml.replace(
      /(<sheet [^>]*name="Primera"[^>]*\/>)(<sheet [^>]*name="Segunda"[^>]*\/>)/,
      '$2$1',
    )
    expect(swapped).not.toBe(xml)
    const pkg = await openXlsx(rezip(parts, { 'xl/workbook.xml': swapped }))
    expect(pkg.sheetName).toBe('Segunda')
    expect(await readFirstRow(pkg)).toEqual(['dos'])
  })

  it('finds shared strings and styles through the relationships, whatever their names', async () => {
    const parts = unzipParts(template)
    const rels = parts
      .get('xl/_rels/workbook.xml.rels')!
      .toString()
      .replace('sharedStrings.xml', 'Cadenas.xml')
    expect(rels).toContain('Cadenas.xml')
    parts.set('xl/Cadenas.xml', parts.get('xl/sharedStrings.xml')!)
    parts.delete('xl/sharedStrings.xml')
    const pkg = await openXlsx(rezip(parts, { 'xl/_rels/workbook.xml.rels': rels }))
    expect(await readFirstRow(pkg)).toEqual(PAYROLL_TEMPLATE_HEADERS)
  })

  it('streams the rows of the sheet and counts its progress', async () => {
    const pkg = await openXlsx(template, { countRows: false })
    const fractions: number[] = []
    const numbers: number[] = []
    for await (const batch of readSheetRowBatches(pkg, (f) => fractions.push(f)))
      numbers.push(...batch.map((r) => r.number))
    expect(numbers).toEqual([1, 2])
    expect(fractions.at(-1)).toBe(1)
  })

  it('answers null for a sheet whose first row is not row 1', async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('Planilla').getRow(3).values = ['tarde']
    const pkg = await openXlsx(Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(await readFirstRow(pkg)).toBeNull()
    expect(await readFirstRowAt(pkg)).toEqual({ number: 3, cells: ['tarde'] })
  })

  it('refuses what is not an xlsx, each with its message', async () => {
    expect(await rejection(Buffer.from('Tipo;Número\n1;45678912\n'))).toBe(FILE_MESSAGES.notXlsx)
    expect(
      await rejection(
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]),
      ),
    ).toBe(FILE_MESSAGES.oldFormat)
    expect(await rejection(template.subarray(0, Math.floor(template.length * 0.6)))).toBe(
      FILE_MESSAGES.damaged,
    )
    expect(await rejection(buildZip([deflatedPart('hola.txt', 'hola')]))).toBe(FILE_MESSAGES.noWorkbook)
    const parts = unzipParts(template)
    expect(
      await rejection(rezip(parts, { 'xl/workbook.xml': '<workbook><sheets></sheets></workbook>' })),
    ).toBe(FILE_MESSAGES.noSheet)
    const entity = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><sst>&a;</sst>'
    expect(await rejection(rezip(parts, { 'xl/sharedStrings.xml': entity }))).toBe(FILE_MESSAGES.doctype)
    const oneSheet = unzipParts(await payrollWorkbook([validRow(1)]))
    const withEntity = await openXlsx(rezip(oneSheet, { 'xl/sharedStrings.xml': entity }), {
      countRows: false,
    })
    await expect(readFirstRow(withEntity)).rejects.toThrow(FILE_MESSAGES.doctype)
    expect(await drained(withEntity)).toBe(FILE_MESSAGES.doctype)
  })

  describe('zip bombs', () => {
    let bomb: ZipPart
    beforeAll(async () => {
      const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Tipo de documento</t></is></c></row>`
      bomb = await bombPart(SHEET, head, XLSX_LIMITS.sheetBytes + (1 << 20), '</sheetData></worksheet>')
    }, 60_000)

    it('refuses a small file whose sheet inflates past the ceiling', async () => {
      expect(bomb.compressed.length).toBeLessThan(5 * 1024 * 1024)
      expect(await rejection(rezip(unzipParts(template), { [SHEET]: bomb }))).toBe(FILE_MESSAGES.bomb)
    }, 60_000)

    it('refuses an honest bomb by its declared size without inflating it', async () => {
      const started = Date.now()
      expect(
        await openXlsx(rezip(unzipParts(template), { [SHEET]: bomb }), { countRows: false }).catch(
          (e) => e.message,
        ),
      ).toBe(FILE_MESSAGES.bomb)
      expect(Date.now() - started).toBeLessThan(1000)
    })

    it('counts the bytes it inflates, whatever the headers claim', async () => {
      const lying = rezip(unzipParts(template), { [SHEET]: { ...bomb, declaredSize: 4096 } })
      expect(await rejection(lying)).toBe(FILE_MESSAGES.bomb)
      // One sheet: opening reads nothing of it; the header check and the rows stop at the lie.
      const oneSheet = rezip(unzipParts(await payrollWorkbook([validRow(1)])), {
        [SHEET]: { ...bomb, declaredSize: 4096 },
      })
      const pkg = await openXlsx(oneSheet, { countRows: false })
      await expect(readFirstRowAt(pkg)).rejects.toThrow(FILE_MESSAGES.bomb)
      expect(await drained(pkg)).toBe(FILE_MESSAGES.bomb)
      // Bounded by what the file declared plus one inflate chunk, not by the 512 MB it holds.
      expect(pkg.stats.inflatedBytes).toBeLessThan(64 * 1024 * 4)
    }, 60_000)
  })
})

/** Reads every row; the message of the failure, if any. */
async function drained(pkg: Awaited<ReturnType<typeof openXlsx>>) {
  try {
    for await (const _batch of readSheetRowBatches(pkg)) {
      // consumed
    }
    return null
  } catch (error) {
    return (error as Error).message
  }
}
