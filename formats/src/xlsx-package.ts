import { FILE_MESSAGES, headerProblems, paymentHeaderProblems } from '@planillas/domain'
import type { SaxesTagPlain } from 'saxes'
import {
  type CellFormats,
  readCellFormats,
  readFirstFilledRow,
  readSharedStrings,
  type SheetRow,
  sheetRowBatches,
} from './xlsx-sheet'
import {
  asFileError,
  type InflateStats,
  localName,
  partText,
  readXml,
  XLSX_LIMITS,
  XlsxFileError,
} from './xlsx-xml'
import { occurrenceCounter, readZipEntries, type ZipEntry, ZipError } from './xlsx-zip'

export type { SheetRow } from './xlsx-sheet'
export { XLSX_LIMITS, XlsxFileError } from './xlsx-xml'

/**
 * An .xlsx upload checked before any row is read (docs/architecture.md): a real ZIP with a workbook, and the
 * sheet to read found through the workbook's relationships. Parts are inflated under hard
 * ceilings counted in real bytes (zip bombs, lying sizes) and without DTDs (entity bombs).
 */
export type XlsxPackage = {
  zip: Buffer
  /** The sheet read, named in messages when the workbook has several. */
  sheetName: string
  sheetCount: number
  date1904: boolean
  parts: { workbook: ZipEntry; rels: ZipEntry; styles?: ZipEntry; sharedStrings?: ZipEntry; sheet: ZipEntry }
  /**
   * `<row>` elements in the sheet (header and blank rows included) when `openXlsx` was asked to
   * count them (an extra pass over the sheet); 0 otherwise.
   */
  rowElements: number
  /** Bytes inflated so far for this file, across parts and passes. */
  stats: InflateStats
}

export type OpenOptions = {
  /** Inflate the sheet once up front to count its rows (and meet a bomb early). Default true. */
  countRows?: boolean
}

const ZIP_MESSAGES: Record<ZipError['reason'], string> = {
  'not-zip': FILE_MESSAGES.notXlsx,
  ole: FILE_MESSAGES.oldFormat,
  damaged: FILE_MESSAGES.damaged,
  encrypted: FILE_MESSAGES.oldFormat,
  unsupported: FILE_MESSAGES.unsupported,
  'too-large': FILE_MESSAGES.bomb,
}

/** Opens and checks an .xlsx held in memory; throws `XlsxFileError` with the clerk's message. */
export async function openXlsx(zip: Buffer, options: OpenOptions = {}): Promise<XlsxPackage> {
  try {
    const pkg = await open(zip)
    if (options.countRows === false) return pkg
    const rows = occurrenceCounter(['<row ', '<row>', ':row ', ':row>'])
    for await (const text of partText(zip, pkg.parts.sheet, XLSX_LIMITS.sheetBytes, pkg.stats)) {
      rows.feed(Buffer.from(text, 'latin1'))
    }
    return { ...pkg, rowElements: rows.count }
  } catch (error) {
    if (error instanceof ZipError) throw new XlsxFileError(ZIP_MESSAGES[error.reason])
    throw asFileError(error)
  }
}

type SheetEntry = { name: string; hidden: boolean; entry: ZipEntry }

async function open(zip: Buffer): Promise<XlsxPackage> {
  const entries = readZipEntries(zip)
  const workbook = entries.get('xl/workbook.xml')
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (!workbook || !rels || !entries.has('[Content_Types].xml')) {
    throw new XlsxFileError(otherFormat(zip, entries) ?? FILE_MESSAGES.noWorkbook)
  }
  const stats: InflateStats = { inflatedBytes: 0 }
  for (const [name, entry] of [
    ['workbook', workbook],
    ['rels', rels],
  ] as const) {
    if (entry.uncompressedSize > limitOf(name)) throw new XlsxFileError(FILE_MESSAGES.bomb)
  }
  const { sheets: listed, date1904 } = await readWorkbook(zip, workbook, stats)
  const relations = await parseSmallPart(zip, rels, 'Relationship', stats)
  const sheets: SheetEntry[] = []
  for (const sheet of listed) {
    const relationId = sheet['r:id'] ?? Object.entries(sheet).find(([k]) => k.endsWith(':id'))?.[1]
    const relation = relations.find((r) => r.Id === relationId)
    // Any part name: LibreOffice and others do not always call it sheet1.xml.
    const entry = relation ? entries.get(partPath(relation.Target)) : undefined
    if (entry)
      sheets.push({ name: sheet.name ?? '', hidden: !!sheet.state && sheet.state !== 'visible', entry })
  }
  if (!sheets.length) throw new XlsxFileError(FILE_MESSAGES.noSheet)

  // Found through the relationships like the sheets (writers differ in names and letter case).
  const related = (type: string, fallback: string) => {
    const relation = relations.find((r) => r.Type?.endsWith(`/${type}`))
    return (relation && entries.get(partPath(relation.Target))) || entries.get(fallback)
  }
  const styles = related('styles', 'xl/styles.xml')
  const sharedStrings = related('sharedStrings', 'xl/sharedStrings.xml')
  for (const [name, entry] of Object.entries({ styles, sharedStrings })) {
    if (entry && entry.uncompressedSize > limitOf(name)) throw new XlsxFileError(FILE_MESSAGES.bomb)
  }
  const base = { zip, sheetCount: sheets.length, date1904, rowElements: 0, stats }
  const parts = { workbook, rels, styles, sharedStrings }
  const chosen = await chooseSheet(
    { ...base, sheetName: '', parts: { ...parts, sheet: sheets[0].entry } },
    sheets,
  )
  if (chosen.entry.uncompressedSize > XLSX_LIMITS.sheetBytes) throw new XlsxFileError(FILE_MESSAGES.bomb)
  return { ...base, sheetName: chosen.name, parts: { ...parts, sheet: chosen.entry } }
}

/**
 * The sheet to read: the first visible one whose first filled row is a template's header (a
 * hidden first sheet, or a sheet added before the data, is passed over); without one, the first
 * visible sheet (its header then gets the messages), and the first sheet when all are hidden.
 */
async function chooseSheet(pkg: XlsxPackage, sheets: SheetEntry[]): Promise<SheetEntry> {
  const visible = sheets.filter((s) => !s.hidden)
  if (visible.length === 0) return sheets[0]
  if (sheets.length === 1) return visible[0]
  const formats = await readCellFormats(pkg.zip, pkg.parts.styles, pkg.stats)
  for (const sheet of visible) {
    if (sheet.entry.uncompressedSize > XLSX_LIMITS.sheetBytes) continue
    const first = await firstRowOf({ ...pkg, parts: { ...pkg.parts, sheet: sheet.entry } }, formats)
    if (
      first &&
      (headerProblems(first.cells).length === 0 || paymentHeaderProblems(first.cells).length === 0)
    )
      return sheet
  }
  return visible[0]
}

/**
 * What a zip that is no .xlsx is, when it is a known spreadsheet format: each its own message.
 */
function otherFormat(zip: Buffer, entries: Map<string, ZipEntry>): string | null {
  if (entries.has('xl/workbook.bin')) return FILE_MESSAGES.xlsb
  const mimetype = entries.get('mimetype')
  if (mimetype && mimetype.method === 0) {
    const type = zip
      .subarray(mimetype.dataOffset, mimetype.dataOffset + mimetype.compressedSize)
      .toString('latin1')
    if (type.startsWith('application/vnd.oasis.opendocument.spreadsheet')) return FILE_MESSAGES.ods
  }
  if (entries.has('content.xml') && mimetype) return FILE_MESSAGES.ods
  if (entries.has('word/document.xml') || entries.has('ppt/presentation.xml')) return FILE_MESSAGES.notXlsx
  return null
}

async function readWorkbook(zip: Buffer, workbook: ZipEntry, stats: InflateStats) {
  const sheets: Record<string, string>[] = []
  let date1904 = false
  await readXml(zip, workbook, XLSX_LIMITS.smallPartBytes, stats, (parser) => {
    parser.on('opentag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 'sheet') sheets.push(node.attributes)
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(node.attributes.date1904 ?? '')
    })
    return undefined
  })
  return { sheets, date1904 }
}

const limitOf = (part: string) =>
  part === 'sheet'
    ? XLSX_LIMITS.sheetBytes
    : part === 'sharedStrings'
      ? XLSX_LIMITS.sharedStringsBytes
      : XLSX_LIMITS.smallPartBytes

/** `worksheets/sheet1.xml` or `/xl/worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
  const parts: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.') parts.push(segment)
  }
  return parts.join('/')
}

/** The attributes of every `<tag>` of a small XML part (relationships). */
async function parseSmallPart(
  zip: Buffer,
  entry: ZipEntry,
  tag: string,
  stats: InflateStats,
): Promise<Record<string, string>[]> {
  const found: Record<string, string>[] = []
  await readXml(zip, entry, XLSX_LIMITS.smallPartBytes, stats, (parser) => {
    parser.on('opentag', (node: SaxesTagPlain) => {
      if (localName(node.name) === tag) found.push(node.attributes)
    })
    return undefined
  })
  return found
}

function firstRowOf(pkg: XlsxPackage, formats: CellFormats) {
  return readFirstFilledRow(
    { zip: pkg.zip, entry: pkg.parts.sheet, stats: pkg.stats, formats, date1904: pkg.date1904 },
    pkg.parts.sharedStrings,
  )
}

/**
 * The first row of the sheet that holds a value, as text (shared strings resolved), read only as
 * far as that row; its number tells whether blank rows came before it. Null when no row has one.
 */
export async function readFirstRowAt(pkg: XlsxPackage): Promise<{ number: number; cells: string[] } | null> {
  try {
    return await firstRowOf(pkg, await readCellFormats(pkg.zip, pkg.parts.styles, pkg.stats))
  } catch (error) {
    throw asFileError(error)
  }
}

/** The header row when it is row 1; null when the sheet is empty or its first filled row is not 1. */
export async function readFirstRow(pkg: XlsxPackage): Promise<string[] | null> {
  const first = await readFirstRowAt(pkg)
  return first && first.number === 1 ? first.cells : null
}

/**
 * Every row of the package's sheet, in batches (the rows of one inflated chunk), shared strings
 * and number formats read first. `onProgress` gets the fraction of the sheet read so far.
 * Throws `XlsxFileError` with the clerk's message.
 */
export async function* readSheetRowBatches(
  pkg: XlsxPackage,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<SheetRow[]> {
  try {
    const formats = await readCellFormats(pkg.zip, pkg.parts.styles, pkg.stats)
    const shared = await readSharedStrings(pkg.zip, pkg.parts.sharedStrings, pkg.stats)
    yield* sheetRowBatches(
      { zip: pkg.zip, entry: pkg.parts.sheet, stats: pkg.stats, shared, formats, date1904: pkg.date1904 },
      onProgress,
    ) as AsyncGenerator<SheetRow[]>
  } catch (error) {
    throw asFileError(error)
  }
}
