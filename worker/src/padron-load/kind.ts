import { padronLoads } from '@planillas/db'
import type { BatchKind } from '../pipeline/batches'
import { abandonPadronLoad } from './batch-store'

/** 'Carga de padrones': one of SUNAT's padrones, loaded whole or not at all. */
export const PADRON_LOADS: BatchKind<typeof padronLoads> = {
  job: 'padron-load',
  table: padronLoads,
  words: {
    batch: 'Carga del padrón',
    batches: 'Cargas de padrones',
    theBatch: 'la carga del padrón',
  },
  resetOnClaim: { errorCount: 0 },
  abandon: abandonPadronLoad,
}
