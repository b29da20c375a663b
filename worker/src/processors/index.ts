import type { JobHandlers } from '@planillas/domain'
import type { WorkerContext } from '../context'
import { processContractStatusSweep } from './contract-status-sweep'
import { processPaymentImport } from './payment-import'
import { processPayrollImport } from './payroll-import'

/** Every job's handler, bound to a context: the BullMQ worker and the in-process queue use these. */
export function createJobHandlers(ctx: WorkerContext): JobHandlers {
  return {
    'payroll-import': (payload, job) => processPayrollImport(payload, ctx, job),
    'payment-import': (payload, job) => processPaymentImport(payload, ctx, job),
    'contract-status-sweep': (payload) => processContractStatusSweep(payload, ctx),
  }
}
