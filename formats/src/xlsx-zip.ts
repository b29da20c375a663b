import { createInflateRaw } from 'node:zlib'

/**
 * A minimal reader of the ZIP container of an .xlsx held in memory (uploads are ≤ 20 MB). It
 * trusts nothing in the file: the central directory is bounds-checked, entries are re-emitted
 * with clean local headers for the streaming parser, and inflating counts real bytes, so a
 * header that lies about sizes cannot smuggle a bomb past the limits.
 */
export type ZipEntry = {
  name: string
  nameBytes: Buffer
  flags: number
  method: number
  time: number
  date: number
  crc32: number
  compressedSize: number
  uncompressedSize: number
  /** Where the compressed bytes start (after the local header). */
  dataOffset: number
}

export class ZipError extends Error {
  constructor(readonly reason: 'not-zip' | 'ole' | 'damaged' | 'encrypted' | 'unsupported' | 'too-large') {
    super(reason)
  }
}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** Lists the entries of a ZIP held in a buffer, or throws a `ZipError` saying why it cannot. */
export function readZipEntries(zip: Buffer): Map<string, ZipEntry> {
  if (zip.length >= 8 && zip.subarray(0, 8).equals(OLE_MAGIC)) throw new ZipError('ole')
  if (zip.length < 4 || zip.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipError('not-zip')
  const eocd = findEndOfCentralDirectory(zip)
  const count = zip.readUInt16LE(eocd + 10)
  const size = zip.readUInt32LE(eocd + 12)
  const offset = zip.readUInt32LE(eocd + 16)
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError('unsupported')
  if (offset + size > eocd) throw new ZipError('damaged')
  const entries = new Map<string, ZipEntry>()
  let at = offset
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ZipError('damaged')
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const nameBytes = Buffer.from(zip.subarray(at + 46, at + 46 + nameLength))
    const entry = {
      name: nameBytes.toString('utf8'),
      nameBytes,
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      crc32: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
      dataOffset: localDataOffset(zip, zip.readUInt32LE(at + 42), offset),
    }
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff)
      throw new ZipError('unsupported')
    if (entry.flags & 0x1) throw new ZipError('encrypted')
    if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unsupported')
    if (entry.dataOffset + entry.compressedSize > offset) throw new ZipError('damaged')
    if (entries.has(entry.name)) throw new ZipError('damaged')
    entries.set(entry.name, entry)
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const lowest = Math.max(0, zip.length - 22 - 0xffff)
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE && at + 22 + zip.readUInt16LE(at + 20) === zip.length)
      return at
  }
  throw new ZipError('damaged')
}

function localDataOffset(zip: Buffer, headerOffset: number, centralOffset: number): number {
  if (headerOffset + 30 > centralOffset || zip.readUInt32LE(headerOffset) !== LOCAL_SIGNATURE) {
    throw new ZipError('damaged')
  }
  return headerOffset + 30 + zip.readUInt16LE(headerOffset + 26) + zip.readUInt16LE(headerOffset + 28)
}

/** The compressed bytes of an entry. */
export const compressedData = (zip: Buffer, entry: ZipEntry) =>
  zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize)

/**
 * The inflated bytes of an entry, chunk by chunk, as they come out of zlib; `onFed` learns how
 * many compressed bytes went in so far (progress). Stopping early (break) stops inflating.
 */
export async function* inflateChunks(
  zip: Buffer,
  entry: ZipEntry,
  onFed?: (compressedBytes: number) => void,
): AsyncGenerator<Buffer> {
  const data = compressedData(zip, entry)
  const SLICE = 256 * 1024
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) {
      const end = Math.min(data.length, at + SLICE)
      onFed?.(end)
      yield data.subarray(at, end)
    }
    return
  }
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 })
  const feeding = (async () => {
    for (let at = 0; at < data.length && !inflater.destroyed; at += SLICE) {
      const end = Math.min(data.length, at + SLICE)
      const more = inflater.write(data.subarray(at, end))
      onFed?.(end)
      if (!more) {
        await new Promise<void>((resolve) => {
          const done = () => {
            inflater.off('drain', done)
            inflater.off('close', done)
            resolve()
          }
          inflater.on('drain', done)
          inflater.on('close', done)
        })
      }
    }
    if (!inflater.destroyed) inflater.end()
  })()
  try {
    for await (const chunk of inflater) yield chunk as Buffer
  } catch {
    // Only zlib's own errors reach here (the consumer's never enter a generator): corrupt data.
    throw new ZipError('damaged')
  } finally {
    inflater.destroy()
    await feeding
  }
}

/** Counts the needles in a stream of chunks, across chunk boundaries, without copying chunks. */
export function occurrenceCounter(needles: string[]) {
  const patterns = needles.map((n) => Buffer.from(n, 'latin1'))
  const keep = Math.max(...patterns.map((p) => p.length)) - 1
  let tail = Buffer.alloc(0)
  let count = 0
  /** Matches that end after `minEnd` and start before `maxStart`. */
  const countIn = (buffer: Buffer, minEnd: number, maxStart: number) => {
    for (const pattern of patterns) {
      for (
        let at = buffer.indexOf(pattern);
        at !== -1 && at < maxStart;
        at = buffer.indexOf(pattern, at + 1)
      ) {
        if (at + pattern.length > minEnd) count++
      }
    }
  }
  return {
    feed(chunk: Buffer) {
      // Matches that straddle the previous chunk's end: the tail plus the head of this chunk.
      if (tail.length) countIn(Buffer.concat([tail, chunk.subarray(0, keep)]), tail.length, tail.length)
      countIn(chunk, 0, chunk.length)
      tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - keep)))
    },
    get count() {
      return count
    },
  }
}
