import type { JobHandlers } from '@planillas/domain'
import type { WorkerContext } from '../context'

/**
 * Every job's handler, bound to a context: the BullMQ worker and the in-process queue use these.
 * Each processor module is loaded the first time its job runs, so a worker only carries the code
 * (and memory: exceljs, pdf-lib) of the jobs it has actually run.
 */
export function createJobHandlers(ctx: WorkerContext): JobHandlers {
  return {
    'payroll-import': async (payload, job) =>
      (await import('./payroll-import')).processPayrollImport(payload, ctx, job),
    'payment-import': async (payload, job) =>
      (await import('./payment-import')).processPaymentImport(payload, ctx, job),
    'payment-receipts': async (payload) =>
      (await import('./payment-receipts')).processPaymentReceipts(payload, ctx),
    'voucher-import': async (payload, job) =>
      (await import('./voucher-import')).processVoucherImport(payload, ctx, job),
    'constancia-import': async (payload, job) =>
      (await import('./constancia-import')).processConstanciaImport(payload, ctx, job),
    'padron-load': async (payload, job) =>
      (await import('./padron-load')).processPadronLoad(payload, ctx, job),
    'contract-status-sweep': async (payload) =>
      (await import('./contract-status-sweep')).processContractStatusSweep(payload, ctx),
    'payroll-boletas': async (payload, job) =>
      (await import('./payroll-boletas')).processPayrollBoletas(payload, ctx, job),
  }
}
