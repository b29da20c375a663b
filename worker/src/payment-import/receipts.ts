import { type Database, paymentBatchReceipts } from '@planillas/db'
import {
  PAYMENT_ISSUE_KIND,
  PAYMENT_LIMITS,
  PAYMENT_ROW_MESSAGES,
  PAYMENT_UPLOAD_MESSAGES,
} from '@planillas/domain'
import { inspectReceiptPdf } from '@planillas/formats/receipt-pdf'
import { FileNotFoundError, type FileStorage, readAll } from '@planillas/storage'
import { asc, eq } from 'drizzle-orm'
import type { PaymentIssue } from './batch-store'

export type Receipt = typeof paymentBatchReceipts.$inferSelect & { pageCount: number }

/**
 * The batch's receipts, each opened the way the merged download will (decrypted when it has an
 * empty user password), one at a time (10 MB at most each). A receipt that cannot be opened, that
 * passes the page limits (batches uploaded before the API checked them), or that left the
 * storage, is an error: the batch applies nothing.
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
  let pages = 0
  for (const [i, receipt] of stored.entries()) {
    let bytes: Buffer
    try {
      bytes = await readAll(await storage.get(receipt.fileKey))
    } catch (e) {
      if (!(e instanceof FileNotFoundError)) throw e
      errors.push(error(receipt.fileName, PAYMENT_ROW_MESSAGES.receiptGone(receipt.fileName)))
      continue
    }
    const inspected = await inspectReceiptPdf(bytes, PAYMENT_LIMITS.maxReceiptPages)
    if (inspected.ok) {
      pages += inspected.pages
      receipts.push({ ...receipt, pageCount: inspected.pages })
    } else {
      const reason =
        inspected.problem === 'too-many-pages'
          ? PAYMENT_UPLOAD_MESSAGES.receiptPages(receipt.fileName)
          : PAYMENT_ROW_MESSAGES.receiptUnreadable(receipt.fileName)
      errors.push(error(receipt.fileName, reason))
    }
    await onEach(i + 1, stored.length)
  }
  if (pages > PAYMENT_LIMITS.maxBatchReceiptPages)
    errors.push({ ...error('', PAYMENT_UPLOAD_MESSAGES.receiptsTotalPages), value: null })
  return { receipts, errors }
}
