import { type Executor, padronLoadErrors, padronLoads, recordAudit, SYSTEM_ACTOR } from '@planillas/db'
import { BATCH_STATUS, countOf } from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { insertRowErrors } from '../pipeline/row-errors'
import { type ClaimedPadronLoad, PADRON_ERRORS } from './batch-store'
import type { ReadOutcome } from './read-into'

/**
 * Ends a load PROCESADO in the caller's transaction (the one that swapped or merged it): its bad
 * lines of this attempt stay as its problems, the audit says what it changed.
 */
export async function closeProcessed(
  tx: Executor,
  load: ClaimedPadronLoad,
  read: ReadOutcome,
  rucCount: number,
  changed: string,
) {
  await tx.delete(padronLoadErrors).where(eq(padronLoadErrors.batchId, load.id))
  await insertRowErrors(tx, PADRON_ERRORS, load.id, load.attempts, read.problems)
  await tx
    .update(padronLoads)
    .set({
      status: BATCH_STATUS.PROCESSED,
      progress: 100,
      rowsRead: read.rowsRead,
      errorCount: read.badLines,
      rucCount,
      attemptOpen: false,
      finishedAt: new Date(),
    })
    .where(eq(padronLoads.id, load.id))
  const bad = read.badLines ? `; ${countOf(read.badLines, 'línea')} sin el formato del padrón, omitidas` : ''
  await recordAudit(tx, {
    action: 'UPDATE',
    entity: PADRON_ERRORS.entity,
    entityId: load.id,
    actor: load.createdBy ?? SYSTEM_ACTOR,
    description: `${PADRON_ERRORS.named(load)} quedó PROCESADA: ${countOf(rucCount, 'RUC', 'RUC')}${bad}. ${changed}`,
  })
}
