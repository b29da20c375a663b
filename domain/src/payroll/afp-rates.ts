import { centsAtRate, formatCents } from '../common/money'
import { periodDays, periodLabel } from '../common/period'

/**
 * The AFP rates of the private pension system (SPP) as dated data (`afp_rates`,
 * db/reference/afp-rates.csv; docs/decisions/plame-afpnet-files.md): per AFP and commission type,
 * the aporte obligatorio (0608), the prima de seguro (0606) and the comisión sobre la remuneración
 * (0601, the commission on flow; under the mixed commission, its part on flow), each in basis points
 * of the remuneración asegurable, from `valid_from` to `valid_to`.
 */

export const AFP_NAMES = ['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO'] as const
export type AfpName = (typeof AFP_NAMES)[number]
/** FLUJO: commission on the monthly pay; MIXTA: a smaller one on pay plus one on the balance. */
export const AFP_COMMISSION_TYPES = ['FLUJO', 'MIXTA'] as const
export type AfpCommissionType = (typeof AFP_COMMISSION_TYPES)[number]

export type AfpRateRow = {
  afp: AfpName
  commissionType: AfpCommissionType
  validFrom: string
  validTo: string | null
  /** Basis points: 1000 = 10 %. Null: not known, and its concept is not checked. */
  contributionBp: number
  premiumBp: number | null
  commissionBp: number | null
  /**
   * The remuneración máxima asegurable the prima is charged up to (céntimos), when known. Null: not
   * registered, and then a 0606 under rate × pay is taken as capped, not refused.
   */
  premiumCapCents: number | null
}

/** The concepts of table 22 the rates give, in the order they are checked. */
export const AFP_RATE_CONCEPTS = [
  { code: '0608', label: 'aporte obligatorio', rate: 'contributionBp' },
  { code: '0601', label: 'comisión', rate: 'commissionBp' },
  { code: '0606', label: 'prima de seguro', rate: 'premiumBp' },
] as const

export const AFP_RATE_MESSAGES = {
  amount: (code: string, label: string, afp: string, expected: number, found: number, percent: string) =>
    `El concepto ${code} (${label} AFP ${afp}) es ${formatCents(found)} y debería ser ${formatCents(expected)} (${percent} % de la remuneración asegurable)`,
  noRate: (afp: string, type: string, period: string) =>
    `No hay tasas de AFP ${afp} (comisión ${type.toLowerCase()}) para ${periodLabel(period)}: sus aportes no se comprueban`,
} as const

/** A rate in basis points as the percent people read (155 → '1.55'). */
export const bpPercent = (bp: number) => (bp / 100).toFixed(2)

/**
 * The rates of an AFP and commission type for a payroll's period: the row in force on the period's
 * last day (the month's contributions are declared on the month's pay), the latest `valid_from`
 * when two overlap. Null when the table has none: then nothing is checked.
 */
export function afpRateInPeriod(
  rows: readonly AfpRateRow[],
  afp: AfpName,
  commissionType: AfpCommissionType,
  period: string,
): AfpRateRow | null {
  const day = periodDays(period).last
  let found: AfpRateRow | null = null
  for (const r of rows) {
    if (r.afp !== afp || r.commissionType !== commissionType) continue
    if (r.validFrom > day || (r.validTo !== null && r.validTo < day)) continue
    if (!found || r.validFrom > found.validFrom) found = r
  }
  return found
}

export type AfpAmountProblem = { code: string; expected: number; found: number; message: string }

/**
 * Compares a line's 0608, 0601 and 0606 with the rates × its remuneración asegurable (céntimos,
 * rounded half up to the céntimo); a difference of more than one céntimo is a problem naming the
 * concept and both amounts. Only the codes the file has a column for (`present`) are compared; an
 * empty cell of one of them is S/ 0.00. The prima is charged on the pay up to the cap when the row
 * has one; without it, a 0606 under rate × pay may be capped and is not refused.
 */
export function afpAmountProblems(
  rate: AfpRateRow,
  insurableCents: number,
  amountOf: (code: string) => number,
  present: (code: string) => boolean,
): AfpAmountProblem[] {
  const problems: AfpAmountProblem[] = []
  for (const concept of AFP_RATE_CONCEPTS) {
    const bp = rate[concept.rate]
    if (bp === null || !present(concept.code)) continue
    const capped = concept.code === '0606' && rate.premiumCapCents !== null
    const base = capped ? Math.min(insurableCents, rate.premiumCapCents ?? 0) : insurableCents
    const expected = centsAtRate(base, bp)
    const found = amountOf(concept.code)
    if (Math.abs(found - expected) <= 1) continue
    if (concept.code === '0606' && rate.premiumCapCents === null && found < expected) continue
    problems.push({
      code: concept.code,
      expected,
      found,
      message: AFP_RATE_MESSAGES.amount(
        concept.code,
        concept.label,
        rate.afp,
        expected,
        found,
        bpPercent(bp),
      ),
    })
  }
  return problems
}
