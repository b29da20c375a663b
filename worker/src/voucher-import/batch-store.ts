import { type Database, recordAudit, SYSTEM_ACTOR, voucherBatchErrors, voucherBatches } from '@planillas/db'
import { BATCH_STATUS, countOf, FILE_MESSAGES } from '@planillas/domain'
import { and, eq, inArray } from 'drizzle-orm'

export type ClaimedVoucherBatch = typeof voucherBatches.$inferSelect

export type FileProblem = {
  rowNumber: number | null
  column: string | null
  value: string | null
  message: string
}

/**
 * Ends the batch CON ERRORES with every problem of this attempt, nothing registered. Locks the
 * batch first: an attempt that lost a race (the batch already finished) changes nothing.
 */
export async function finishWithErrors(
  db: Database,
  batch: ClaimedVoucherBatch,
  problems: FileProblem[],
  rowsRead: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: voucherBatches.status })
      .from(voucherBatches)
      .where(eq(voucherBatches.id, batch.id))
      .for('update')
    if (current?.status !== BATCH_STATUS.PROCESSING) return false
    await tx.delete(voucherBatchErrors).where(eq(voucherBatchErrors.batchId, batch.id))
    for (let at = 0; at < problems.length; at += 1000)
      await tx
        .insert(voucherBatchErrors)
        .values(
          problems.slice(at, at + 1000).map((p) => ({ ...p, batchId: batch.id, attempt: batch.attempts })),
        )
    await tx
      .update(voucherBatches)
      .set({
        status: BATCH_STATUS.FAILED,
        progress: 100,
        rowsRead,
        errorCount: problems.length,
        finishedAt: new Date(),
      })
      .where(eq(voucherBatches.id, batch.id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'voucher_batches',
      entityId: batch.id,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga de comprobantes #${batch.id} ('${batch.fileName}') terminó CON ERRORES: ${countOf(problems.length, 'error')}, ningún comprobante registrado`,
    })
    return true
  })
}

/**
 * Ends an unfinished batch CON ERRORES with the generic message when its job is lost or out of
 * attempts (the pipeline's `abandon`); false when it had already finished.
 */
export async function abandonVoucherBatch(
  db: Database,
  batchId: number,
  message: string = FILE_MESSAGES.unexpected,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(voucherBatches)
      .where(
        and(
          eq(voucherBatches.id, batchId),
          inArray(voucherBatches.status, [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING]),
        ),
      )
      .for('update')
    if (!batch) return false
    await tx.delete(voucherBatchErrors).where(eq(voucherBatchErrors.batchId, batchId))
    await tx.insert(voucherBatchErrors).values({ batchId, attempt: batch.attempts, message })
    await tx
      .update(voucherBatches)
      .set({ status: BATCH_STATUS.FAILED, progress: 100, errorCount: 1, finishedAt: new Date() })
      .where(eq(voucherBatches.id, batchId))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'voucher_batches',
      entityId: batchId,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga de comprobantes #${batchId} ('${batch.fileName}') no se pudo procesar tras ${countOf(batch.attempts, 'intento')}`,
    })
    return true
  })
}
