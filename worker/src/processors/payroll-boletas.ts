import { type JobInfo, PayrollBoletasPayloadSchema } from '@planillas/domain'
import { type BoletaRunOutcome, runBoletas } from '../boletas/boleta-run'
import type { WorkerContext } from '../context'

/** The 'payroll-boletas' job: a payroll's boletas as one ZIP (kind 1) or by e-mail (kind 2). */
export async function processPayrollBoletas(
  payload: unknown,
  ctx: WorkerContext,
  job?: JobInfo,
): Promise<BoletaRunOutcome> {
  return runBoletas(ctx, PayrollBoletasPayloadSchema.parse(payload), job)
}
