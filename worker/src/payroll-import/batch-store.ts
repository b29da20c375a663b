import { type Database, type Executor, payrollBatchErrors, payrollBatches } from '@planillas/db'
import { and, eq, sql } from 'drizzle-orm'
import {
  abandonRowErrorBatch,
  clearAttemptErrors as clearErrorsOf,
  closeWithErrors,
  type FileProblem,
  insertRowErrors,
  lockProcessing,
  type RowErrorStore,
} from '../pipeline/row-errors'

export type { FileProblem }
export type ClaimedBatch = typeof payrollBatches.$inferSelect

/** The payroll kind's row errors (the pipeline's shared store, docs/decisions/batch-pipeline.md). */
export const PAYROLL_ERRORS: RowErrorStore<ClaimedBatch> = {
  batches: payrollBatches,
  errors: payrollBatchErrors,
  entity: 'payroll_batches',
  named: (batch) => `La carga #${batch.id} ('${batch.fileName}', planilla ${batch.code})`,
  nothingRecorded: 'nada registrado',
}

/** Stores a slice of a batch's errors with one set-based insert. */
export const insertErrors = (db: Executor, batchId: number, attempt: number, problems: FileProblem[]) =>
  insertRowErrors(db, PAYROLL_ERRORS, batchId, attempt, problems)

/**
 * Ends the batch CON ERRORES, keeping only this attempt's errors (stored as the file was read).
 * Locks the batch first, so an attempt that lost a race (the batch already finished) changes
 * nothing and drops its errors.
 */
export async function finishWithErrors(db: Database, batch: ClaimedBatch, rowsRead: number) {
  return db.transaction(async (tx) => {
    if (!(await lockProcessing(tx, PAYROLL_ERRORS, batch.id))) {
      await clearErrorsOf(tx, PAYROLL_ERRORS, batch)
      return false
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payrollBatchErrors)
      .where(and(eq(payrollBatchErrors.batchId, batch.id), eq(payrollBatchErrors.attempt, batch.attempts)))
    await closeWithErrors(tx, PAYROLL_ERRORS, batch, rowsRead, count)
    return true
  })
}

/** Removes the errors this attempt stored so far. */
export const clearAttemptErrors = (db: Executor, batch: ClaimedBatch) =>
  clearErrorsOf(db, PAYROLL_ERRORS, batch)

/** Ends an unfinished batch CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonPayrollBatch = abandonRowErrorBatch(PAYROLL_ERRORS)
