import { CONSTANCIA_BATCHES } from '../constancia-import/kind'
import { PADRON_LOADS } from '../padron-load/kind'
import { PAYMENT_BATCHES } from '../payment-import/kind'
import { PAYROLL_BATCHES } from '../payroll-import/kind'
import { VOUCHER_BATCHES } from '../voucher-import/kind'
import type { BatchKind } from './batches'

/**
 * Every kind of uploaded batch, in the order the sweep visits them. The pipeline only lists them:
 * each kind is declared beside its processor.
 */
export const BATCH_KINDS: readonly BatchKind[] = [
  PAYROLL_BATCHES,
  PAYMENT_BATCHES,
  VOUCHER_BATCHES,
  CONSTANCIA_BATCHES,
  PADRON_LOADS,
]
