import type { Database } from '@planillas/db'
import type { JobQueue } from '@planillas/domain'
import { CONSTANCIA_BATCHES } from './constancia-import/kind'
import type { Logger } from './context'
import { PADRON_LOADS } from './padron-load/kind'
import { PAYMENT_BATCHES } from './payment-import/kind'
import { PAYROLL_BATCHES } from './payroll-import/kind'
import type { BatchKind } from './pipeline/batches'
import { sweepBatches } from './pipeline/sweep'
import { VOUCHER_BATCHES } from './voucher-import/kind'

/**
 * Every kind of uploaded batch, in the order the sweep visits them. The pipeline knows none of them:
 * each kind is declared beside its processor, and listed here, above both.
 */
export const BATCH_KINDS: readonly BatchKind[] = [
  PAYROLL_BATCHES,
  PAYMENT_BATCHES,
  VOUCHER_BATCHES,
  CONSTANCIA_BATCHES,
  PADRON_LOADS,
]

/** Puts the unfinished batches of every kind back on track (`sweepBatches`). */
export const sweepAllBatches = (db: Database, queue: JobQueue, log: Logger) =>
  sweepBatches(db, queue, log, BATCH_KINDS)
