import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import type { FileStorage } from '@planillas/db/storage'
import { PAYMENT_UPLOAD_MESSAGES as M, PAYMENT_LIMITS } from '@planillas/domain'
import type { FastifyRequest } from 'fastify'

export type ExcelPart = { name: string; content: Buffer; truncated: boolean }
export type StoredReceipt = { name: string; key: string; size: number }

/** What the multipart form brought: text fields, the Excel in memory, the receipts already stored. */
export type Received = {
  fields: Record<string, string>
  excel?: ExcelPart
  extraExcels: number
  receipts: StoredReceipt[]
  /** Problems found while receiving (receipts' type, content, size; too many files). */
  messages: string[]
}

/** The PDF header may follow a few bytes of junk, as readers accept; it must be in the first 1 KB. */
const PDF_MAGIC = Buffer.from('%PDF-')
const HEAD_BYTES = 1024
const EXCEL_FIELDS = new Set(['file'])
const RECEIPT_FIELDS = new Set(['records', 'records[]'])

/**
 * Reads the upload as it streams: text fields, one Excel of at most 20 MB kept in memory, and the
 * receipts written straight to the storage while their first bytes and size are checked (never
 * more than one receipt in memory). Empty parts (a file input left empty) are ignored. Whatever is
 * stored is the caller's to keep or delete.
 */
export async function receiveUpload(req: FastifyRequest, storage: FileStorage): Promise<Received> {
  const received: Received = { fields: {}, extraExcels: 0, receipts: [], messages: [] }
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>
    for (const [k, v] of Object.entries(body)) if (v != null) received.fields[k] = String(v)
    return received
  }
  let receiptBytes = 0
  let receiptParts = 0
  const parts = req.parts({
    limits: {
      fileSize: PAYMENT_LIMITS.maxFileBytes,
      files: PAYMENT_LIMITS.maxReceipts + 10,
      fields: 20,
      fieldSize: 10_000,
    },
  })
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        received.fields[part.fieldname] = String(part.value ?? '')
      } else if (EXCEL_FIELDS.has(part.fieldname)) {
        const content = await collect(part)
        if (!part.filename && content.length === 0) continue
        if (received.excel) received.extraExcels++
        else received.excel = { name: part.filename, content, truncated: part.file.truncated }
      } else if (RECEIPT_FIELDS.has(part.fieldname)) {
        if (!part.filename) {
          part.file.resume()
          continue
        }
        receiptParts++
        if (receiptParts > PAYMENT_LIMITS.maxReceipts) {
          part.file.resume()
          continue
        }
        const stored = await storeReceipt(part, storage, received.messages)
        if (stored) {
          receiptBytes += stored.size
          received.receipts.push(stored)
        }
      } else {
        part.file.resume()
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== 'FST_FILES_LIMIT' && code !== 'FST_PARTS_LIMIT' && code !== 'FST_FIELDS_LIMIT') {
      await Promise.all(received.receipts.map((r) => storage.delete(r.key)))
      throw error
    }
    received.messages.push(code === 'FST_FILES_LIMIT' ? M.tooManyReceipts : M.tooManyFields)
  }
  if (receiptParts > PAYMENT_LIMITS.maxReceipts) received.messages.push(M.tooManyReceipts)
  if (receiptBytes > PAYMENT_LIMITS.maxReceiptsTotalBytes) received.messages.push(M.receiptsTotalSize)
  received.messages = [...new Set(received.messages)]
  return received
}

async function collect(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Streams one receipt into the storage, checking its extension, its header and its size. */
async function storeReceipt(
  part: MultipartFile,
  storage: FileStorage,
  messages: string[],
): Promise<StoredReceipt | null> {
  const name = part.filename
  if (!/\.pdf$/i.test(name)) {
    messages.push(M.receiptExtension(name))
    part.file.resume()
    return null
  }
  let size = 0
  let head = Buffer.alloc(0)
  let tooLarge = false
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
      if (size > PAYMENT_LIMITS.maxReceiptBytes) tooLarge = true
      // Past the limit the bytes are counted but not kept.
      done(null, tooLarge ? undefined : chunk)
    },
  })
  const putting = storage.put(meter, { name, contentType: 'application/pdf' })
  // A store that fails (read-only, full) stops the copy: unread, the meter would hold the upload
  // back for ever. The store's own error is the one thrown (awaited below).
  putting.catch(() => meter.destroy())
  try {
    await pipeline(part.file, meter)
  } catch (error) {
    await putting
    throw error
  }
  const key = await putting
  const problem =
    tooLarge || part.file.truncated
      ? M.receiptSize(name)
      : size === 0
        ? M.receiptEmpty(name)
        : !head.includes(PDF_MAGIC)
          ? M.receiptContent(name)
          : null
  if (problem) {
    messages.push(problem)
    await storage.delete(key)
    return null
  }
  return { name, key, size }
}
