import { payrollBatches } from '@planillas/db'
import type { BatchKind } from '../pipeline/batches'
import { abandonPayrollBatch } from './batch-store'

/** 'Carga de planillas': one payroll per file. */
export const PAYROLL_BATCHES: BatchKind<typeof payrollBatches> = {
  job: 'payroll-import',
  table: payrollBatches,
  words: { batch: 'Carga', batches: 'Cargas', theBatch: 'la carga' },
  resetOnClaim: { errorCount: 0 },
  abandon: abandonPayrollBatch,
}
