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

/**
 * The central directory as it grows, in blocks of its own. Node hands out a Buffer under 4 KiB as
 * a slice of a shared 8 KiB slab (`Buffer.poolSize`): a name kept from `Buffer.from(name)`, or a
 * record kept from `Buffer.concat`, keeps its whole slab alive, and the slab also held the entry's
 * bytes (a boleta's PDF is ~3.7 KB, so its entry is pooled too). Kept per entry until the end, those
 * slices held about one 4 KiB slab per boleta outside V8's heap: the ZIP again. Copied here, the
 * directory costs its own ~70 bytes per entry and every entry's bytes are freed once written.
 */
class CentralDirectory {
  private readonly blocks: Buffer[] = []
  private block = Buffer.alloc(0)
  private used = 0

  /** Room for `size` more bytes, at the returned offset of the returned block. */
  reserve(size: number): [Buffer, number] {
    if (this.used + size > this.block.length) {
      if (this.used) this.blocks.push(this.block.subarray(0, this.used))
      // Buffer.alloc never takes from the shared pool.
      this.block = Buffer.alloc(Math.max(64 * 1024, size))
      this.used = 0
    }
    const at = this.used
    this.used += size
    return [this.block, at]
  }

  bytes(): Buffer {
    return Buffer.concat([...this.blocks, this.block.subarray(0, this.used)])
  }
}

export async function* zipEntries(
  entries: AsyncIterable<ZipInput> | Iterable<ZipInput>,
): AsyncGenerator<Buffer> {
  const central = new CentralDirectory()
  let offset = 0
  let count = 0
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength)
    const crc = crc32(data)
    if (offset + 30 + name.length + data.length > MAX_OFFSET)
      throw new ZipTooLargeError('ZIP de más de 4 GiB')
    // The entry as one unpooled buffer: no slab outlives it once the store has written it.
    const record = Buffer.alloc(30 + name.length + data.length)
    const local = record.subarray(0, 30)
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
    const [block, at] = central.reserve(46 + name.length)
    const header = block.subarray(at, at + 46)
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
    name.copy(block, at + 46)
    name.copy(record, 30)
    data.copy(record, 30 + name.length)
    yield record
    offset += 30 + name.length + data.length
    count++
  }
  const centralDirectory = central.bytes()
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
