import {
  type Database,
  type Executor,
  paymentBatches,
  paymentBatchIssues,
  recordAudit,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { countOf, FILE_MESSAGES, PAYMENT_BATCH_STATUS, PAYMENT_ISSUE_KIND } from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import { claimBatch } from '../pipeline/batches'

export type PaymentBatch = typeof paymentBatches.$inferSelect

/** A problem to store: an observation (row left unpaid) or an error (nothing applied). */
export type PaymentIssue = {
  kind: (typeof PAYMENT_ISSUE_KIND)[keyof typeof PAYMENT_ISSUE_KIND]
  rowNumber: number | null
  column: string | null
  value: string | null
  reason: string
  payrollLineId?: number | null
}

const RUNNING = [PAYMENT_BATCH_STATUS.PENDING, PAYMENT_BATCH_STATUS.PROCESSING]

/** Locks the batch for the finishing transaction; false when another attempt already finished it. */
export async function lockRunningBatch(tx: Executor, batchId: number): Promise<boolean> {
  const [current] = await tx
    .select({ status: paymentBatches.status })
    .from(paymentBatches)
    .where(eq(paymentBatches.id, batchId))
    .for('update')
  return current?.status === PAYMENT_BATCH_STATUS.PROCESSING
}

/** Replaces the batch's issues with these, in set-based slices. */
export async function replaceIssues(tx: Executor, batchId: number, issues: PaymentIssue[]) {
  await tx.delete(paymentBatchIssues).where(eq(paymentBatchIssues.batchId, batchId))
  for (let at = 0; at < issues.length; at += 5000) {
    const slice = issues.slice(at, at + 5000)
    await tx.execute(sql`
      insert into payment_batch_issues (batch_id, kind, row_number, "column", value, reason, payroll_line_id)
      select ${batchId}, k, r, c, v, m, l
      from unnest(
        ${sql.param(slice.map((i) => i.kind))}::smallint[],
        ${sql.param(slice.map((i) => i.rowNumber))}::int[],
        ${sql.param(slice.map((i) => i.column))}::text[],
        ${sql.param(slice.map((i) => i.value))}::text[],
        ${sql.param(slice.map((i) => i.reason))}::text[],
        ${sql.param(slice.map((i) => i.payrollLineId ?? null))}::bigint[]
      ) as e(k, r, c, v, m, l)`)
  }
}

/**
 * Ends the batch CON ERRORES with its issues and nothing applied. An attempt that lost a race
 * (the batch already finished) changes nothing.
 */
export async function finishPaymentWithErrors(
  db: Database,
  batch: PaymentBatch,
  issues: PaymentIssue[],
  rowsRead: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockRunningBatch(tx, batch.id))) return false
    await replaceIssues(tx, batch.id, issues)
    await tx
      .update(paymentBatches)
      .set({
        status: PAYMENT_BATCH_STATUS.FAILED,
        progress: 100,
        rowsRead,
        matchedCount: 0,
        unmatchedCount: 0,
        mismatchedCount: 0,
        issueCount: issues.length,
        finishedAt: new Date(),
      })
      .where(eq(paymentBatches.id, batch.id))
    const errors = issues.filter((i) => i.kind === PAYMENT_ISSUE_KIND.ERROR).length
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payment_batches',
      entityId: batch.id,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga de abonos #${batch.id} (planilla ${batch.payrollNumber}, '${batch.fileName}') terminó CON ERRORES: ${countOf(errors, 'error')}, ningún abono registrado`,
    })
    return true
  })
}

/** Ends an unfinished batch CON ERRORES with the generic message (attempts exhausted, job lost). */
export async function abandonPaymentImport(
  db: Database,
  batchId: number,
  message: string = FILE_MESSAGES.unexpected,
): Promise<boolean> {
  const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, batchId))
  if (!batch || !RUNNING.includes(batch.status as 1 | 2)) return false
  // A PENDIENTE batch is claimed first, so the finishing transaction sees it PROCESANDO.
  if (batch.status === PAYMENT_BATCH_STATUS.PENDING) await claimBatch(db, paymentBatches, batchId)
  const issue: PaymentIssue = {
    kind: PAYMENT_ISSUE_KIND.ERROR,
    rowNumber: null,
    column: null,
    value: null,
    reason: message,
  }
  return finishPaymentWithErrors(db, batch, [issue], batch.rowsRead)
}
