import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { crc32 } from 'node:zlib'
import { FILE_MESSAGES } from '@planillas/domain'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import {
  inflateEntry,
  localRecord,
  occurrenceCounter,
  readZipEntries,
  type ZipEntry,
  ZipError,
} from './xlsx-zip'

/**
 * An .xlsx upload checked before any spreadsheet library sees it (DESIGN §6): a real ZIP with a
 * workbook, its first sheet found through the workbook's relationships, every part it needs
 * inflated once with a hard ceiling (zip bombs), no DTDs (entity bombs), and its rows counted.
 */
export type XlsxPackage = {
  zip: Buffer
  sheetName: string
  /** The parts the row reader needs, in the order it needs them. */
  parts: { workbook: ZipEntry; rels: ZipEntry; styles?: ZipEntry; sharedStrings?: ZipEntry; sheet: ZipEntry }
  /** `<row>` elements in the sheet (header included; blank rows too). */
  rowElements: number
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
export async function openXlsx(zip: Buffer): Promise<XlsxPackage> {
  try {
    return await open(zip)
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

  const styles = entries.get('xl/styles.xml')
  const sharedStrings = entries.get('xl/sharedStrings.xml')
  for (const part of [styles, sharedStrings]) {
    if (part)
      await scan(
        zip,
        part,
        part === sharedStrings ? XLSX_LIMITS.sharedStringsBytes : XLSX_LIMITS.smallPartBytes,
      )
  }
  const rows = occurrenceCounter(['<row ', '<row>'])
  await scan(zip, sheet, XLSX_LIMITS.sheetBytes, (chunk) => rows.feed(chunk))
  return {
    zip,
    sheetName: firstSheet.name ?? '',
    parts: { workbook, rels, styles, sharedStrings, sheet },
    rowElements: rows.count,
  }
}

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

/** Inflates a part to the end under a ceiling, refusing DTDs. */
async function scan(zip: Buffer, entry: ZipEntry, maxBytes: number, onChunk?: (chunk: Buffer) => void) {
  const doctype = occurrenceCounter([DOCTYPE])
  await inflateEntry(zip, entry, maxBytes, (chunk) => {
    doctype.feed(chunk)
    onChunk?.(chunk)
  })
  if (doctype.count) throw new XlsxFileError(FILE_MESSAGES.doctype)
}

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
  if (rowNumber !== 1) return null
  const sharedIndexes = cells.filter((c) => c.type === 's').map((c) => Number(c.text))
  const shared = await readSharedStrings(pkg, sharedIndexes.length ? Math.max(...sharedIndexes) : -1)
  const row: string[] = []
  for (const c of cells) row[c.column] = c.type === 's' ? (shared[Number(c.text)] ?? '') : c.text
  return Array.from(row, (v) => v ?? '')
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

/**
 * The checked parts as a ZIP stream for exceljs' streaming reader: workbook, relationships,
 * styles and shared strings before the sheet, so that it streams the sheet's rows straight
 * through instead of spilling them to a temporary file; nothing that was not checked is passed.
 */
export function rowReaderInput(pkg: XlsxPackage): Readable {
  const { workbook, rels, styles, sharedStrings, sheet } = pkg.parts
  const records: Buffer[] = [...localRecord(pkg.zip, workbook), ...localRecord(pkg.zip, rels)]
  if (styles) records.push(...localRecord(pkg.zip, styles))
  if (sharedStrings) records.push(...localRecord(pkg.zip, sharedStrings))
  else records.push(...storedPart('xl/sharedStrings.xml', EMPTY_SHARED_STRINGS))
  records.push(...localRecord(pkg.zip, sheet))
  return Readable.from(records, { objectMode: false })
}

function storedPart(name: string, content: Buffer): Buffer[] {
  const nameBytes = Buffer.from(name, 'utf8')
  return localRecord(content, {
    name,
    nameBytes,
    flags: 0x0800,
    method: 0,
    time: 0,
    date: 0x21,
    crc32: crc32(content),
    compressedSize: content.length,
    uncompressedSize: content.length,
    dataOffset: 0,
  })
}
