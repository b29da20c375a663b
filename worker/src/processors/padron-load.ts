import type { padronLoads } from '@planillas/db'
import type { JobInfo } from '@planillas/domain'
import { PadronFileError } from '@planillas/formats/sunat-padron'
import { FileNotFoundError } from '@planillas/storage'
import type { WorkerContext } from '../context'
import { type ClaimedPadronLoad, PADRON_ERRORS } from '../padron-load/batch-store'
import { PADRON_LOADS } from '../padron-load/kind'
import { loadList } from '../padron-load/load-list'
import { loadRegistry } from '../padron-load/load-registry'
import { closeWithErrors, insertRowErrors, lockProcessing } from '../pipeline/row-errors'
import { type BatchOutcome, type BatchProcessor, runBatchJob } from '../pipeline/run'
import { FILE_MISSING } from '../pipeline/stored-file'

export type PadronLoadOutcome = BatchOutcome<{ outcome: 'processed'; rucs: number }>

/**
 * The padron-load job (docs/decisions/sunat-padrones.md), plugged into the batch pipeline: streams
 * the load's file from storage through the padrón reader into a stage table, then swaps the RUC
 * registry (padrón reducido) or replaces the list's PADRON periods (the three lists), in one
 * transaction. A file that cannot be read ends the load CON ERRORES with nothing replaced.
 */
export const padronLoad: BatchProcessor<typeof padronLoads, PadronLoadOutcome> = {
  kind: PADRON_LOADS,
  process: runLoad,
}

export function processPadronLoad(payload: unknown, ctx: WorkerContext, job?: JobInfo) {
  return runBatchJob(padronLoad, payload, ctx, job)
}

async function runLoad(load: ClaimedPadronLoad, ctx: WorkerContext): Promise<PadronLoadOutcome> {
  let stream: AsyncIterable<Buffer>
  try {
    stream = await ctx.storage.get(load.fileKey)
  } catch (error) {
    if (error instanceof FileNotFoundError) return reject(load, ctx, FILE_MISSING)
    throw error
  }
  try {
    const outcome =
      load.kind === 'REDUCIDO' ? await loadRegistry(load, stream, ctx) : await loadList(load, stream, ctx)
    if (outcome.outcome === 'rejected') return reject(load, ctx, outcome.message)
    return outcome
  } catch (error) {
    if (error instanceof PadronFileError) return reject(load, ctx, error.message)
    throw error
  } finally {
    ;(stream as { destroy?: () => void }).destroy?.()
  }
}

/** Ends the load CON ERRORES with the file's one problem: the previous padrón stays. */
async function reject(
  load: ClaimedPadronLoad,
  ctx: WorkerContext,
  message: string,
): Promise<PadronLoadOutcome> {
  const finished = await ctx.db.transaction(async (tx) => {
    if (!(await lockProcessing(tx, PADRON_ERRORS, load.id))) return false
    await insertRowErrors(tx, PADRON_ERRORS, load.id, load.attempts, [
      { rowNumber: null, column: null, value: null, message },
    ])
    await closeWithErrors(tx, PADRON_ERRORS, load, 0, 1)
    return true
  })
  return finished ? { outcome: 'rejected', errors: 1 } : { outcome: 'skipped' }
}
