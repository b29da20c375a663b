import { crc32 } from 'node:zlib'

/**
 * A ZIP written as it goes, entries stored (not deflated: PDFs are compressed already), so a
 * payroll's boletas are never all in memory at once: each entry's bytes are yielded as soon as
 * they are known, then the central directory. Past 65,535 entries the end record is ZIP64's (a
 * payroll of 100,000 workers); a single archive stays under 4 GiB (offsets are 32-bit), which
 * `ZipTooLargeError` guards.
 */
export type ZipInput = { name: string; data: Uint8Array }

export class ZipTooLargeError extends Error {}

const MAX_OFFSET = 0xffffffff
/** 2026-01-01 00:00 as MS-DOS time and date: fixed, so the same boletas give the same bytes. */
const DOS_TIME = 0
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1

export async function* zipEntries(
  entries: AsyncIterable<ZipInput> | Iterable<ZipInput>,
): AsyncGenerator<Buffer> {
  const central: Buffer[] = []
  let offset = 0
  let count = 0
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength)
    const crc = crc32(data)
    if (offset + 30 + name.length + data.length > MAX_OFFSET)
      throw new ZipTooLargeError('ZIP de más de 4 GiB')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // names in UTF-8
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt16LE(DOS_TIME, 10)
    local.writeUInt16LE(DOS_DATE, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(0x0800, 8)
    header.writeUInt16LE(0, 10)
    header.writeUInt16LE(DOS_TIME, 12)
    header.writeUInt16LE(DOS_DATE, 14)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(data.length, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    central.push(header, name)
    yield Buffer.concat([local, name, data])
    offset += 30 + name.length + data.length
    count++
  }
  const centralDirectory = Buffer.concat(central)
  if (offset + centralDirectory.length > MAX_OFFSET) throw new ZipTooLargeError('ZIP de más de 4 GiB')
  const tail: Buffer[] = [centralDirectory]
  const zip64 = count > 0xfffe
  if (zip64) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4)
    record.writeUInt16LE(45, 12)
    record.writeUInt16LE(45, 14)
    record.writeBigUInt64LE(BigInt(count), 24)
    record.writeBigUInt64LE(BigInt(count), 32)
    record.writeBigUInt64LE(BigInt(centralDirectory.length), 40)
    record.writeBigUInt64LE(BigInt(offset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeBigUInt64LE(BigInt(offset + centralDirectory.length), 8)
    locator.writeUInt32LE(1, 16)
    tail.push(record, locator)
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(zip64 ? 0xffff : count, 8)
  end.writeUInt16LE(zip64 ? 0xffff : count, 10)
  end.writeUInt32LE(centralDirectory.length, 12)
  end.writeUInt32LE(offset, 16)
  tail.push(end)
  yield Buffer.concat(tail)
}
