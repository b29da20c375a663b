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
 * The entry as a self-contained local record (header with the central directory's sizes, no data
 * descriptor), so a streaming parser reads exactly what was checked.
 */
export function localRecord(zip: Buffer, entry: ZipEntry): Buffer[] {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(LOCAL_SIGNATURE, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt16LE(entry.flags & 0x0800, 6)
  header.writeUInt16LE(entry.method, 8)
  header.writeUInt16LE(entry.time, 10)
  header.writeUInt16LE(entry.date, 12)
  header.writeUInt32LE(entry.crc32, 14)
  header.writeUInt32LE(entry.compressedSize, 18)
  header.writeUInt32LE(entry.uncompressedSize, 22)
  header.writeUInt16LE(entry.nameBytes.length, 26)
  header.writeUInt16LE(0, 28)
  return [header, entry.nameBytes, compressedData(zip, entry)]
}

/**
 * Inflates an entry chunk by chunk, handing each chunk to `onChunk`; stops with
 * `ZipError('too-large')` once more than `maxBytes` came out, or as soon as `onChunk` returns
 * false (the caller has what it needs). Returns the number of bytes inflated.
 */
export async function inflateEntry(
  zip: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  onChunk: (chunk: Buffer) => unknown,
): Promise<number> {
  const data = compressedData(zip, entry)
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipError('too-large')
    for (let at = 0; at < data.length; at += 1 << 20) {
      if (onChunk(data.subarray(at, Math.min(data.length, at + (1 << 20)))) === false) break
    }
    return data.length
  }
  const inflater = createInflateRaw({ chunkSize: 256 * 1024 })
  let total = 0
  const feeding = (async () => {
    for (let at = 0; at < data.length && !inflater.destroyed; at += 1 << 20) {
      if (!inflater.write(data.subarray(at, Math.min(data.length, at + (1 << 20))))) {
        await new Promise<void>((resolve) => {
          inflater.once('drain', resolve)
          inflater.once('close', resolve)
        })
      }
    }
    if (!inflater.destroyed) inflater.end()
  })()
  // Errors of the consumer pass through; anything zlib throws means the data is corrupt.
  let consumerError: { error: unknown } | null = null
  try {
    for await (const chunk of inflater) {
      total += chunk.length
      if (total > maxBytes) throw new ZipError('too-large')
      let more: unknown
      try {
        more = onChunk(chunk)
      } catch (error) {
        consumerError = { error }
        break
      }
      if (more === false) break
    }
  } catch (error) {
    if (error instanceof ZipError) throw error
    throw new ZipError('damaged')
  } finally {
    inflater.destroy()
    await feeding
  }
  if (consumerError) throw consumerError.error
  return total
}

/** Counts `needle` in a stream of chunks, across chunk boundaries. */
export function occurrenceCounter(needles: string[]) {
  const patterns = needles.map((n) => Buffer.from(n, 'latin1'))
  const keep = Math.max(...patterns.map((p) => p.length)) - 1
  let tail = Buffer.alloc(0)
  let count = 0
  return {
    feed(chunk: Buffer) {
      const window = tail.length ? Buffer.concat([tail, chunk]) : chunk
      for (const pattern of patterns) {
        let at = window.indexOf(pattern)
        while (at !== -1) {
          // Only matches that end inside the new chunk: those in the tail were counted before.
          if (at + pattern.length > tail.length) count++
          at = window.indexOf(pattern, at + 1)
        }
      }
      tail = Buffer.from(window.subarray(Math.max(0, window.length - keep)))
    },
    get count() {
      return count
    },
  }
}
