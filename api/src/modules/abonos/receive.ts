import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MultipartFile } from '@fastify/multipart'
import { PAYMENT_UPLOAD_MESSAGES as M, PAYMENT_LIMITS } from '@planillas/domain'
import type { ReceiptPdfProblem } from '@planillas/formats/receipt-pdf'
import type { FileStorage } from '@planillas/storage'
import type { FastifyRequest } from 'fastify'
import { type ReceivedForm, receiveForm } from '../../uploads/batch-upload'

export type StoredReceipt = { name: string; key: string; size: number; pages: number }

/** What the payments form brought: text fields, the Excel in memory, the receipts already stored. */
export type Received = ReceivedForm & {
  receipts: StoredReceipt[]
  /** The storage keys of the receipts: the pipeline deletes them if the upload is refused. */
  stored: string[]
}

/** Bytes of receipts handed to the storage so far, shared by all the receipts of one upload. */
type ReceiptBudget = { used: number; exceeded: boolean }

const PDF_PROBLEMS: Record<ReceiptPdfProblem, (name: string) => string> = {
  unreadable: M.receiptContent,
  password: M.receiptPassword,
  'no-pages': M.receiptNoPages,
  'too-many-pages': M.receiptPages,
}
const RECEIPT_FIELDS = new Set(['records', 'records[]'])

/**
 * Reads the upload as it streams (the pipeline's `receiveForm`): text fields, one Excel (field
 * `file`) of at most 20 MB kept in memory, and the receipts (`records`) written to the storage as
 * they arrive (never more than one receipt in memory), each then parsed as a PDF (decrypted if it
 * has an empty user password, its pages counted up to the limit). The receipts' total is counted
 * as the bytes stream: at 100 MB nothing more is written and what was stored is deleted at once;
 * the rest of the body is only read to its end, never kept. Whatever is stored is the caller's to
 * keep or delete.
 */
export async function receiveUpload(req: FastifyRequest, storage: FileStorage): Promise<Received> {
  const budget: ReceiptBudget = { used: 0, exceeded: false }
  const messages: string[] = []
  let receipts: StoredReceipt[] = []
  let receiptPages = 0
  let receiptParts = 0
  const takeReceipt = async (part: MultipartFile) => {
    if (!RECEIPT_FIELDS.has(part.fieldname) || !part.filename) {
      part.file.resume()
      return
    }
    receiptParts++
    if (receiptParts > PAYMENT_LIMITS.maxReceipts || budget.exceeded) {
      part.file.resume()
      return
    }
    const stored = await storeReceipt(part, storage, messages, budget)
    if (budget.exceeded) {
      // The upload is refused: what it stored goes now, not after the rest of the body.
      await Promise.all(receipts.map((r) => storage.delete(r.key)))
      receipts = []
    } else if (stored) {
      receiptPages += stored.pages
      receipts.push(stored)
    }
  }
  let form: ReceivedForm
  try {
    form = await receiveForm(req, {
      limits: { fileSize: PAYMENT_LIMITS.maxFileBytes, files: PAYMENT_LIMITS.maxReceipts + 10 },
      isExcel: (fieldname) => fieldname === 'file',
      otherFile: takeReceipt,
      limitMessage: (code) =>
        code === 'FST_FILES_LIMIT'
          ? M.tooManyReceipts
          : code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT'
            ? M.tooManyFields
            : undefined,
    })
  } catch (error) {
    await Promise.all(receipts.map((r) => storage.delete(r.key)))
    throw error
  }
  messages.push(...form.messages)
  if (receiptParts > PAYMENT_LIMITS.maxReceipts) messages.push(M.tooManyReceipts)
  if (budget.exceeded) messages.push(M.receiptsTotalSize)
  else if (receiptPages > PAYMENT_LIMITS.maxBatchReceiptPages) messages.push(M.receiptsTotalPages)
  return { ...form, messages: [...new Set(messages)], receipts, stored: receipts.map((r) => r.key) }
}

/**
 * Streams one receipt into the storage, checking its extension and its size (its own and the
 * upload's total) as it goes, keeping a copy of at most 10 MB in memory, then parses it.
 */
async function storeReceipt(
  part: MultipartFile,
  storage: FileStorage,
  messages: string[],
  budget: ReceiptBudget,
): Promise<StoredReceipt | null> {
  const name = part.filename
  if (!/\.pdf$/i.test(name)) {
    messages.push(M.receiptExtension(name))
    part.file.resume()
    return null
  }
  let size = 0
  let tooLarge = false
  const chunks: Buffer[] = []
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > PAYMENT_LIMITS.maxReceiptBytes) tooLarge = true
      if (!budget.exceeded && budget.used + chunk.length > PAYMENT_LIMITS.maxReceiptsTotalBytes)
        budget.exceeded = true
      // Past either limit the bytes are counted but neither kept nor written.
      if (tooLarge || budget.exceeded) return done()
      budget.used += chunk.length
      chunks.push(chunk)
      done(null, chunk)
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
  const refuse = async (problem: string | null) => {
    if (problem) messages.push(problem)
    await storage.delete(key)
    return null
  }
  if (budget.exceeded) return refuse(null)
  if (tooLarge || part.file.truncated) return refuse(M.receiptSize(name))
  if (size === 0) return refuse(M.receiptEmpty(name))
  // pdf-lib is loaded with the first receipt, not with every API process.
  const { inspectReceiptPdf } = await import('@planillas/formats/receipt-pdf')
  const inspected = await inspectReceiptPdf(Buffer.concat(chunks), PAYMENT_LIMITS.maxReceiptPages)
  if (!inspected.ok) return refuse(PDF_PROBLEMS[inspected.problem](name))
  return { name, key, size, pages: inspected.pages }
}
