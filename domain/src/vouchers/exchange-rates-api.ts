import { z } from 'zod'
import { calendarDate } from '../common/fields'
import type { Wire } from '../common/wire'

/** One day's SBS venta rate as the API answers it (`sellRateMilli`: soles per dollar in thousandths). */
export const ExchangeRateRowSchema = z.object({
  id: z.number(),
  currency: z.string(),
  day: z.string(),
  sellRateMilli: z.number(),
  source: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
})
export type ExchangeRateRow = Wire<typeof ExchangeRateRowSchema>

/** `GET /exchange-rates?from=&to=`: the days between, newest first (without a range: the latest 400). */
export const ExchangeRateQuerySchema = z.object({
  from: calendarDate('Fecha inválida').optional(),
  to: calendarDate('Fecha inválida').optional(),
})

/** What an import did: the days added, the days it already had with the same rate. */
export const ExchangeRateImportSchema = z.object({ created: z.number(), unchanged: z.number() })
export type ExchangeRateImport = z.infer<typeof ExchangeRateImportSchema>
