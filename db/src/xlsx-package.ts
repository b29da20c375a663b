import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { crc32 } from 'node:zlib'
import { FILE_MESSAGES } from '@planillas/domain'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import {
  inflateChunks,
  inflateEntry,
  occurrenceCounter,
  readZipEntries,
  type ZipEntry,
  ZipError,
} from './xlsx-zip'

/**
 * An .xlsx upload checked before any spreadsheet library sees it (DESIGN §6): a real ZIP with a
 * workbook and its first sheet found through the workbook's relationships. The parts are then
 * inflated exactly once, by `rowReaderInput`, under hard ceilings counted in real bytes (zip
 * bombs) and without DTDs (entity bombs), as exceljs reads them.
 */
export type XlsxPackage = {
  zip: Buffer
  sheetName: string
  /** The parts the row reader needs, in the order it needs them. */
  parts: { workbook: ZipEntry; rels: ZipEntry; styles?: ZipEntry; sharedStrings?: ZipEntry; sheet: ZipEntry }
  /**
   * `<row>` elements in the sheet (header and blank rows included) when `openXlsx` was asked to
   * count them (an extra pass over the sheet); 0 otherwise.
   */
  rowElements: number
}

export type OpenOptions = {
  /** Inflate the sheet once up front to count its rows (and meet a bomb early). Default true. */
  countRows?: boolean
}

/** Why a file cannot be read, in Spanish, for the clerk. */
export class XlsxFileError extends Error {}

export const XLSX_LIMITS = {
  /** A 200,000-row sheet with long inline texts stays well under this. */
  sheetBytes: 512 * 1024 * 1024,
  sharedStringsBytes: 128 * 1024 * 1024,
  smallPartBytes: 16 * 1024 * 1024,
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
    const rows = occurrenceCounter(['<row ', '<row>'])
    const doctype = occurrenceCounter([DOCTYPE])
    await inflateEntry(zip, pkg.parts.sheet, XLSX_LIMITS.sheetBytes, (chunk) => {
      rows.feed(chunk)
      doctype.feed(chunk)
    })
    if (doctype.count) throw new XlsxFileError(FILE_MESSAGES.doctype)
    return { ...pkg, rowElements: rows.count }
  } catch (error) {
    if (error instanceof ZipError) throw new XlsxFileError(ZIP_MESSAGES[error.reason])
    throw error
  }
}

async function open(zip: Buffer): Promise<XlsxPackage> {
  const entries = readZipEntries(zip)
  const workbook = entries.get('xl/workbook.xml')
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (!entries.has('[Content_Types].xml') || !workbook || !rels)
    throw new XlsxFileError(FILE_MESSAGES.noWorkbook)

  const firstSheet = (await parseSmallPart(zip, workbook, 'sheet'))[0]
  if (!firstSheet) throw new XlsxFileError(FILE_MESSAGES.noSheet)
  const relationId = firstSheet['r:id'] ?? Object.entries(firstSheet).find(([k]) => k.endsWith(':id'))?.[1]
  const relation = (await parseSmallPart(zip, rels, 'Relationship')).find((r) => r.Id === relationId)
  const sheetPath = relation ? partPath(relation.Target) : ''
  const sheet = entries.get(sheetPath)
  // The row reader only knows sheets stored as xl/worksheets/sheetN.xml, as every writer does.
  if (!sheet || !/^xl\/worksheets\/sheet\d+\.xml$/.test(sheetPath))
    throw new XlsxFileError(FILE_MESSAGES.noSheet)

  const parts = {
    workbook,
    rels,
    styles: entries.get('xl/styles.xml'),
    sharedStrings: entries.get('xl/sharedStrings.xml'),
    sheet,
  }
  // An honest bomb is refused here at once; a lying one when its bytes are counted.
  for (const [name, entry] of Object.entries(parts)) {
    if (entry && entry.uncompressedSize > limitOf(name)) throw new XlsxFileError(FILE_MESSAGES.bomb)
  }
  return { zip, sheetName: firstSheet.name ?? '', parts, rowElements: 0 }
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

const DOCTYPE = '<!DOCTYPE'

/** The attributes of every `<tag>` of a small XML part (workbook, relationships). */
async function parseSmallPart(zip: Buffer, entry: ZipEntry, tag: string): Promise<Record<string, string>[]> {
  const found: Record<string, string>[] = []
  await readXml(zip, entry, XLSX_LIMITS.smallPartBytes, (parser) => {
    parser.on('opentag', (node: SaxesTagPlain) => {
      if (localName(node.name) === tag) found.push(node.attributes)
    })
    return undefined
  })
  return found
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Streams a part through a SAX parser. `setup` registers handlers and may return a function that
 * says when to stop early. DTDs are refused before the parser sees them.
 */
async function readXml(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  setup: (parser: SaxesParser) => (() => boolean) | undefined,
): Promise<void> {
  const parser = new SaxesParser()
  const done = setup(parser)
  const decoder = new StringDecoder('utf8')
  const doctype = occurrenceCounter([DOCTYPE])
  try {
    await inflateEntry(zip, entry, maxBytes, (chunk) => {
      doctype.feed(chunk)
      if (doctype.count) throw new XlsxFileError(FILE_MESSAGES.doctype)
      parser.write(decoder.write(chunk))
      return done ? !done() : undefined
    })
    if (!done?.()) parser.write(decoder.end()).close()
  } catch (error) {
    if (error instanceof XlsxFileError || error instanceof ZipError) throw error
    throw new XlsxFileError(FILE_MESSAGES.unreadable)
  }
}

/**
 * The first row of the sheet as text (cells by column, shared strings resolved), reading only
 * as far as that row. Null when the sheet has no row or its first row is not row 1.
 */
export async function readFirstRow(pkg: XlsxPackage): Promise<string[] | null> {
  const first = await readFirstRowAt(pkg)
  return first && first.number === 1 ? first.cells : null
}

/** The sheet's first `<row>` element, whatever its number; null when the sheet has none. */
export async function readFirstRowAt(pkg: XlsxPackage): Promise<{ number: number; cells: string[] } | null> {
  type RawCell = { column: number; type: string; text: string }
  const cells: RawCell[] = []
  let rowNumber: number | null = null
  let finished = false
  await readXml(pkg.zip, pkg.parts.sheet, XLSX_LIMITS.sheetBytes, (parser) => {
    let cell: RawCell | null = null
    let capturing = false
    parser.on('opentag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (finished) return
      if (name === 'row' && rowNumber === null) rowNumber = Number(node.attributes.r ?? 1)
      else if (name === 'c' && rowNumber !== null) {
        cell = {
          column: columnIndex(node.attributes.r, cells.length),
          type: node.attributes.t ?? 'n',
          text: '',
        }
      } else if ((name === 'v' || name === 't') && cell) capturing = true
    })
    parser.on('text', (text: string) => {
      if (capturing && cell) cell.text += text
    })
    parser.on('closetag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 'v' || name === 't') capturing = false
      else if (name === 'c' && cell) {
        cells.push(cell)
        cell = null
      } else if (name === 'row') finished = true
    })
    return () => finished
  })
  if (rowNumber === null) return null
  const sharedIndexes = cells.filter((c) => c.type === 's').map((c) => Number(c.text))
  const shared = await readSharedStrings(pkg, sharedIndexes.length ? Math.max(...sharedIndexes) : -1)
  const row: string[] = []
  for (const c of cells) row[c.column] = c.type === 's' ? (shared[Number(c.text)] ?? '') : c.text
  return { number: rowNumber, cells: Array.from(row, (v) => v ?? '') }
}

/** Shared strings 0..upTo (rich text runs joined, phonetic runs left out). */
async function readSharedStrings(pkg: XlsxPackage, upTo: number): Promise<string[]> {
  const strings: string[] = []
  if (upTo < 0 || !pkg.parts.sharedStrings) return strings
  await readXml(pkg.zip, pkg.parts.sharedStrings, XLSX_LIMITS.sharedStringsBytes, (parser) => {
    let current: string | null = null
    let inPhonetic = false
    let capturing = false
    parser.on('opentag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 'si') current = ''
      else if (name === 'rPh') inPhonetic = true
      else if (name === 't' && current !== null && !inPhonetic) capturing = true
    })
    parser.on('text', (text: string) => {
      if (capturing) current += text
    })
    parser.on('closetag', (node: SaxesTagPlain) => {
      const name = localName(node.name)
      if (name === 't') capturing = false
      else if (name === 'rPh') inPhonetic = false
      else if (name === 'si' && current !== null) {
        strings.push(current)
        current = null
      }
    })
    return () => strings.length > upTo
  })
  return strings
}

/** 0-based column of a cell reference (`C7` → 2); without a reference, the next column. */
function columnIndex(ref: string | undefined, next: number): number {
  const letters = ref?.match(/^[A-Z]+/)?.[0]
  if (!letters) return next
  let n = 0
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n - 1
}

const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
)

export type RowReaderInput = {
  stream: Readable
  /** Why the stream was cut short (a bomb, a DTD, corrupt data), once it was. */
  failure: () => XlsxFileError | null
}

type Part = { name: string; entry?: ZipEntry; content?: Buffer; size: number; crc32: number }

/**
 * The checked parts as a ZIP stream for exceljs' streaming reader, in the order it wants them
 * (workbook, relationships, styles, shared strings, then the sheet, so that it streams the
 * sheet's rows straight through instead of spilling it to a temporary file). Each part is
 * inflated here, once, and handed on stored: its real bytes are counted against the size the
 * file declared (itself under the ceilings, see `openXlsx`), DTDs are refused, and chunks are cut
 * on UTF-8 character boundaries, because exceljs decodes each chunk on its own. On trouble a NUL
 * byte (which no XML parser accepts) ends the part, the stream ends, the reader fails, and
 * `failure()` says why. `onSheetProgress` gets the fraction of the sheet read so far.
 */
export function rowReaderInput(
  pkg: XlsxPackage,
  onSheetProgress?: (fraction: number) => void,
): RowReaderInput {
  let failure: XlsxFileError | null = null
  const { workbook, rels, styles, sharedStrings, sheet } = pkg.parts
  const fromZip = (entry: ZipEntry): Part => ({
    name: entry.name,
    entry,
    size: entry.uncompressedSize,
    crc32: entry.crc32,
  })
  const parts: Part[] = [fromZip(workbook), fromZip(rels)]
  if (styles) parts.push(fromZip(styles))
  parts.push(
    sharedStrings
      ? fromZip(sharedStrings)
      : {
          name: 'xl/sharedStrings.xml',
          content: EMPTY_SHARED_STRINGS,
          size: EMPTY_SHARED_STRINGS.length,
          crc32: crc32(EMPTY_SHARED_STRINGS),
        },
  )
  parts.push(fromZip(sheet))

  async function* partBytes(part: Part): AsyncGenerator<Buffer> {
    let size = 0
    const doctype = occurrenceCounter([DOCTYPE])
    const onFed =
      part.entry === sheet && onSheetProgress
        ? (fed: number) => onSheetProgress(fed / sheet.compressedSize)
        : undefined
    const chunks = part.entry ? inflateChunks(pkg.zip, part.entry, onFed) : [part.content as Buffer]
    let carry = Buffer.alloc(0)
    let sent = 0
    try {
      for await (const chunk of chunks) {
        size += chunk.length
        if (size > part.size) throw new XlsxFileError(FILE_MESSAGES.bomb)
        doctype.feed(chunk)
        if (doctype.count) throw new XlsxFileError(FILE_MESSAGES.doctype)
        const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk
        const cut = utf8Boundary(joined)
        carry = Buffer.from(joined.subarray(cut))
        if (cut) {
          sent += cut
          yield joined.subarray(0, cut)
        }
      }
      if (size !== part.size) throw new XlsxFileError(FILE_MESSAGES.damaged)
      if (carry.length) yield carry
    } catch (error) {
      failure = error instanceof XlsxFileError ? error : new XlsxFileError(FILE_MESSAGES.damaged)
      // While the part is still short of its declared size the reader waits for more: make it fail.
      if (sent < part.size) yield Buffer.from([0])
    }
  }

  async function* records() {
    for (const part of parts) {
      yield storedHeader(part)
      yield* partBytes(part)
      if (failure) return
    }
    // An empty end-of-central-directory record: the reader stops there cleanly.
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    yield end
  }
  return { stream: Readable.from(records(), { objectMode: false }), failure: () => failure }
}

/** Where the last complete UTF-8 character of `bytes` ends. */
function utf8Boundary(bytes: Buffer): number {
  const end = bytes.length
  for (let i = end - 1; i >= Math.max(0, end - 4); i--) {
    const byte = bytes[i]
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: keep looking for the lead
    const length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
    return i + length <= end ? end : i
  }
  return end
}

/** A local header for a stored part of known size (as the central directory declared it). */
function storedHeader(part: Part): Buffer {
  const nameBytes = Buffer.from(part.name, 'utf8')
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt16LE(0x0800, 6)
  header.writeUInt16LE(0x21, 12)
  header.writeUInt32LE(part.crc32 >>> 0, 14)
  header.writeUInt32LE(part.size, 18)
  header.writeUInt32LE(part.size, 22)
  header.writeUInt16LE(nameBytes.length, 26)
  return Buffer.concat([header, nameBytes])
}
