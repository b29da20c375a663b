import { z } from 'zod'
import { isIsoDate } from '../common/dates'

/**
 * The daily contract status job ('contract-status-sweep'): the Lima day it sweeps (today when
 * absent, as the repeatable job sends it) and when it runs.
 */
export const ContractStatusSweepPayloadSchema = z.object({
  date: z.string().refine(isIsoDate, 'Fecha inválida').optional(),
})
export type ContractStatusSweepPayload = z.infer<typeof ContractStatusSweepPayloadSchema>

/** Every day at 00:05 in Lima, the first minutes of the day a contract changes status. */
export const CONTRACT_SWEEP_SCHEDULE = {
  pattern: '5 0 * * *',
  tz: 'America/Lima',
  hour: 0,
  minute: 5,
} as const

/** One sweep per day: enqueuing the same day twice is a no-op while the job exists. */
export const contractSweepJobId = (payload: ContractStatusSweepPayload) =>
  `contract-status-sweep-${payload.date ?? 'hoy'}`
