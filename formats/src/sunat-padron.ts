import { createInflateRaw } from 'node:zlib'
import { PADRON_MESSAGES as M, PADRON_LIMITS, type PadronLayout, padronHeaderKey } from '@planillas/domain'

/**
 * A streaming reader of a SUNAT padrón (docs/decisions/sunat-padrones.md): the ZIP SUNAT serves,
 * with one `|`-separated TXT, or that TXT itself. It never holds the file: the ZIP's first local
 * header is read off the stream and its entry inflated as it comes (node:zlib), so memory stays a
 * few chunks whatever the size (the padrón reducido is ~391 MB zipped, ~1.57 GB of text). The
 * inflated bytes are counted against a ceiling and against the compressed bytes fed so far, so a
 * bomb stops early whatever its headers say. Text is ISO-8859-1/Windows-1252 (UTF-8 when its first
 * lines are valid UTF-8 with accents), lines end in CRLF, LF or CR and may end in `|`; columns are found by header
 * name (`padronHeaderKey`), never by position.
 */
export class PadronFileError extends Error {}

export type PadronRow<K extends string> = { line: number; values: Record<K, string> }
export type PadronBadLine = { line: number; message: string; text: string }
/** What one chunk of the file gave: its rows, its bad lines, and how far into the file it is. */
export type PadronChunk<K extends string> = {
  rows: PadronRow<K>[]
  badLines: PadronBadLine[]
  /** Bytes of the uploaded file consumed so far (progress against its size). */
  bytesRead: number
}

export type PadronLimits = {
  maxTextBytes: number
  maxRatio: number
  maxLineBytes: number
  maxBadLines: number
}

const LOCAL_SIGNATURE = 0x04034b50
const SOURCE_CHUNK = 256 * 1024

/** Pulls from a byte stream, keeping count of what was consumed and what was put back. */
class Source {
  private readonly it: AsyncIterator<Buffer | Uint8Array | string>
  private held: Buffer[] = []
  consumed = 0
  constructor(stream: AsyncIterable<Buffer | Uint8Array | string>) {
    this.it = stream[Symbol.asyncIterator]()
  }
  async next(): Promise<Buffer | null> {
    const held = this.held.shift()
    if (held) return held
    const r = await this.it.next()
    if (r.done) return null
    const v = r.value
    const chunk =
      typeof v === 'string'
        ? Buffer.from(v, 'latin1')
        : Buffer.isBuffer(v)
          ? v
          : Buffer.from(v.buffer, v.byteOffset, v.byteLength)
    this.consumed += chunk.length
    return chunk
  }
  unshift(chunk: Buffer) {
    if (chunk.length) this.held.unshift(chunk)
  }
  /** Exactly `n` bytes, or fewer at the end of the stream. */
  async take(n: number): Promise<Buffer> {
    const parts: Buffer[] = []
    let size = 0
    while (size < n) {
      const chunk = await this.next()
      if (!chunk) break
      const want = n - size
      if (chunk.length > want) {
        parts.push(chunk.subarray(0, want))
        this.unshift(chunk.subarray(want))
        size = n
      } else {
        parts.push(chunk)
        size += chunk.length
      }
    }
    return Buffer.concat(parts)
  }
  async close() {
    await this.it.return?.()
  }
}

/** The bytes of the TXT: the file itself, or the inflated text entry of the ZIP. */
async function* textBytes(source: Source, limits: PadronLimits): AsyncGenerator<Buffer> {
  const first = await source.take(4)
  if (first.length === 0) throw new PadronFileError(M.empty)
  if (first.length === 4 && first.readUInt32LE(0) === LOCAL_SIGNATURE) {
    yield* zipText(source, limits)
    return
  }
  if (first[0] === 0x50 && first[1] === 0x4b) throw new PadronFileError(M.notZip)
  source.unshift(first)
  let total = 0
  for (let chunk = await source.next(); chunk; chunk = await source.next()) {
    total += chunk.length
    if (total > limits.maxTextBytes) throw new PadronFileError(M.tooLarge(limits.maxTextBytes / 1024 ** 3))
    yield chunk
  }
}

/** The ZIP's text entry, read from its local header on (folders before it are passed over). */
async function* zipText(source: Source, limits: PadronLimits): AsyncGenerator<Buffer> {
  for (let signatureRead = true; ; signatureRead = false) {
    if (!signatureRead) {
      const signature = await source.take(4)
      if (signature.length < 4 || signature.readUInt32LE(0) !== LOCAL_SIGNATURE)
        throw new PadronFileError(M.noTxt)
    }
    const header = await source.take(26)
    if (header.length < 26) throw new PadronFileError(M.notZip)
    const flags = header.readUInt16LE(2)
    const method = header.readUInt16LE(4)
    const compressedSize = header.readUInt32LE(14)
    const declaredSize = header.readUInt32LE(18)
    const name = (await source.take(header.readUInt16LE(22))).toString('latin1')
    await source.take(header.readUInt16LE(24))
    if (flags & 0x1) throw new PadronFileError(M.encrypted)
    const isFolder = name.endsWith('/')
    if (isFolder && method === 0 && compressedSize === 0 && !(flags & 0x8)) continue
    if (!/\.(txt|csv)$/i.test(name)) throw new PadronFileError(M.noTxt)
    // A size in the data descriptor (bit 3) or in a ZIP64 field is unknown here: the deflate stream
    // says where it ends, and the ceilings below bound it.
    const known = !(flags & 0x8) && compressedSize !== 0xffffffff && declaredSize !== 0xffffffff
    if (method === 0) {
      if (!known) throw new PadronFileError(M.notZip)
      yield* storedEntry(source, compressedSize, limits)
      return
    }
    if (method !== 8) throw new PadronFileError(M.notZip)
    yield* inflateEntry(source, limits, known ? declaredSize : null)
    return
  }
}

async function* storedEntry(source: Source, size: number, limits: PadronLimits): AsyncGenerator<Buffer> {
  if (size > limits.maxTextBytes) throw new PadronFileError(M.tooLarge(limits.maxTextBytes / 1024 ** 3))
  let left = size
  while (left > 0) {
    const chunk = await source.next()
    if (!chunk) throw new PadronFileError(M.damaged)
    if (chunk.length > left) {
      source.unshift(chunk.subarray(left))
      yield chunk.subarray(0, left)
      return
    }
    left -= chunk.length
    yield chunk
  }
}

async function* inflateEntry(
  source: Source,
  limits: PadronLimits,
  declaredSize: number | null,
): AsyncGenerator<Buffer> {
  const inflater = createInflateRaw({ chunkSize: SOURCE_CHUNK })
  let fed = 0
  let ended = false
  inflater.once('end', () => {
    ended = true
  })
  const feeding = (async () => {
    for (
      let chunk = await source.next();
      chunk && !ended && !inflater.destroyed;
      chunk = await source.next()
    ) {
      fed += chunk.length
      if (!inflater.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            inflater.off('drain', done)
            inflater.off('close', done)
            inflater.off('end', done)
            resolve()
          }
          inflater.on('drain', done)
          inflater.on('close', done)
          inflater.on('end', done)
        })
      }
    }
    if (!inflater.destroyed && !ended) inflater.end()
  })()
  feeding.catch(() => inflater.destroy())
  let inflated = 0
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length
      if (inflated > limits.maxTextBytes)
        throw new PadronFileError(M.tooLarge(limits.maxTextBytes / 1024 ** 3))
      if (inflated > (fed + 64 * 1024) * limits.maxRatio) throw new PadronFileError(M.bomb)
      if (declaredSize !== null && inflated > declaredSize) throw new PadronFileError(M.bomb)
      yield chunk
    }
  } catch (error) {
    if (error instanceof PadronFileError) throw error
    // zlib's own errors: the consumer's never enter a generator.
    throw new PadronFileError(M.damaged)
  } finally {
    inflater.destroy()
    await feeding.catch(() => undefined)
  }
  if (!ended || (declaredSize !== null && inflated !== declaredSize)) throw new PadronFileError(M.damaged)
}

const latin1 = new TextDecoder('windows-1252')

/** Whether bytes with the high bit set decode as UTF-8 (a list re-saved by hand). */
function isUtf8WithAccents(bytes: Buffer): boolean {
  if (!bytes.some((b) => b >= 0x80)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** The header's column indexes for the layout, or the refusal naming what is missing. */
function mapHeader<K extends string>(headerLine: string, layout: PadronLayout<K>) {
  const cells = headerLine.split('|').map((c) => padronHeaderKey(c))
  while (cells.length && cells.at(-1) === '') cells.pop()
  const index = {} as Record<K, number>
  const missing: string[] = []
  for (const [key, column] of Object.entries(layout) as [K, PadronLayout[string]][]) {
    const wanted = column.names.map(padronHeaderKey)
    const at = cells.findIndex((c) => wanted.includes(c))
    if (at === -1 && !column.optional) missing.push(column.names[0] ?? key)
    index[key] = at
  }
  if (missing.length) throw new PadronFileError(M.missingColumns(missing, headerLine.slice(0, 300)))
  return { index, width: cells.length }
}

/**
 * Reads a padrón, yielding its rows chunk by chunk with their line numbers (the header is line 1).
 * Throws `PadronFileError` with the administrator's message when the file cannot be read at all:
 * not a ZIP or a TXT, no text entry, damaged, a bomb, a header without the layout's columns, or more
 * than `maxBadLines` bad lines. Bad lines (a wrong field count, too long) are yielded, not thrown.
 */
export async function* readPadron<K extends string>(
  stream: AsyncIterable<Buffer | Uint8Array | string>,
  layout: PadronLayout<K>,
  limits: PadronLimits = PADRON_LIMITS,
): AsyncGenerator<PadronChunk<K>> {
  const source = new Source(stream)
  const keys = Object.keys(layout) as K[]
  let decoder: TextDecoder | null = null
  let columns: { index: Record<K, number>; width: number } | null = null
  let headerBytes: Buffer[] = []
  let carry = ''
  let line = 0
  let pendingCr = false
  let skipping = false
  let badCount = 0

  const toLines = (text: string, last: boolean): string[] => {
    let body = text
    if (pendingCr && body.startsWith('\n')) body = body.slice(1)
    pendingCr = body.endsWith('\r')
    const parts = (carry + body).split(/\r\n|\r|\n/)
    carry = last ? '' : (parts.pop() ?? '')
    if (last && parts.at(-1) === '') parts.pop()
    return parts
  }

  const chunkOf = (lines: string[]): PadronChunk<K> => {
    const rows: PadronRow<K>[] = []
    const badLines: PadronBadLine[] = []
    const bad = (message: string, text: string) => {
      badCount++
      if (badCount > limits.maxBadLines) throw new PadronFileError(M.tooManyBadLines(limits.maxBadLines))
      badLines.push({ line, message, text: text.slice(0, 200) })
    }
    for (const text of lines) {
      // The rest of a line already reported too long.
      if (skipping) {
        skipping = false
        continue
      }
      line++
      if (!columns) {
        columns = mapHeader(text.replace(/^\uFEFF/, ''), layout)
        continue
      }
      if (text.length > limits.maxLineBytes) {
        bad(M.lineTooLong(limits.maxLineBytes), text)
        continue
      }
      if (text.trim() === '') continue
      const fields = text.split('|')
      while (fields.length > columns.width && fields.at(-1)?.trim() === '') fields.pop()
      if (fields.length !== columns.width) {
        bad(M.fieldCount(columns.width, fields.length), text)
        continue
      }
      const values = {} as Record<K, string>
      for (const key of keys) {
        const at = columns.index[key]
        values[key] = at === -1 ? '' : (fields[at] ?? '').trim()
      }
      rows.push({ line, values })
    }
    // A line with no end yet that is already too long: reported once, the rest of it dropped.
    if (carry.length > limits.maxLineBytes) {
      if (!skipping) {
        line++
        bad(M.lineTooLong(limits.maxLineBytes), carry)
        skipping = true
      }
      carry = ''
    }
    return { rows, badLines, bytesRead: source.consumed }
  }

  try {
    for await (const bytes of textBytes(source, limits)) {
      if (!decoder) {
        headerBytes.push(bytes)
        const head = Buffer.concat(headerBytes)
        // The encoding is told from the first lines (up to the last line end in the first 64 KB).
        if (head.length < 64 * 1024) continue
        const end = Math.max(head.lastIndexOf(0x0a), head.lastIndexOf(0x0d))
        decoder = isUtf8WithAccents(head.subarray(0, end === -1 ? head.length : end))
          ? new TextDecoder('utf-8')
          : latin1
        headerBytes = []
        yield chunkOf(toLines(decoder.decode(head, { stream: true }), false))
        continue
      }
      yield chunkOf(toLines(decoder.decode(bytes, { stream: true }), false))
    }
    const rest = headerBytes.length ? Buffer.concat(headerBytes) : Buffer.alloc(0)
    decoder ??= isUtf8WithAccents(rest) ? new TextDecoder('utf-8') : latin1
    const last = chunkOf(toLines(decoder.decode(rest), true))
    if (!columns) throw new PadronFileError(M.empty)
    yield last
  } finally {
    await source.close()
  }
}
