import type { Database } from '@planillas/db'
import type { JobQueue } from '@planillas/domain'
import type { Logger } from '../context'
import { type BatchKind, unfinishedBatchIds } from './batches'

/**
 * Puts unfinished batches of every kind back on track: a batch that no queue holds (Redis was
 * down when it was accepted, or the in-process queue died with its process) is enqueued again;
 * one whose job failed for good (it kept killing its worker) is closed CON ERRORES. Safe to run
 * from every worker at once: enqueuing is keyed by batch and closing locks the batch. A job still
 * waiting, delayed for a retry or active (even on a killed worker: BullMQ takes it back when its
 * lock expires) is left to the queue. Loads no processor: a worker that only sweeps never reads a
 * file. Returns how many batches were enqueued again.
 */
export async function sweepBatches(db: Database, queue: JobQueue, log: Logger, kinds: readonly BatchKind[]) {
  let requeued = 0
  for (const kind of kinds) requeued += await sweepKind(db, queue, log, kind)
  return requeued
}

async function sweepKind(db: Database, queue: JobQueue, log: Logger, kind: BatchKind) {
  let requeued = 0
  for (const batchId of await unfinishedBatchIds(db, kind.table)) {
    const payload = { batchId }
    const state = await queue.state(kind.job, payload)
    if (state === 'failed') {
      if (await kind.abandon(db, batchId))
        log.warn(`${kind.words.batch} cerrada: su trabajo falló`, { batchId })
      continue
    }
    if (state === 'completed') await queue.forget(kind.job, payload)
    if (state === 'missing' || state === 'completed') {
      await queue.enqueue(kind.job, payload)
      requeued++
    }
  }
  if (requeued) log.info(`${kind.words.batches} pendientes encoladas de nuevo`, { requeued })
  return requeued
}
