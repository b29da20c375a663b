import { columnLetter } from '@planillas/domain'
import { buildZip, deflatedPart } from './zip-fixtures'

/**
 * Workbooks shaped as the spreadsheet programs clerks use write them (Excel, LibreOffice,
 * gnumeric, SheetJS, the .NET Open XML SDK…), generated in the test so that CI needs none of
 * those programs. Each knob is one thing a real producer does differently.
 */
export type ProducedCell =
  | null
  | string
  | number
  | boolean
  | { shared: string }
  | { inline: string }
  /** An inline rich-text string: several `<r>` runs (e.g. the first digits in bold). */
  | { runs: string[] }
  /** A shared rich-text string. */
  | { sharedRuns: string[] }
  /** A formula string result (`t="str"`), as SheetJS writes plain text too. */
  | { str: string }
  | { number: number; format: string }
  | { date: string }
  | { isoDate: string }
  | { formula: string; cached: number }
  | { error: string }

export type ProducedSheet = {
  name: string
  rows: ProducedCell[][]
  hidden?: boolean
  /** The part's name; Excel says sheet1.xml, others need not. */
  part?: string
  /** Blank rows written before the first row (LibreOffice keeps styled empty rows). */
  blankRowsBefore?: number
  /** Styled empty rows after the data (a format dragged down the sheet). */
  blankRowsAfter?: number
}

export type ProducerOptions = {
  /** Element prefix (`x:`) as the Open XML SDK writes. */
  prefix?: string
  /** Leave out `r` on rows and cells (allowed by the format, done by some writers). */
  noRefs?: boolean
  /** Strings: shared (Excel, LibreOffice), inline (streaming writers) or `t="str"` (SheetJS). */
  strings?: 'shared' | 'inline' | 'str'
  date1904?: boolean
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Builds the .xlsx. Number formats get styles 1.. in order of first use; dates use style 'date'. */
export function producedWorkbook(sheets: ProducedSheet[], options: ProducerOptions = {}): Buffer {
  const p = options.prefix ? `${options.prefix}:` : ''
  const ns = options.prefix ? `xmlns:${options.prefix}="${MAIN}"` : `xmlns="${MAIN}"`
  const shared: string[] = []
  const sharedIndex = (xml: string) => {
    const at = shared.indexOf(xml)
    return at === -1 ? shared.push(xml) - 1 : at
  }
  const formats: string[] = ['yyyy-mm-dd']
  const styleOf = (format: string) => {
    let at = formats.indexOf(format)
    if (at === -1) at = formats.push(format) - 1
    return at + 1
  }
  const strings = options.strings ?? 'shared'

  const cellXml = (cell: ProducedCell, ref: string): string => {
    const r = options.noRefs ? '' : ` r="${ref}"`
    // Without references every cell must be there, an empty one as <c/>, to keep its place.
    if (cell === null) return options.noRefs ? `<${p}c/>` : ''
    if (typeof cell === 'string') {
      if (strings === 'shared')
        return `<${p}c${r} t="s"><${p}v>${sharedIndex(`<${p}t>${esc(cell)}</${p}t>`)}</${p}v></${p}c>`
      if (strings === 'str') return `<${p}c${r} t="str"><${p}v>${esc(cell)}</${p}v></${p}c>`
      return `<${p}c${r} t="inlineStr"><${p}is><${p}t>${esc(cell)}</${p}t></${p}is></${p}c>`
    }
    if (typeof cell === 'number') return `<${p}c${r}><${p}v>${cell}</${p}v></${p}c>`
    if (typeof cell === 'boolean') return `<${p}c${r} t="b"><${p}v>${cell ? 1 : 0}</${p}v></${p}c>`
    if ('shared' in cell)
      return `<${p}c${r} t="s"><${p}v>${sharedIndex(`<${p}t xml:space="preserve">${esc(cell.shared)}</${p}t>`)}</${p}v></${p}c>`
    if ('inline' in cell)
      return `<${p}c${r} t="inlineStr"><${p}is><${p}t>${esc(cell.inline)}</${p}t></${p}is></${p}c>`
    if ('runs' in cell) return `<${p}c${r} t="inlineStr"><${p}is>${runsXml(cell.runs, p)}</${p}is></${p}c>`
    if ('sharedRuns' in cell)
      return `<${p}c${r} t="s"><${p}v>${sharedIndex(runsXml(cell.sharedRuns, p))}</${p}v></${p}c>`
    if ('str' in cell) return `<${p}c${r} t="str"><${p}v>${esc(cell.str)}</${p}v></${p}c>`
    if ('format' in cell)
      return `<${p}c${r} s="${styleOf(cell.format)}"><${p}v>${cell.number}</${p}v></${p}c>`
    if ('date' in cell) {
      const serial = (Date.parse(`${cell.date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000
      return `<${p}c${r} s="1"><${p}v>${serial - (options.date1904 ? 1462 : 0)}</${p}v></${p}c>`
    }
    if ('isoDate' in cell) return `<${p}c${r} t="d"><${p}v>${cell.isoDate}</${p}v></${p}c>`
    if ('formula' in cell)
      return `<${p}c${r}><${p}f>${esc(cell.formula)}</${p}f><${p}v>${cell.cached}</${p}v></${p}c>`
    return `<${p}c${r} t="e"><${p}v>${esc(cell.error)}</${p}v></${p}c>`
  }

  const sheetXml = (sheet: ProducedSheet) => {
    const rows: string[] = []
    let number = 0
    for (let i = 0; i < (sheet.blankRowsBefore ?? 0); i++) {
      number++
      rows.push(`<${p}row${options.noRefs ? '' : ` r="${number}"`} s="1" customFormat="1"/>`)
    }
    for (const cells of sheet.rows) {
      number++
      const xml = cells.map((c, i) => cellXml(c, `${columnLetter(i)}${number}`)).join('')
      rows.push(`<${p}row${options.noRefs ? '' : ` r="${number}"`}>${xml}</${p}row>`)
    }
    for (let i = 0; i < (sheet.blankRowsAfter ?? 0); i++) {
      number++
      rows.push(`<${p}row${options.noRefs ? '' : ` r="${number}"`} s="1" customFormat="1"/>`)
    }
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}worksheet ${ns} xmlns:r="${REL}"><${p}sheetData>${rows.join('')}</${p}sheetData></${p}worksheet>`
  }

  const parts = sheets.map((s, i) => ({
    sheet: s,
    path: s.part ?? `xl/worksheets/sheet${i + 1}.xml`,
    xml: sheetXml(s),
  }))
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}workbook ${ns} xmlns:r="${REL}"><${p}workbookPr${options.date1904 ? ' date1904="1"' : ''}/><${p}sheets>${parts
    .map(
      (s, i) =>
        `<${p}sheet name="${esc(s.sheet.name)}" sheetId="${i + 1}"${s.sheet.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`,
    )
    .join('')}</${p}sheets></${p}workbook>`
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${parts
    .map(
      (s, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${s.path.replace(/^xl\//, '')}"/>`,
    )
    .join(
      '',
    )}<Relationship Id="rIdS" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}styleSheet ${ns}><${p}numFmts count="${formats.length}">${formats
    .map((f, i) => `<${p}numFmt numFmtId="${164 + i}" formatCode="${esc(f)}"/>`)
    .join('')}</${p}numFmts><${p}cellXfs count="${formats.length + 1}"><${p}xf numFmtId="0"/>${formats
    .map((_, i) => `<${p}xf numFmtId="${164 + i}" applyNumberFormat="1"/>`)
    .join('')}</${p}cellXfs></${p}styleSheet>`
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${p}sst ${ns} count="${shared.length}" uniqueCount="${shared.length}">${shared
    .map((s) => `<${p}si>${s}</${p}si>`)
    .join('')}</${p}sst>`
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml'
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/>${parts
    .map((s) => `<Override PartName="/${s.path}" ContentType="${ct}.worksheet+xml"/>`)
    .join('')}</Types>`
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`
  return buildZip([
    deflatedPart('[Content_Types].xml', types),
    deflatedPart('_rels/.rels', rootRels),
    deflatedPart('xl/workbook.xml', workbook),
    deflatedPart('xl/_rels/workbook.xml.rels', rels),
    deflatedPart('xl/styles.xml', styles),
    deflatedPart('xl/sharedStrings.xml', sst),
    ...parts.map((s) => deflatedPart(s.path, s.xml)),
  ])
}

function runsXml(runs: string[], p: string) {
  return runs
    .map(
      (text, i) =>
        `<${p}r>${i === 0 ? `<${p}rPr><${p}b/></${p}rPr>` : ''}<${p}t xml:space="preserve">${esc(text)}</${p}t></${p}r>`,
    )
    .join('')
}
