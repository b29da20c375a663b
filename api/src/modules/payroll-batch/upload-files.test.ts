import { FILE_MESSAGES, PAYROLL_TEMPLATE_HEADERS, periodOptions } from '@planillas/domain'
import { readZipEntries } from '@planillas/formats/xlsx-zip'
import { createTestAppWithFiles, type FilesTestApp } from '@planillas/testing/api/app'
import {
  ensureFixtureBanks,
  fixtureDni,
  payrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { producedWorkbook } from '@planillas/testing/xlsx-producers'
import { bombPart, rezip, unzipParts } from '@planillas/testing/zip-fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The payroll upload's header check: what it reads and how far. */
let t: FilesTestApp
beforeAll(async () => {
  t = await createTestAppWithFiles()
  await ensureFixtureBanks(t.handle.db)
})
afterAll(async () => {
  await t.close()
})

let codes = 0
async function upload(content: Buffer) {
  const data = new FormData()
  const form = { code: `PL-X-${++codes}`, period: periodOptions()[1], name: 'Operarios', type: '1' }
  for (const [key, value] of Object.entries(form)) data.append(key, value)
  data.append('file', new Blob([new Uint8Array(content)]), 'planilla.xlsx')
  const encoded = new Response(data)
  return t.call('rrhh', {
    method: 'POST',
    url: '/api/v1/payroll-batch',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  })
}

const SHEET = 'xl/worksheets/sheet1.xml'

describe('POST /payroll-batch: the header check', () => {
  it('answers 400 with a Spanish "dañado" message for a bit-flipped workbook, not 500', async () => {
    const file = Buffer.from(await payrollWorkbook([validRow(1)]))
    const sheet = readZipEntries(file).get(SHEET)!
    file[sheet.dataOffset] = 0xff // deflate block type 3 does not exist
    const res = await upload(file)
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([FILE_MESSAGES.damaged])
    expect(FILE_MESSAGES.damaged).toContain('dañado')
  })

  it("refuses a small zip that lies about its size with the worker's message, inflating a bounded amount", async () => {
    const cells = PAYROLL_TEMPLATE_HEADERS.map(
      (h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`,
    )
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
    // 400 MB of filler before the header row: the file answered 'La hoja está vacía'.
    const bomb = await bombPart(
      SHEET,
      head,
      400 * 1024 * 1024,
      `<row r="1">${cells.join('')}</row></sheetData></worksheet>`,
    )
    const file = rezip(unzipParts(await payrollWorkbook([validRow(1)])), {
      [SHEET]: { ...bomb, declaredSize: 4096 },
    })
    expect(file.length).toBeLessThan(2 * 1024 * 1024)
    const before = process.memoryUsage().rss
    const res = await Promise.all([upload(file), upload(file), upload(file)])
    const grown = process.memoryUsage().rss - before
    for (const r of res) expect(r.body.messages).toEqual([FILE_MESSAGES.bomb])
    // Three at once took the API from 590 MB to 1.8 GB; now each stops after one inflate chunk.
    expect(grown).toBeLessThan(100 * 1024 * 1024)
  }, 60_000)

  it('reads the header of files other writers make: x: prefixes, no r, another part name, a hidden first sheet', async () => {
    const file = producedWorkbook(
      [
        { name: 'Oculta', hidden: true, rows: [] },
        {
          name: 'Planilla',
          part: 'xl/worksheets/datos.xml',
          rows: [PAYROLL_TEMPLATE_HEADERS, [1, fixtureDni(1)]],
        },
      ],
      { prefix: 'x', noRefs: true, strings: 'shared' },
    )
    const res = await upload(file)
    expect(res.body.messages).not.toContain(FILE_MESSAGES.noSheet)
    expect(res.status).toBe(200)
  })

  it('refuses at once a workbook with data in more than one sheet, a hidden one too, naming them', async () => {
    const file = producedWorkbook([
      { name: 'Planilla', rows: [PAYROLL_TEMPLATE_HEADERS, [1, fixtureDni(1)]] },
      { name: 'Oculta', hidden: true, rows: [PAYROLL_TEMPLATE_HEADERS, [1, fixtureDni(2)]] },
    ])
    const res = await upload(file)
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([FILE_MESSAGES.severalSheets(['Planilla', 'Oculta'])])
  })

  it('names a blank row above the header instead of calling the sheet empty', async () => {
    const file = producedWorkbook([
      { name: 'Planilla', rows: [PAYROLL_TEMPLATE_HEADERS], blankRowsBefore: 2 },
    ])
    const res = await upload(file)
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([FILE_MESSAGES.headerRowAt(3)])
  })
})
