import { addDays } from '../common/dates'
import { formatDate } from '../common/format'

/**
 * The supplier's tax status on a date, from its RUC's dated periods (docs/decisions/supplier-tax-status.md).
 * Being an agente de retención, an agente de percepción or a buen contribuyente excludes a supplier from
 * the IGV retention (R.S. 037-2002/SUNAT art. 5), and the exclusion is checked on the PAYMENT date; SUNAT
 * designates and excludes by resolution (e.g. R.S. 000367-2025/SUNAT, from 01/02/2026), so the status is
 * dated periods, never a true/false that is right only until the next resolution.
 */

export const TAX_STATUS_KIND = {
  RETENTION_AGENT: 'AGENTE_RETENCION',
  PERCEPTION_AGENT: 'AGENTE_PERCEPCION',
  GOOD_TAXPAYER: 'BUEN_CONTRIBUYENTE',
} as const
export type TaxStatusKind = (typeof TAX_STATUS_KIND)[keyof typeof TAX_STATUS_KIND]

/** One period of a RUC's status: from `validFrom` to `validTo`, both inclusive (null: still open). */
export type TaxStatusPeriod = { kind: TaxStatusKind; validFrom: string; validTo: string | null }

/** The flags the retention rule reads (`RetentionCase.supplier`). */
export type TaxStatus = { retentionAgent: boolean; perceptionAgent: boolean; goodTaxpayer: boolean }

const FLAG_OF: Record<TaxStatusKind, keyof TaxStatus> = {
  AGENTE_RETENCION: 'retentionAgent',
  AGENTE_PERCEPCION: 'perceptionAgent',
  BUEN_CONTRIBUYENTE: 'goodTaxpayer',
}

/** Each flag with its kind, in the order the screens list them. */
export const TAX_STATUS_FLAGS = Object.entries(FLAG_OF).map(([kind, flag]) => [flag, kind]) as [
  keyof TaxStatus,
  TaxStatusKind,
][]

/** How a message names each status. */
export const TAX_STATUS_LABEL: Record<TaxStatusKind, string> = {
  AGENTE_RETENCION: 'agente de retención',
  AGENTE_PERCEPCION: 'agente de percepción',
  BUEN_CONTRIBUYENTE: 'buen contribuyente',
}

const covers = (p: TaxStatusPeriod, date: string) =>
  p.validFrom <= date && (p.validTo === null || date <= p.validTo)

/** Whether a period of `kind` covers `date`. */
export const hasStatusOn = (periods: readonly TaxStatusPeriod[], kind: TaxStatusKind, date: string) =>
  periods.some((p) => p.kind === kind && covers(p, date))

/** The RUC's status on `date`: each kind true when one of its periods covers that day. */
export function taxStatusOn(periods: readonly TaxStatusPeriod[], date: string): TaxStatus {
  const status: TaxStatus = { retentionAgent: false, perceptionAgent: false, goodTaxpayer: false }
  for (const p of periods) if (covers(p, date)) status[FLAG_OF[p.kind]] = true
  return status
}

/** A status that differs between two dates: gained (`became`) or lost, and the first day it was so. */
export type TaxStatusChange = { kind: TaxStatusKind; became: boolean; on: string }

/**
 * What changed in the status between `from` and `to` (from ≤ to): each kind whose value on `to`
 * differs from `from`, with the first day of the new value — the start of the period that covers
 * `to` when gained, the day after the last period that ended before `to` when lost.
 */
export function taxStatusChanges(
  periods: readonly TaxStatusPeriod[],
  from: string,
  to: string,
): TaxStatusChange[] {
  const changes: TaxStatusChange[] = []
  for (const kind of Object.values(TAX_STATUS_KIND)) {
    const before = hasStatusOn(periods, kind, from)
    const after = hasStatusOn(periods, kind, to)
    if (before === after) continue
    const ofKind = periods.filter((p) => p.kind === kind)
    const on = after
      ? ofKind
          .filter((p) => covers(p, to))
          .map((p) => p.validFrom)
          .sort()[0]
      : addDays(
          ofKind
            .flatMap((p) => (p.validTo !== null && p.validTo < to ? [p.validTo] : []))
            .sort()
            .at(-1) as string,
          1,
        )
    changes.push({ kind, became: after, on })
  }
  return changes
}

/** 'dejó de ser buen contribuyente el 01/02/2026: se retiene' — a change and what it means for the retention. */
export const taxStatusChangeText = (change: TaxStatusChange, retained: boolean) =>
  `${change.became ? 'pasó a ser' : 'dejó de ser'} ${TAX_STATUS_LABEL[change.kind]} el ${formatDate(change.on)}: ${retained ? 'se retiene' : 'no se retiene'}`
