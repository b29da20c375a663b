import { type Database, paymentBatches } from '@planillas/db'
import { type JobQueue, PAYMENT_BATCH_STATUS } from '@planillas/domain'
import { inArray } from 'drizzle-orm'
import type { Logger } from './context'
import { abandonPaymentImport } from './payment-import/batch-store'

/**
 * The payment batches' side of the sweep (see `sweepPayrollBatches`): a batch no queue holds is
 * enqueued again; one whose job failed for good is closed CON ERRORES. Safe from every worker at
 * once: enqueuing is keyed by batch and closing locks the batch.
 */
export async function sweepPaymentBatches(db: Database, queue: JobQueue, log: Logger) {
  const unfinished = await db
    .select({ id: paymentBatches.id })
    .from(paymentBatches)
    .where(inArray(paymentBatches.status, [PAYMENT_BATCH_STATUS.PENDING, PAYMENT_BATCH_STATUS.PROCESSING]))
    .orderBy(paymentBatches.id)
  let requeued = 0
  for (const batch of unfinished) {
    const payload = { batchId: batch.id }
    const state = await queue.state('payment-import', payload)
    if (state === 'failed') {
      if (await abandonPaymentImport(db, batch.id))
        log.warn('Carga de abonos cerrada: su trabajo falló', { batchId: batch.id })
      continue
    }
    if (state === 'completed') await queue.forget('payment-import', payload)
    if (state === 'missing' || state === 'completed') {
      await queue.enqueue('payment-import', payload)
      requeued++
    }
  }
  if (requeued) log.info('Cargas de abonos pendientes encoladas de nuevo', { requeued })
  return requeued
}
