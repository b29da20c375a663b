import { type Database, paymentBatches, paymentBatchReceipts } from '@planillas/db'
import { PAYMENT_BATCH_STATUS } from '@planillas/domain'
import { FileNotFoundError, type FileStorage, readAll } from '@planillas/storage'
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm'
import type { WorkerContext } from '../context'
import { mergeReceipts, receiptTarget } from './receipts-pdf'

export type MergedReceiptsOutcome = 'stored' | 'already-stored' | 'not-ready' | 'no-receipts'

const RUNNING = [PAYMENT_BATCH_STATUS.PENDING, PAYMENT_BATCH_STATUS.PROCESSING]

/**
 * Builds the batch's merged receipts ('Descargar constancias') once and keeps it in the storage,
 * its key on the batch; the API only streams it. Receipts go in the order of the first Excel row
 * that names them (unnamed ones last, in upload order), so it waits until the batch is processed.
 * Safe to run twice at once: the key is written only where none is, and the loser deletes its copy.
 */
export async function storeMergedReceipts(
  ctx: WorkerContext,
  batchId: number,
): Promise<MergedReceiptsOutcome> {
  const { db, storage } = ctx
  const [batch] = await db
    .select({
      status: paymentBatches.status,
      receiptsPdfKey: paymentBatches.receiptsPdfKey,
      source: paymentBatches.source,
      payrollNumber: paymentBatches.payrollNumber,
    })
    .from(paymentBatches)
    .where(eq(paymentBatches.id, batchId))
  if (!batch) return 'not-ready'
  if (batch.receiptsPdfKey) return 'already-stored'
  if ((RUNNING as number[]).includes(batch.status)) return 'not-ready'
  const receipts = await receiptsInFileOrder(db, batchId)
  if (!receipts.length) return 'no-receipts'

  const pdf = await mergeReceipts(
    receiptTarget(batch),
    receipts.map((r) => ({
      fileName: r.fileName,
      documents: r.documents ?? [],
      operations: r.operations ?? [],
      load: () => loadReceipt(storage, r.fileKey),
    })),
  )
  const key = await storage.put(Buffer.from(pdf), {
    name: `constancias-abonos-${batchId}.pdf`,
    contentType: 'application/pdf',
  })
  const [saved] = await db
    .update(paymentBatches)
    .set({ receiptsPdfKey: key })
    .where(
      and(
        eq(paymentBatches.id, batchId),
        isNull(paymentBatches.receiptsPdfKey),
        notInArray(paymentBatches.status, RUNNING),
      ),
    )
    .returning({ id: paymentBatches.id })
  if (!saved) {
    await storage.delete(key)
    ctx.log.warn('Constancias unidas otra vez a la vez que otro proceso: se descarta esta copia', {
      batchId,
    })
    return 'already-stored'
  }
  ctx.log.info('Constancias de la carga de abonos unidas en un PDF', { batchId, bytes: pdf.length })
  return 'stored'
}

/** A receipt gone from the storage becomes the merge's 'could not be opened' page, not a failure. */
async function loadReceipt(storage: FileStorage, key: string): Promise<Uint8Array> {
  try {
    return await readAll(await storage.get(key))
  } catch (error) {
    if (error instanceof FileNotFoundError) return new Uint8Array()
    throw error
  }
}

const receiptsInFileOrder = (db: Database, batchId: number) =>
  db
    .select()
    .from(paymentBatchReceipts)
    .where(eq(paymentBatchReceipts.batchId, batchId))
    .orderBy(sql`${paymentBatchReceipts.firstRow} asc nulls last`, asc(paymentBatchReceipts.position))
