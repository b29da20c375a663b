import { voucherBatches } from '@planillas/db'
import type { BatchKind } from '../pipeline/batches'
import { abandonVoucherBatch } from './batch-store'

/** 'Carga de comprobantes': supplier vouchers of one paying company, all or nothing. */
export const VOUCHER_BATCHES: BatchKind<typeof voucherBatches> = {
  job: 'voucher-import',
  table: voucherBatches,
  words: {
    batch: 'Carga de comprobantes',
    batches: 'Cargas de comprobantes',
    theBatch: 'la carga de comprobantes',
  },
  resetOnClaim: { errorCount: 0 },
  abandon: abandonVoucherBatch,
}
