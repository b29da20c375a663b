import { payrollWorkbook, validRow } from './payroll-fixtures'
import { repeatedPart, rezip, unzipParts } from './zip-fixtures'

/** Workbooks built to exhaust a reader's memory, each a valid template on its first row. */

const SHEET = 'xl/worksheets/sheet1.xml'
const SHARED = 'xl/sharedStrings.xml'

/**
 * A payroll template whose second row holds one cell with `depth` nested elements (2,000,000 by
 * default: about 15 KB of zip). The header passes the upload check; only reading on finds them.
 */
export async function nestedXmlWorkbook(depth = 2_000_000): Promise<Buffer> {
  const parts = unzipParts(await payrollWorkbook([validRow(1)]))
  const sheet = parts.get(SHEET)!.toString()
  const cut = sheet.indexOf('</sheetData>')
  const head = `${sheet.slice(0, cut)}<row r="3"><c r="A3" t="inlineStr"><is>`
  // Past a real depth, opening tags only: a reader that keeps every open element dies before any
  // closing one; a shallow nest is closed, a well-formed cell.
  const closing = depth <= 1000 ? '</a>'.repeat(depth) : ''
  const tail = `<t>x</t>${closing}</is></c></row>${sheet.slice(cut)}`
  const nested = await repeatedPart(SHEET, head, '<a>', depth, tail)
  return rezip(parts, { [SHEET]: nested })
}

/**
 * A payroll template whose shared-string table holds `count` more one-letter strings than the
 * template uses (5,750,000 by default, the size of a 15 MB file), or `count` strings of
 * `length` characters.
 */
export async function sharedStringsWorkbook(count = 5_750_000, length = 1): Promise<Buffer> {
  const parts = unzipParts(await payrollWorkbook([validRow(1)]))
  const shared = parts.get(SHARED)!.toString()
  const cut = shared.lastIndexOf('</sst>')
  const filler = await repeatedPart(
    SHARED,
    shared.slice(0, cut),
    `<si><t>${'x'.repeat(length)}</t></si>`,
    count,
    shared.slice(cut),
  )
  return rezip(parts, { [SHARED]: filler })
}
