import { z } from 'zod'
import { ContractStatusSweepPayloadSchema, contractSweepJobId } from './contracts/contract-sweep'

/**
 * Background jobs: their names, payloads and the queue interface that the API enqueues through.
 * The adapters (BullMQ, in-process) live in `@planillas/db/queue`; the processors in `worker/`.
 */
export const JOB_NAMES = {
  payrollImport: 'payroll-import',
  paymentImport: 'payment-import',
  paymentReceipts: 'payment-receipts',
  voucherImport: 'voucher-import',
  constanciaImport: 'constancia-import',
  contractStatusSweep: 'contract-status-sweep',
  payrollBoletas: 'payroll-boletas',
  padronLoad: 'padron-load',
} as const
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES]

export const PayrollImportPayloadSchema = z.object({ batchId: z.number().int().positive() })
export type PayrollImportPayload = z.infer<typeof PayrollImportPayloadSchema>
/** Payments made ('Cargar abonos'): one job per payment batch. */
export const PaymentImportPayloadSchema = z.object({ batchId: z.number().int().positive() })
/** The merged receipts of a processed payment batch, for batches whose import did not build it. */
export const PaymentReceiptsPayloadSchema = z.object({ batchId: z.number().int().positive() })
/** A payroll's boletas de pago: kind 1 the ZIP to download, 2 the e-mails (docs/decisions/boletas.md). */
export const PayrollBoletasPayloadSchema = z.object({
  payrollId: z.number().int().positive(),
  kind: z.union([z.literal(1), z.literal(2)]),
})
/** Supplier vouchers ('Carga de comprobantes'): one job per voucher batch. */
export const VoucherImportPayloadSchema = z.object({ batchId: z.number().int().positive() })
/** SUNAT's constancias de depósito ('Importar constancias'): one job per constancia batch. */
export const ConstanciaImportPayloadSchema = z.object({ batchId: z.number().int().positive() })
/** A SUNAT padrón (docs/decisions/sunat-padrones.md): one job per load. */
export const PadronLoadPayloadSchema = z.object({ batchId: z.number().int().positive() })

export const JOB_PAYLOAD_SCHEMAS = {
  'payroll-import': PayrollImportPayloadSchema,
  'payment-import': PaymentImportPayloadSchema,
  'payment-receipts': PaymentReceiptsPayloadSchema,
  'voucher-import': VoucherImportPayloadSchema,
  'constancia-import': ConstanciaImportPayloadSchema,
  'contract-status-sweep': ContractStatusSweepPayloadSchema,
  'payroll-boletas': PayrollBoletasPayloadSchema,
  'padron-load': PadronLoadPayloadSchema,
} as const satisfies Record<JobName, z.ZodType>

export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)[N]> }

/**
 * One job per upload, keyed by its batch: enqueuing the same batch twice is a no-op while the job
 * exists, and a retry finds the same id (docs/conventions.md: `payroll-batch-42`).
 */
export function jobIdFor<N extends JobName>(name: N, payload: JobPayloads[N]): string {
  switch (name) {
    case 'payroll-import':
      return `payroll-batch-${(payload as JobPayloads['payroll-import']).batchId}`
    case 'payment-import':
      return `payment-batch-${(payload as JobPayloads['payment-import']).batchId}`
    case 'payment-receipts':
      return `payment-receipts-${(payload as JobPayloads['payment-receipts']).batchId}`
    case 'voucher-import':
      return `voucher-batch-${(payload as JobPayloads['voucher-import']).batchId}`
    case 'constancia-import':
      return `constancia-batch-${(payload as JobPayloads['constancia-import']).batchId}`
    case 'padron-load':
      return `padron-load-${(payload as JobPayloads['padron-load']).batchId}`
    case 'contract-status-sweep':
      return contractSweepJobId(payload as JobPayloads['contract-status-sweep'])
    case 'payroll-boletas': {
      const { payrollId, kind } = payload as JobPayloads['payroll-boletas']
      return `payroll-boletas-${payrollId}-${kind}`
    }
  }
  throw new Error(`Trabajo desconocido: ${name}`)
}

/** Retries: a few attempts with exponential backoff (2 s, 4 s, 8 s, 16 s) and jitter. */
export const JOB_ATTEMPTS = 5
export const JOB_BACKOFF_MS = 2000

export type JobState = 'missing' | 'waiting' | 'active' | 'delayed' | 'completed' | 'failed'

/** What the API sees of a queue: enqueue a job, close on shutdown; the sweeper also asks states. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process'
  /** Adds the job unless one with the same id exists (then it is a no-op). */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void>
  /** Where the job with this payload's id is; 'missing' when the queue does not hold it. */
  state<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<JobState>
  /** Drops a finished job so that the same id can be enqueued again. */
  forget<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void>
  /** Whether the queue can take a job now, answered at once (BullMQ: Redis answers); absent: always. */
  available?(): Promise<boolean>
  close(): Promise<void>
}

/** What a processor gets besides its payload. */
export type JobInfo = { id: string; attempt: number; maxAttempts: number }

/** The function that runs one kind of job; both queue adapters call these. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], job: JobInfo) => Promise<unknown>
export type JobHandlers = { [N in JobName]: JobHandler<N> }

/** Exponential backoff with ±25 % jitter: attempt 1 failed → about 2 s, then 4 s, 8 s… */
export function backoffDelay(attemptsMade: number, baseMs = JOB_BACKOFF_MS, random = Math.random): number {
  const delay = baseMs * 2 ** Math.max(0, attemptsMade - 1)
  return Math.round(delay * (0.75 + random() * 0.5))
}
