import { type Database, paymentBatchReceipts } from '@planillas/db'
import { FileNotFoundError, type FileStorage, readAll } from '@planillas/db/storage'
import { PAYMENT_ISSUE_KIND, PAYMENT_ROW_MESSAGES } from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import type { PaymentIssue } from './batch-store'

export type Receipt = typeof paymentBatchReceipts.$inferSelect & { pageCount: number }

/** Opens a PDF the way the merged download will; the number of pages, or null when it cannot. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false })
    const count = doc.getPageCount()
    // Every page must have a size, or it cannot be copied and stamped.
    for (const page of doc.getPages()) page.getSize()
    return count > 0 ? count : null
  } catch {
    return null
  }
}

/**
 * The batch's receipts, each opened with pdf-lib one at a time (10 MB at most each). A receipt
 * that cannot be opened, or that left the storage, is an error: the batch applies nothing.
 */
export async function openReceipts(
  db: Database,
  storage: FileStorage,
  batchId: number,
  onEach: (done: number, total: number) => Promise<void>,
): Promise<{ receipts: Receipt[]; errors: PaymentIssue[] }> {
  const stored = await db
    .select()
    .from(paymentBatchReceipts)
    .where(eq(paymentBatchReceipts.batchId, batchId))
    .orderBy(asc(paymentBatchReceipts.position))
  const receipts: Receipt[] = []
  const errors: PaymentIssue[] = []
  const error = (fileName: string, reason: string): PaymentIssue => ({
    kind: PAYMENT_ISSUE_KIND.ERROR,
    rowNumber: null,
    column: 'Constancias',
    value: fileName,
    reason,
  })
  for (const [i, receipt] of stored.entries()) {
    let bytes: Buffer
    try {
      bytes = await readAll(await storage.get(receipt.fileKey))
    } catch (e) {
      if (!(e instanceof FileNotFoundError)) throw e
      errors.push(error(receipt.fileName, PAYMENT_ROW_MESSAGES.receiptGone(receipt.fileName)))
      continue
    }
    const pageCount = await pdfPageCount(bytes)
    if (pageCount === null)
      errors.push(error(receipt.fileName, PAYMENT_ROW_MESSAGES.receiptUnreadable(receipt.fileName)))
    else receipts.push({ ...receipt, pageCount })
    await onEach(i + 1, stored.length)
  }
  return { receipts, errors }
}
