import { constanciaBatches } from '@planillas/db'
import type { BatchKind } from '../pipeline/batches'
import { abandonConstanciaBatch } from './batch-store'

/** 'Importar constancias': SUNAT's constancias de depósito, matched to the vouchers' detracciones. */
export const CONSTANCIA_BATCHES: BatchKind<typeof constanciaBatches> = {
  job: 'constancia-import',
  table: constanciaBatches,
  words: {
    batch: 'Carga de constancias',
    batches: 'Cargas de constancias',
    theBatch: 'la carga de constancias',
  },
  resetOnClaim: { errorCount: 0 },
  abandon: abandonConstanciaBatch,
}
