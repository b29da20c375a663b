import { voucherBatchErrors, voucherBatches } from '@planillas/db'
import {
  abandonRowErrorBatch,
  type FileProblem,
  finishWithFileProblems,
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

/** Ends the batch CON ERRORES with the file's problems, nothing recorded (false: it lost a race). */
export const finishWithErrors = finishWithFileProblems(VOUCHER_ERRORS)

/** Ends an unfinished batch CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonVoucherBatch = abandonRowErrorBatch(VOUCHER_ERRORS)
