import { constanciaBatchErrors, constanciaBatches, type Database } from '@planillas/db'
import { eq } from 'drizzle-orm'
import {
  abandonRowErrorBatch,
  closeWithErrors,
  type FileProblem,
  insertRowErrors,
  lockProcessing,
  type RowErrorStore,
} from '../pipeline/row-errors'

export type ClaimedConstanciaBatch = typeof constanciaBatches.$inferSelect

/**
 * The constancias kind's problems of a refused file, in the pipeline's shared row-error store
 * (docs/decisions/batch-pipeline.md); its rows not matched are stored beside them with their own
 * columns (`import-constancias.ts`).
 */
export const CONSTANCIA_ERRORS: RowErrorStore<ClaimedConstanciaBatch> = {
  batches: constanciaBatches,
  errors: constanciaBatchErrors,
  entity: 'constancia_batches',
  named: (batch) => `La carga de constancias #${batch.id} ('${batch.fileName}')`,
  nothingRecorded: 'ningún depósito registrado',
}

/**
 * Ends the batch CON ERRORES with the file's problems, nothing recorded. Locks the batch first:
 * an attempt that lost a race (the batch already finished) changes nothing.
 */
export async function finishWithErrors(
  db: Database,
  batch: ClaimedConstanciaBatch,
  problems: FileProblem[],
  rowsRead: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockProcessing(tx, CONSTANCIA_ERRORS, batch.id))) return false
    await tx.delete(constanciaBatchErrors).where(eq(constanciaBatchErrors.batchId, batch.id))
    await insertRowErrors(tx, CONSTANCIA_ERRORS, batch.id, batch.attempts, problems)
    await closeWithErrors(tx, CONSTANCIA_ERRORS, batch, rowsRead, problems.length)
    return true
  })
}

/** Ends an unfinished batch CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonConstanciaBatch = abandonRowErrorBatch(CONSTANCIA_ERRORS)
