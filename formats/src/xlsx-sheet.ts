import { cellAsText, FILE_MESSAGES, type SheetCell } from '@planillas/domain'
import type { SaxesTagPlain } from 'saxes'
import SSF from 'ssf'
import {
  closeXml,
  type InflateStats,
  localName,
  partText,
  readXml,
  writeXml,
  XLSX_LIMITS,
  XlsxFileError,
  xmlParser,
} from './xlsx-xml'
import type { ZipEntry } from './xlsx-zip'
import { type FastTag, FastXmlGaveUp, fastXmlParser, type XmlTokenizer } from './xml-fast'

/**
 * Our own streaming reader of a worksheet part (saxes, as exceljs uses underneath), because
 * exceljs' reader stores wrong values with no message for files other writers make: an inline
 * rich-text string keeps only its last run, `x:`-prefixed elements and cells without `r` are
 * not read, and a number's format (the only proof that no leading zero was lost) is not given.
 * Every cell comes out as the reader saw it (`SheetCell`), numbers with their format code.
 */
export type SheetRow = {
  number: number
  cells: SheetCell[]
  /** Hidden in the sheet (`hidden="1"`, a filter or a collapsed group, or zero height): the clerk does not see it. */
  hidden?: true
}

/** Per cell style (`s` index): the number format code, and whether it shows a date. */
export type CellFormats = { codes: (string | undefined)[]; dates: boolean[] }

export type SheetSource = {
  zip: Buffer
  entry: ZipEntry
  stats: InflateStats
  /** The shared-string table; null to leave shared cells unresolved (see `sharedRefs`). */
  shared: readonly string[] | null
  formats: CellFormats
  date1904: boolean
}

/** A row whose shared strings were left unresolved: which cells point where. */
export type PendingRow = SheetRow & { sharedRefs: { column: number; index: number }[] }

const EMPTY: SheetCell = { kind: 'empty' }
/** Excel's last column (XFD). */
const MAX_COLUMNS = 16_384

const BUILTIN_FORMATS: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  48: '##0.0E+0',
  49: '@',
}
const isBuiltinDate = (id: number) =>
  (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58)

/** A format code that shows a date or a time (quoted text, escapes and [..] sections aside). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[[^\]]*\]/g, '')
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim())
}

/** The cell formats of `xl/styles.xml` (numFmts and cellXfs). */
export async function readCellFormats(
  zip: Buffer,
  entry: ZipEntry | undefined,
  stats: InflateStats,
): Promise<CellFormats> {
  const formats: CellFormats = { codes: [], dates: [] }
  if (!entry) return formats
  const custom = new Map<number, string>()
  const xfFormats: number[] = []
  await readXml(zip, entry, XLSX_LIMITS.smallPartBytes, stats, (parser) => {
    let inCellXfs = false
    parser.on('opentag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 'numFmt') custom.set(Number(node.attributes.numFmtId), node.attributes.formatCode ?? '')
      else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(node.attributes.numFmtId ?? 0))
    })
    parser.on('closetag', (node: SaxesTagPlain) => {
      if (localName(node.name) === 'cellXfs') inCellXfs = false
    })
    return undefined
  })
  for (const id of xfFormats) {
    const code = custom.get(id) ?? BUILTIN_FORMATS[id]
    formats.codes.push(code && !/^general$/i.test(code) ? code : undefined)
    formats.dates.push(custom.has(id) ? isDateFormat(code ?? '') : isBuiltinDate(id))
  }
  return formats
}

/** `_x000D_` is how Excel writes a character XML cannot hold. */
const unescapeExcel = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    : text

/** Shared strings 0..upTo: every rich-text run joined, phonetic runs left out. */
export async function readSharedStrings(
  zip: Buffer,
  entry: ZipEntry | undefined,
  stats: InflateStats,
  upTo = Number.POSITIVE_INFINITY,
): Promise<string[]> {
  const strings: string[] = []
  if (upTo < 0 || !entry) return strings
  let chars = 0
  await readXml(zip, entry, XLSX_LIMITS.sharedStringsBytes, stats, (parser) => {
    let current: string | null = null
    let inPhonetic = false
    let capturing = false
    const onText = (text: string) => {
      if (!capturing) return
      // Counted as it comes: one string of many runs is bounded as well as many strings.
      chars += text.length
      if (chars > XLSX_LIMITS.sharedStringChars)
        throw new XlsxFileError(FILE_MESSAGES.textsTooLong(XLSX_LIMITS.sharedStringChars))
      current += text
    }
    parser.on('opentag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 'si') current = ''
      else if (name === 'rPh') inPhonetic = true
      else if (name === 't' && current !== null && !inPhonetic) capturing = true
    })
    parser.on('text', onText)
    parser.on('cdata', onText)
    parser.on('closetag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 't') capturing = false
      else if (name === 'rPh') inPhonetic = false
      else if (name === 'si' && current !== null) {
        // Bounded before it is kept: filler strings would grow the worker, not the data.
        if (strings.length >= XLSX_LIMITS.sharedStrings)
          throw new XlsxFileError(FILE_MESSAGES.tooManyTexts(XLSX_LIMITS.sharedStrings))
        // A flat copy: a long slice would keep the whole decoded chunk alive.
        strings.push(unescapeExcel(current.length < 13 ? current : ` ${current}`.slice(1)))
        current = null
      }
    })
    return () => strings.length > upTo
  })
  return strings
}

/** 0-based column of a cell reference (`C7`, `$C$7`, `c`) → 2; null when it is not one. */
export function columnOf(ref: string): number | null {
  // By character codes, not a pattern: it runs for every cell of a 100,000-row sheet.
  let i = ref.charCodeAt(0) === 0x24 ? 1 : 0
  const lettersFrom = i
  let n = 0
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~0x20 // upper case; leaves no non-letter in A-Z
    if (code < 0x41 || code > 0x5a) break
    n = n * 26 + (code - 64)
  }
  if (i - lettersFrom < 1 || i - lettersFrom > 3) return null
  if (ref.charCodeAt(i) === 0x24) i++
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i)
    if (code < 0x30 || code > 0x39) return null
  }
  return n - 1
}

type OpenCell = {
  column: number
  type: string
  style: number
  value: string | null
  formula: string | null
  inline: string | null
}

/**
 * A number as its format shows it (SheetJS's formatter, which follows ECMA-376's format codes as
 * Excel renders them), for the rules that compare it with the stored value; null when the format
 * cannot be rendered.
 */
function shownText(format: string, value: number): string | null {
  try {
    return SSF.format(format, value)
  } catch {
    return null
  }
}

/** Excel's day 0 (1899-12-30 in the 1900 system), in milliseconds from 1970. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)
const DAY_MS = 86_400_000

function serialToDate(serial: number, date1904: boolean): string {
  const ms = EXCEL_EPOCH_MS + (serial + (date1904 ? 1462 : 0)) * DAY_MS
  const date = new Date(Math.round(ms))
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10)
}

/**
 * A parser for one sheet: feed it text with `write`, take the finished rows with `take`. Kept
 * apart from the streaming so that the header check and the worker read cells the same way.
 */
export function sheetParser(
  source: Omit<SheetSource, 'zip' | 'entry' | 'stats'>,
  tokenizer: 'saxes' | 'fast' = 'saxes',
) {
  const parser: XmlTokenizer = tokenizer === 'fast' ? fastXmlParser(XLSX_LIMITS.depth) : xmlParser()
  const { shared, formats, date1904 } = source
  let finished: (SheetRow | PendingRow)[] = []
  let inSheetData = false
  let row: PendingRow | null = null
  let lastRow = 0
  let lastColumn = -1
  let cell: OpenCell | null = null
  let capture: 'value' | 'formula' | 'inline' | null = null
  let inPhonetic = false

  const finishCell = (c: OpenCell): SheetCell => {
    if (c.formula !== null) return { kind: 'formula', text: `=${c.formula}` }
    const raw = c.value
    switch (c.type) {
      case 's': {
        if (raw === null || raw.trim() === '') return EMPTY
        const index = Number(raw)
        if (!Number.isInteger(index) || index < 0) throw new XlsxFileError(FILE_MESSAGES.unreadable)
        if (shared === null) {
          row?.sharedRefs.push({ column: c.column, index })
          return EMPTY
        }
        const text = shared[index]
        // A string the file does not hold: never read it as an empty cell (an optional CCI would vanish).
        if (text === undefined) throw new XlsxFileError(FILE_MESSAGES.unreadable)
        return text === '' ? EMPTY : { kind: 'text', text }
      }
      case 'inlineStr':
      case 'str': {
        const text = unescapeExcel(c.inline ?? raw ?? '')
        return text === '' ? EMPTY : { kind: 'text', text }
      }
      case 'b':
        return raw === null || raw.trim() === '' ? EMPTY : { kind: 'boolean', value: raw.trim() !== '0' }
      case 'e':
        return { kind: 'error', text: raw ?? '' }
      case 'd': {
        if (raw === null || raw.trim() === '') return EMPTY
        const text = /^\d{4}-\d{2}-\d{2}/.exec(raw.trim())?.[0] ?? ''
        return { kind: 'date', text }
      }
      default: {
        if (raw === null || raw.trim() === '') return EMPTY
        const value = Number(raw)
        if (!Number.isFinite(value)) return { kind: 'error', text: raw }
        if (formats.dates[c.style]) return { kind: 'date', text: serialToDate(value, date1904) }
        const format = formats.codes[c.style]
        return format
          ? { kind: 'number', value, format, shown: shownText(format, value) }
          : { kind: 'number', value }
      }
    }
  }

  const onText = (text: string) => {
    if (!cell || capture === null) return
    if (capture === 'value') cell.value = (cell.value ?? '') + text
    else if (capture === 'formula') cell.formula = (cell.formula ?? '') + text
    else if (!inPhonetic) cell.inline = (cell.inline ?? '') + text
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('opentag', (node: FastTag) => {
    const name = localName(node.name)
    if (name === 'sheetData') inSheetData = true
    else if (!inSheetData) return
    else if (name === 'row') {
      const r = node.attributes.r
      const number = r === undefined ? lastRow + 1 : Number(r)
      if (!Number.isInteger(number) || number < 1) throw new XlsxFileError(FILE_MESSAGES.unreadable)
      row = { number, cells: [], sharedRefs: [] }
      const { hidden, ht } = node.attributes
      if (hidden === '1' || hidden === 'true' || (ht !== undefined && Number(ht) === 0)) row.hidden = true
      lastColumn = -1
    } else if (name === 'c' && row) {
      const r = node.attributes.r
      const column = r === undefined ? lastColumn + 1 : columnOf(r)
      if (column === null || column >= MAX_COLUMNS) throw new XlsxFileError(FILE_MESSAGES.unreadable)
      const style = Number(node.attributes.s ?? 0)
      cell = {
        column,
        type: node.attributes.t ?? 'n',
        style: Number.isInteger(style) ? style : 0,
        value: null,
        formula: null,
        inline: null,
      }
    } else if (!cell) return
    else if (name === 'v') capture = 'value'
    else if (name === 'f') {
      capture = 'formula'
      cell.formula ??= ''
    } else if (name === 'is') cell.inline ??= ''
    else if (name === 't') capture = 'inline'
    else if (name === 'rPh') inPhonetic = true
  })
  parser.on('closetag', (node: FastTag) => {
    const name = localName(node.name)
    if (name === 'v' || name === 'f' || name === 't') capture = null
    else if (name === 'rPh') inPhonetic = false
    else if (name === 'c' && cell && row) {
      row.cells[cell.column] = finishCell(cell)
      lastColumn = cell.column
      cell = null
    } else if (name === 'row' && row) {
      const cells = row.cells
      for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = EMPTY
      finished.push(
        row.sharedRefs.length
          ? row
          : row.hidden
            ? { number: row.number, cells, hidden: true }
            : { number: row.number, cells },
      )
      lastRow = row.number
      row = null
    } else if (name === 'sheetData') inSheetData = false
  })
  return {
    write: (text: string) => writeXml(parser, text),
    close: () => closeXml(parser),
    take() {
      const rows = finished
      finished = []
      return rows
    },
  }
}

/**
 * The rows of a sheet in batches (the rows of one inflated chunk: one await per batch, not per
 * row). `onProgress` gets the fraction of the sheet's compressed bytes read so far.
 */
export async function* sheetRowBatches(
  source: SheetSource,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<(SheetRow | PendingRow)[]> {
  const { zip, entry, stats } = source
  // A second reading reports no fraction below what the first one did.
  let reported = 0
  const onFed = onProgress
    ? (fed: number) => {
        reported = Math.max(reported, fed / Math.max(1, entry.compressedSize))
        onProgress(reported)
      }
    : undefined
  let given = 0
  try {
    for await (const rows of tokenRows('fast')) {
      given += rows.length
      yield rows
    }
    return
  } catch (error) {
    if (!(error instanceof FastXmlGaveUp)) throw error
  }
  // Outside the fast tokenizer's plain XML: saxes reads the part from its start, and the rows the
  // fast reading already gave (the same rows, by xml-fast.ts's promise) are not given again.
  for await (const rows of tokenRows('saxes')) {
    const skipped = Math.min(given, rows.length)
    given -= skipped
    if (rows.length > skipped) yield skipped ? rows.slice(skipped) : rows
  }

  async function* tokenRows(tokenizer: 'saxes' | 'fast') {
    const parser = sheetParser(source, tokenizer)
    for await (const text of partText(zip, entry, XLSX_LIMITS.sheetBytes, stats, onFed)) {
      parser.write(text)
      const rows = parser.take()
      if (rows.length) yield rows
    }
    parser.close()
    const rows = parser.take()
    if (rows.length) yield rows
  }
}

/** A row with no value in any cell (blank styled rows are common). */
const isBlank = (row: SheetRow | PendingRow) =>
  !('sharedRefs' in row && row.sharedRefs.length) &&
  row.cells.every((c) => c.kind === 'empty' || (c.kind === 'text' && !c.text.trim()))

/**
 * The sheet's first row that holds a value, as text, read only that far: shared strings are
 * looked up afterwards, only as far as that row needs. Null when no row holds a value.
 */
export async function readFirstFilledRow(
  source: Omit<SheetSource, 'shared'>,
  sharedEntry: ZipEntry | undefined,
): Promise<{ number: number; cells: string[] } | null> {
  let found: SheetRow | PendingRow | null = null
  reading: for await (const batch of sheetRowBatches({ ...source, shared: null })) {
    for (const row of batch) {
      if (!isBlank(row)) {
        found = row
        break reading
      }
    }
  }
  if (!found) return null
  const refs = 'sharedRefs' in found ? found.sharedRefs : []
  const upTo = refs.length ? Math.max(...refs.map((r) => r.index)) : -1
  const shared = await readSharedStrings(source.zip, sharedEntry, source.stats, upTo)
  const cells = found.cells.map(cellAsText)
  for (const { column, index } of refs) {
    const text = shared[index]
    if (text === undefined) throw new XlsxFileError(FILE_MESSAGES.unreadable)
    cells[column] = text
  }
  return { number: found.number, cells }
}
