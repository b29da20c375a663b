import { type Database, payrollBatches } from '@planillas/db'
import { BATCH_STATUS, type JobQueue } from '@planillas/domain'
import { inArray } from 'drizzle-orm'
import type { Logger } from './context'
import { abandonPayrollImport } from './processors/payroll-import'

/**
 * Puts unfinished batches back on track: a batch that no queue holds (Redis was down when it was
 * accepted, or the in-process queue died with its process) is enqueued again; one whose job
 * failed for good (it kept killing its worker) is closed CON ERRORES. Safe to run from every
 * worker at once: enqueuing is keyed by batch and closing locks the batch. A job still waiting,
 * delayed for a retry or active (even on a killed worker: BullMQ takes it back when its lock
 * expires) is left to the queue.
 */
export async function sweepPayrollBatches(db: Database, queue: JobQueue, log: Logger) {
  const unfinished = await db
    .select({ id: payrollBatches.id })
    .from(payrollBatches)
    .where(inArray(payrollBatches.status, [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING]))
    .orderBy(payrollBatches.id)
  let requeued = 0
  for (const batch of unfinished) {
    const payload = { batchId: batch.id }
    const state = await queue.state('payroll-import', payload)
    if (state === 'failed') {
      if (await abandonPayrollImport(db, batch.id))
        log.warn('Carga cerrada: su trabajo falló', { batchId: batch.id })
      continue
    }
    if (state === 'completed') await queue.forget('payroll-import', payload)
    if (state === 'missing' || state === 'completed') {
      await queue.enqueue('payroll-import', payload)
      requeued++
    }
  }
  if (requeued) log.info('Cargas pendientes encoladas de nuevo', { requeued })
  return requeued
}
