import { PaymentReceiptsPayloadSchema } from '@planillas/domain'
import type { WorkerContext } from '../context'
import { type MergedReceiptsOutcome, storeMergedReceipts } from '../payment-import/merged-receipts'

/**
 * The 'payment-receipts' job: the merged receipts of a processed batch, when its import did not
 * leave them in the storage (batches uploaded before the merge moved to the worker, a merge that
 * failed, a stored copy gone). The API enqueues it from 'Descargar constancias'; errors are
 * thrown for the queue's retries.
 */
export async function processPaymentReceipts(
  payload: unknown,
  ctx: WorkerContext,
): Promise<MergedReceiptsOutcome> {
  const { batchId } = PaymentReceiptsPayloadSchema.parse(payload)
  return storeMergedReceipts(ctx, batchId)
}
