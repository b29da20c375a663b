import {
  type Database,
  type Executor,
  payrollBatchErrors,
  payrollBatches,
  recordAudit,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { BATCH_STATUS, countOf, FILE_MESSAGES } from '@planillas/domain'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'

export type ClaimedBatch = typeof payrollBatches.$inferSelect

export type FileProblem = {
  rowNumber: number | null
  column: string | null
  value: string | null
  message: string
}

/** Stores a slice of a batch's errors with one set-based insert. */
export async function insertErrors(db: Executor, batchId: number, attempt: number, problems: FileProblem[]) {
  for (let at = 0; at < problems.length; at += 5000) {
    const slice = problems.slice(at, at + 5000)
    await db.execute(sql`
      insert into payroll_batch_errors (batch_id, attempt, row_number, "column", value, message)
      select ${batchId}, ${attempt}, r, c, v, m
      from unnest(
        ${sql.param(slice.map((p) => p.rowNumber))}::int[],
        ${sql.param(slice.map((p) => p.column))}::text[],
        ${sql.param(slice.map((p) => p.value))}::text[],
        ${sql.param(slice.map((p) => p.message))}::text[]
      ) as e(r, c, v, m)`)
  }
}

/**
 * Ends the batch CON ERRORES, keeping only this attempt's errors. Locks the batch first, so an
 * attempt that lost a race (the batch already finished) changes nothing and drops its errors.
 */
export async function finishWithErrors(db: Database, batch: ClaimedBatch, rowsRead: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: payrollBatches.status })
      .from(payrollBatches)
      .where(eq(payrollBatches.id, batch.id))
      .for('update')
    const errors = and(
      eq(payrollBatchErrors.batchId, batch.id),
      eq(payrollBatchErrors.attempt, batch.attempts),
    )
    if (current?.status !== BATCH_STATUS.PROCESSING) {
      await tx.delete(payrollBatchErrors).where(errors)
      return false
    }
    await tx
      .delete(payrollBatchErrors)
      .where(and(eq(payrollBatchErrors.batchId, batch.id), ne(payrollBatchErrors.attempt, batch.attempts)))
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payrollBatchErrors)
      .where(errors)
    await tx
      .update(payrollBatches)
      .set({
        status: BATCH_STATUS.FAILED,
        progress: 100,
        rowsRead,
        errorCount: count,
        finishedAt: new Date(),
      })
      .where(eq(payrollBatches.id, batch.id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payroll_batches',
      entityId: batch.id,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga #${batch.id} ('${batch.fileName}', planilla ${batch.code}) terminó CON ERRORES: ${countOf(count, 'error')}, nada registrado`,
    })
    return true
  })
}

/** Removes the errors this attempt stored so far. */
export async function clearAttemptErrors(db: Executor, batch: ClaimedBatch) {
  await db
    .delete(payrollBatchErrors)
    .where(and(eq(payrollBatchErrors.batchId, batch.id), eq(payrollBatchErrors.attempt, batch.attempts)))
}

/**
 * Ends an unfinished batch CON ERRORES with the generic message when its job is lost or out of
 * attempts (the pipeline's `abandon`); false when it had already finished.
 */
export async function abandonPayrollBatch(
  db: Database,
  batchId: number,
  message: string = FILE_MESSAGES.unexpected,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(payrollBatches)
      .where(
        and(
          eq(payrollBatches.id, batchId),
          inArray(payrollBatches.status, [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING]),
        ),
      )
      .for('update')
    if (!batch) return false
    await tx.delete(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, batchId))
    await tx.insert(payrollBatchErrors).values({ batchId, attempt: batch.attempts, message })
    await tx
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.FAILED, progress: 100, errorCount: 1, finishedAt: new Date() })
      .where(eq(payrollBatches.id, batchId))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payroll_batches',
      entityId: batchId,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga #${batchId} ('${batch.fileName}', planilla ${batch.code}) no se pudo procesar tras ${countOf(batch.attempts, 'intento')}`,
    })
    return true
  })
}
