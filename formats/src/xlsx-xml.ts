import { StringDecoder } from 'node:string_decoder'
import { FILE_MESSAGES } from '@planillas/domain'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { inflateChunks, occurrenceCounter, type ZipEntry, ZipError } from './xlsx-zip'
import { FastXmlGaveUp } from './xml-fast'

/** Why a file cannot be read, in Spanish, for the clerk. */
export class XlsxFileError extends Error {}

export const XLSX_LIMITS = {
  /** A 200,000-row sheet with long inline texts stays well under this. */
  sheetBytes: 512 * 1024 * 1024,
  sharedStringsBytes: 128 * 1024 * 1024,
  smallPartBytes: 16 * 1024 * 1024,
  /**
   * The longest run of characters without a '<' a sheet may hold. The longest cell Excel allows
   * is 32,767 characters (≤ 128 KB of UTF-8); an XML parser keeps such a run whole in memory, so
   * megabytes of filler between two tags would grow the process, not the data.
   */
  textRunBytes: 4 * 1024 * 1024,
  /**
   * How deep elements may nest. A sheet's deepest is about eight (worksheet, sheetData, row, c,
   * is, r, t, and a prefix wrapper or two); an XML parser keeps every open element, so two million
   * nested ones from 15 KB of zip took the worker's whole memory.
   */
  depth: 64,
  /**
   * Shared strings kept for one workbook: a template sheet of 200,000 rows of 8 columns has at most
   * 1.6 million distinct texts; 5.75 million filler strings lifted the worker from 106 to 395 MB.
   */
  sharedStrings: 1_700_000,
  /** Characters of all shared strings together (about 200 bytes for each of 150,000 rows). */
  sharedStringChars: 30_000_000,
}

/** Inflated bytes counted across every part read of one upload (the bomb tests assert on it). */
export type InflateStats = { inflatedBytes: number }

const DOCTYPE = '<!DOCTYPE'
const LT = 0x3c

/**
 * The text of a part, chunk by chunk as it inflates, trusting nothing: real bytes are counted
 * against both the declared size and the ceiling (a zip that lies about its sizes is a bomb, as
 * the worker always said), a DTD is refused before any parser sees it, and so is a run of
 * megabytes without a tag. A part read to its end must be exactly as long as declared. Throws
 * `XlsxFileError` with the clerk's message; stopping early (break) stops inflating.
 */
export async function* partText(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  stats: InflateStats,
  onFed?: (compressedBytes: number) => void,
): AsyncGenerator<string> {
  const ceiling = Math.min(maxBytes, entry.uncompressedSize)
  const decoder = new StringDecoder('utf8')
  const doctype = occurrenceCounter([DOCTYPE])
  let size = 0
  let sinceTag = 0
  const chunks = inflateChunks(zip, entry, onFed)
  try {
    yield* checkedText()
  } finally {
    // Stopped early (a break, a refusal): stop inflating too.
    await chunks.return(undefined)
  }

  async function* checkedText(): AsyncGenerator<string> {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await chunks.next()
      } catch (error) {
        throw asFileError(error)
      }
      if (next.done) break
      const chunk = next.value
      size += chunk.length
      stats.inflatedBytes += chunk.length
      if (size > ceiling) throw new XlsxFileError(FILE_MESSAGES.bomb)
      doctype.feed(chunk)
      const first = chunk.indexOf(LT)
      const runBefore = first === -1 ? sinceTag + chunk.length : sinceTag + first
      sinceTag = first === -1 ? runBefore : chunk.length - chunk.lastIndexOf(LT) - 1
      const trouble = doctype.count
        ? FILE_MESSAGES.doctype
        : runBefore > XLSX_LIMITS.textRunBytes || sinceTag > XLSX_LIMITS.textRunBytes
          ? FILE_MESSAGES.bomb
          : null
      if (trouble) throw new XlsxFileError(trouble)
      yield decoder.write(chunk)
    }
    if (size !== entry.uncompressedSize) throw new XlsxFileError(FILE_MESSAGES.damaged)
    const rest = decoder.end()
    if (rest) yield rest
  }
}

/** Any failure while reading a part, as the clerk's message (a bit flip must never be a 500). */
export function asFileError(error: unknown): XlsxFileError {
  if (error instanceof XlsxFileError) return error
  if (error instanceof ZipError) {
    return new XlsxFileError(error.reason === 'too-large' ? FILE_MESSAGES.bomb : FILE_MESSAGES.damaged)
  }
  return new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
}

/**
 * A SAX parser that refuses elements nested deeper than `XLSX_LIMITS.depth` as they open, before
 * the parser's stack of open elements can grow. saxes keeps one handler per event, so the depth is
 * counted inside whatever open and close handlers the reader registers afterwards.
 */
export function xmlParser(): SaxesParser {
  const parser = new SaxesParser()
  let depth = 0
  type Handler = (tag: SaxesTagPlain) => void
  const on = parser.on.bind(parser) as (name: string, handler: Handler) => void
  const opened = (handler?: Handler) => (tag: SaxesTagPlain) => {
    if (++depth > XLSX_LIMITS.depth) throw new XlsxFileError(FILE_MESSAGES.nested(XLSX_LIMITS.depth))
    handler?.(tag)
  }
  const closed = (handler?: Handler) => (tag: SaxesTagPlain) => {
    depth--
    handler?.(tag)
  }
  on('opentag', opened())
  on('closetag', closed())
  parser.on = ((name: string, handler: Handler) =>
    on(
      name,
      name === 'opentag' ? opened(handler) : name === 'closetag' ? closed(handler) : handler,
    )) as typeof parser.on
  return parser
}

/**
 * Streams a part through a SAX parser. `setup` registers handlers and may return a function that
 * says when to stop early. Element names keep their prefix (`x:row`): compare with `localName`.
 */
export async function readXml(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  stats: InflateStats,
  setup: (parser: SaxesParser) => (() => boolean) | undefined,
): Promise<void> {
  const parser = xmlParser()
  const done = setup(parser)
  for await (const text of partText(zip, entry, maxBytes, stats)) {
    writeXml(parser, text)
    if (done?.()) return
  }
  closeXml(parser)
}

/** What `writeXml` and `closeXml` feed: saxes, or the fast tokenizer (xml-fast.ts). */
type XmlWriter = { write(text: string): unknown; close(): unknown }

/** Feeds a parser; malformed XML is the clerk's 'unreadable', never a 500. */
export function writeXml(parser: XmlWriter, text: string) {
  try {
    parser.write(text)
  } catch (error) {
    // A reader's own refusal (too deep, too many strings) keeps its words; the fast tokenizer's
    // give-up is for its caller, who reads the part again with saxes.
    if (error instanceof XlsxFileError || error instanceof FastXmlGaveUp) throw error
    throw new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
  }
}

export function closeXml(parser: XmlWriter) {
  try {
    parser.close()
  } catch (error) {
    if (error instanceof FastXmlGaveUp) throw error
    throw new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
  }
}

/** `x:row` → `row`. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1)
