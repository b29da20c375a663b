import { paymentBatches } from '@planillas/db'
import type { BatchKind } from '../pipeline/batches'
import { abandonPaymentImport } from './batch-store'

/** 'Carga de abonos': the payments made, an Excel and its receipts. */
export const PAYMENT_BATCHES: BatchKind<typeof paymentBatches> = {
  job: 'payment-import',
  table: paymentBatches,
  words: { batch: 'Carga de abonos', batches: 'Cargas de abonos', theBatch: 'la carga de abonos' },
  abandon: abandonPaymentImport,
}
