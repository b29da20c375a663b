import { constanciaBatchErrors, constanciaBatches } from '@planillas/db'
import { abandonRowErrorBatch, finishWithFileProblems, type RowErrorStore } from '../pipeline/row-errors'

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

/** Ends the batch CON ERRORES with the file's problems, nothing recorded (false: it lost a race). */
export const finishWithErrors = finishWithFileProblems(CONSTANCIA_ERRORS)

/** Ends an unfinished batch CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonConstanciaBatch = abandonRowErrorBatch(CONSTANCIA_ERRORS)
