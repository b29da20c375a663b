import { type Database, voucherBatchErrors, voucherBatches } from '@planillas/db'
import { eq } from 'drizzle-orm'
import {
  abandonRowErrorBatch,
  closeWithErrors,
  type FileProblem,
  insertRowErrors,
  lockProcessing,
  type RowErrorStore,
} from '../pipeline/row-errors'

export type { FileProblem }
export type ClaimedVoucherBatch = typeof voucherBatches.$inferSelect

/** The vouchers kind's row errors (the pipeline's shared store, docs/decisions/batch-pipeline.md). */
export const VOUCHER_ERRORS: RowErrorStore<ClaimedVoucherBatch> = {
  batches: voucherBatches,
  errors: voucherBatchErrors,
  entity: 'voucher_batches',
  named: (batch) => `La carga de comprobantes #${batch.id} ('${batch.fileName}')`,
  nothingRecorded: 'ningún comprobante registrado',
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
    if (!(await lockProcessing(tx, VOUCHER_ERRORS, batch.id))) return false
    await tx.delete(voucherBatchErrors).where(eq(voucherBatchErrors.batchId, batch.id))
    await insertRowErrors(tx, VOUCHER_ERRORS, batch.id, batch.attempts, problems)
    await closeWithErrors(tx, VOUCHER_ERRORS, batch, rowsRead, problems.length)
    return true
  })
}

/** Ends an unfinished batch CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonVoucherBatch = abandonRowErrorBatch(VOUCHER_ERRORS)
