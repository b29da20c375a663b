import { JOB_PAYLOAD_SCHEMAS, type JobInfo } from '@planillas/domain'
import type { WorkerContext } from '../context'
import { type BatchKind, type BatchRow, type BatchTable, claimBatch } from './batches'

/**
 * The kind-specific part of a batch job, plugged into `runBatchJob`: what to do with a claimed
 * batch (read its files, check every row, write the result and finish it PROCESADO or CON
 * ERRORES), and what follows a run that finished it.
 */
export type BatchProcessor<T extends BatchTable, O extends { outcome: string }> = {
  kind: BatchKind<T>
  process: (batch: BatchRow<T>, ctx: WorkerContext) => Promise<O>
  /** After a run that did not skip the batch; its own failures must not undo the import. */
  afterwards?: (batchId: number, ctx: WorkerContext) => Promise<void>
}

/** A run with nothing to do: the batch is finished, unknown, or another attempt finished it. */
export type Skipped = { outcome: 'skipped' }
/** The batch ended CON ERRORES (its file's problems, or the generic message of a last attempt). */
export type Rejected = { outcome: 'rejected'; errors: number }

/** What a run of a batch job gives: the processor's own outcome, or skipped, or CON ERRORES. */
export type BatchOutcome<O extends { outcome: string }> = O | Skipped | Rejected

/** A run outside any queue (tests, scripts): one attempt, so an unexpected error closes the batch. */
export const SINGLE_ATTEMPT: JobInfo = { id: 'direct', attempt: 1, maxAttempts: 1 }

/**
 * One batch job (docs/architecture.md), the same for every kind: claim the batch (a finished or unknown one
 * is skipped), let the processor work on it, log the outcome. Idempotent as long as the
 * processor re-checks the batch under a row lock when it finishes it. An unexpected error is
 * thrown for the queue's retry, except on the last attempt, where the batch ends CON ERRORES.
 */
export async function runBatchJob<T extends BatchTable, O extends { outcome: string }>(
  processor: BatchProcessor<T, O>,
  payload: unknown,
  ctx: WorkerContext,
  job: JobInfo = SINGLE_ATTEMPT,
): Promise<O | Skipped | Rejected> {
  const { kind } = processor
  const { batchId } = JOB_PAYLOAD_SCHEMAS[kind.job].parse(payload)
  const batch = await claimBatch(ctx.db, kind.table, batchId, kind.resetOnClaim)
  if (!batch) {
    ctx.log.info(`${kind.words.batch} ya terminada o inexistente: nada que hacer`, { batchId, jobId: job.id })
    return { outcome: 'skipped' }
  }
  const started = Date.now()
  try {
    const outcome = await processor.process(batch, ctx)
    ctx.log.info(`${kind.words.batch} procesada`, {
      batchId,
      ...outcome,
      ms: Date.now() - started,
      attempt: job.attempt,
    })
    if (outcome.outcome !== 'skipped') await processor.afterwards?.(batchId, ctx)
    return outcome
  } catch (error) {
    ctx.log.error(`Falló ${kind.words.theBatch}`, {
      batchId,
      attempt: job.attempt,
      error: String((error as Error)?.stack ?? error),
    })
    if (job.attempt < job.maxAttempts) throw error
    await kind.abandon(ctx.db, batchId)
    return { outcome: 'rejected', errors: 1 }
  }
}
