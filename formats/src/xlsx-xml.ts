import { StringDecoder } from 'node:string_decoder'
import { FILE_MESSAGES } from '@planillas/domain'
import { SaxesParser } from 'saxes'
import { inflateChunks, occurrenceCounter, type ZipEntry, ZipError } from './xlsx-zip'

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
  const parser = new SaxesParser()
  const done = setup(parser)
  for await (const text of partText(zip, entry, maxBytes, stats)) {
    writeXml(parser, text)
    if (done?.()) return
  }
  closeXml(parser)
}

/** Feeds a parser; malformed XML is the clerk's 'unreadable', never a 500. */
export function writeXml(parser: SaxesParser, text: string) {
  try {
    parser.write(text)
  } catch (error) {
    throw new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
  }
}

export function closeXml(parser: SaxesParser) {
  try {
    parser.close()
  } catch (error) {
    throw new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
  }
}

/** `x:row` → `row`. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1)
