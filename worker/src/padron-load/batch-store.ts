import { padronLoadErrors, padronLoads } from '@planillas/db'
import { PADRON_LABEL, type PadronKind } from '@planillas/domain'
import { abandonRowErrorBatch, type RowErrorStore } from '../pipeline/row-errors'

export type ClaimedPadronLoad = typeof padronLoads.$inferSelect

/** The padron loads' problems (the pipeline's shared store, docs/decisions/batch-pipeline.md). */
export const PADRON_ERRORS: RowErrorStore<ClaimedPadronLoad> = {
  batches: padronLoads,
  errors: padronLoadErrors,
  entity: 'padron_loads',
  named: (load) =>
    `La carga del padrón #${load.id} (${PADRON_LABEL[load.kind as PadronKind]}, '${load.fileName}')`,
  nothingRecorded: 'el padrón anterior sigue vigente',
}

/** Ends an unfinished load CON ERRORES when its job is lost or out of attempts (the pipeline's `abandon`). */
export const abandonPadronLoad = abandonRowErrorBatch(PADRON_ERRORS)
