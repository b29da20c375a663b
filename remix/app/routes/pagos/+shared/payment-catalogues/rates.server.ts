import {
  centsToSoles,
  type RetentionRateInput,
  type RetentionRateSchema,
  SPOT_RATE_MESSAGES,
  type SpotRateInput,
  type SpotRateSchema,
} from '@planillas/domain'
import type { z } from 'zod'

/** Where a dated row stands on a day: the row in force, one that starts later, or one it replaced. */
export type Validity = 'vigente' | 'programada' | 'anterior'

type Dated = { validFrom: string }

/**
 * The rows of a dated table (catalogue 54 by code, the retention regime as one series) as the
 * administrator's screen shows them: series in order, newest validity first within each, every
 * row kept (rows are never edited nor deleted, docs/domain.md), each with where it stands on `today`.
 */
export function datedHistory<T extends Dated>(
  rows: readonly T[],
  today: string,
  seriesOf: (row: T) => string = () => '',
): (T & { validity: Validity })[] {
  const sorted = [...rows].sort(
    (a, b) => seriesOf(a).localeCompare(seriesOf(b)) || b.validFrom.localeCompare(a.validFrom),
  )
  const inForce = new Set<string>()
  return sorted.map((row) => {
    const series = seriesOf(row)
    if (row.validFrom > today) return { ...row, validity: 'programada' as const }
    // The newest row already started is the one in force; the older ones of its series were replaced.
    if (inForce.has(series)) return { ...row, validity: 'anterior' as const }
    inForce.add(series)
    return { ...row, validity: 'vigente' as const }
  })
}

/** The API's refusals that belong beside the 'Vigente desde' field rather than above the form. */
export const SPOT_RATE_FIELDS: Record<string, string> = {
  [SPOT_RATE_MESSAGES.duplicate]: 'validFrom',
  [SPOT_RATE_MESSAGES.validFromBounds]: 'validFrom',
  [SPOT_RATE_MESSAGES.backdatedReason]: 'reason',
}
export const RETENTION_RATE_FIELDS: Record<string, string> = {
  [SPOT_RATE_MESSAGES.duplicateRetention]: 'validFrom',
  [SPOT_RATE_MESSAGES.validFromBounds]: 'validFrom',
  [SPOT_RATE_MESSAGES.backdatedReason]: 'reason',
}

/**
 * The API takes a row as typed (percent, soles) and reads it with the same schema the form checked:
 * the form's parsed values (basis points, céntimos) go back to that shape, exactly.
 */
const percent = (bp: number) => (bp / 100).toFixed(2)

export const spotRateBody = (value: SpotRateInput): z.input<typeof SpotRateSchema> => ({
  code: value.code,
  description: value.description,
  rate: percent(value.rate),
  minimum: value.minimum === null || value.minimum === undefined ? null : centsToSoles(value.minimum),
  validFrom: value.validFrom,
  reason: value.reason,
})

export const retentionRateBody = (value: RetentionRateInput): z.input<typeof RetentionRateSchema> => ({
  rate: percent(value.rate),
  threshold: centsToSoles(value.threshold),
  validFrom: value.validFrom,
  reason: value.reason,
})
