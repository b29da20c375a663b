import { crc32, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib'
import { compressedData, readZipEntries } from '@planillas/formats/xlsx-zip'

/** Builds hostile or unusual .xlsx files for tests: rewritten parts, lying sizes, zip bombs. */
export type ZipPart = {
  name: string
  /** Raw deflate bytes (or the bytes themselves when `stored`). */
  compressed: Buffer
  crc32: number
  size: number
  stored?: boolean
  /** What the headers claim the part inflates to (a lie, for tests); defaults to `size`. */
  declaredSize?: number
}

export const deflatedPart = (name: string, content: Buffer | string): ZipPart => {
  const data = Buffer.from(content)
  return { name, compressed: deflateRawSync(data), crc32: crc32(data), size: data.length }
}

/**
 * The fields a part's local record and its central directory entry both hold, in the same order from
 * `at` ('version needed' on): version 2.0, UTF-8 names, the method, CRC, sizes and the name's length.
 */
function writeEntryFields(record: Buffer, at: number, part: ZipPart, size: number, nameLength: number) {
  record.writeUInt16LE(20, at)
  record.writeUInt16LE(0x0800, at + 2)
  record.writeUInt16LE(part.stored ? 0 : 8, at + 4)
  record.writeUInt32LE(part.crc32 >>> 0, at + 10)
  record.writeUInt32LE(part.compressed.length, at + 14)
  record.writeUInt32LE(size, at + 18)
  record.writeUInt16LE(nameLength, at + 22)
}

/** Writes a ZIP archive: local records, central directory, end record. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8')
    const size = part.declaredSize ?? part.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    writeEntryFields(local, 4, part, size, name.length)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    writeEntryFields(central, 6, part, size, name.length)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, part.compressed)
    centrals.push(central, name)
    offset += 30 + name.length + part.compressed.length
  }
  const centralBytes = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(centralBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, centralBytes, end])
}

/** The parts of an existing .xlsx, each as text, to be edited and zipped again. */
export function unzipParts(zip: Buffer): Map<string, Buffer> {
  const parts = new Map<string, Buffer>()
  for (const entry of readZipEntries(zip).values()) {
    const data = compressedData(zip, entry)
    parts.set(entry.name, entry.method === 0 ? Buffer.from(data) : inflateRawSync(data))
  }
  return parts
}

/** Zips parts again, replacing some. */
export function rezip(
  parts: Map<string, Buffer>,
  replace: Record<string, ZipPart | Buffer | string> = {},
): Buffer {
  const names = new Set([...parts.keys(), ...Object.keys(replace)])
  return buildZip(
    [...names].map((name) => {
      const replacement = replace[name]
      if (replacement && typeof replacement === 'object' && 'compressed' in replacement) return replacement
      return deflatedPart(name, (replacement as Buffer | string | undefined) ?? parts.get(name)!)
    }),
  )
}

/**
 * A part made of `head`, `fillerBytes` spaces and `tail`, deflated as a stream: a few megabytes
 * that inflate to hundreds (the zip bomb of the bad-file corpus).
 */
export async function bombPart(
  name: string,
  head: string,
  fillerBytes: number,
  tail: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 1 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const chunk = Buffer.alloc(1 << 20, 0x20)
  let crc = crc32(head)
  deflate.write(head)
  for (let left = fillerBytes; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
    crc = crc32(piece, crc)
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  crc = crc32(tail, crc)
  deflate.end(tail)
  await done
  return { name, compressed: Buffer.concat(out), crc32: crc, size: head.length + fillerBytes + tail.length }
}

/**
 * A part made of `head`, `unit` repeated `times` and `tail`, deflated as a stream: megabytes of
 * repeated XML from a few kilobytes of zip (nesting and shared-string bombs).
 */
export async function repeatedPart(
  name: string,
  head: string,
  unit: string,
  times: number,
  tail: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const perChunk = Math.max(1, Math.floor((1 << 20) / unit.length))
  const block = Buffer.from(unit.repeat(perChunk))
  let crc = crc32(head)
  deflate.write(head)
  for (let left = times; left > 0; left -= perChunk) {
    const piece = left >= perChunk ? block : block.subarray(0, left * unit.length)
    crc = crc32(piece, crc)
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  crc = crc32(tail, crc)
  deflate.end(tail)
  await done
  const size = Buffer.byteLength(head) + unit.length * times + Buffer.byteLength(tail)
  return { name, compressed: Buffer.concat(out), crc32: crc, size }
}

/**
 * The texts of a one-sheet workbook's cells that carry the quote-prefix style (shown as stored, never
 * evaluated), by cell reference, read from the raw parts: exceljs does not read that style.
 */
export function quotePrefixedCells(xlsx: Buffer): Map<string, string> {
  const parts = unzipParts(xlsx)
  const styles = parts.get('xl/styles.xml')?.toString('utf8') ?? ''
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '').matchAll(/<xf\b[^>]*>/g)]
  const quoted = new Set(xfs.flatMap((m, i) => (/quotePrefix="(1|true)"/.test(m[0]) ? [String(i)] : [])))
  const sheet = parts.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? ''
  const cells = new Map<string, string>()
  for (const m of sheet.matchAll(
    /<c r="([A-Z]+\d+)"(?: s="(\d+)")?[^>]*><is><t[^>]*>(.*?)<\/t><\/is><\/c>/g,
  )) {
    if (m[2] && quoted.has(m[2]))
      cells.set(
        m[1],
        m[3]
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      )
  }
  return cells
}
