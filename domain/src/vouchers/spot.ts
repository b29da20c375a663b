import { centsAtRate } from '../common/money'
/**
 * Detracciones (SPOT) and the IGV retention as pure functions over DATED tables (docs/domain.md, supplier payments): the
 * rates and thresholds change by resolution, so they are data (db/reference/spot-rates.csv,
 * retention-rates.csv, editable by an administrator with history) passed in here, never constants.
 * Money is integer céntimos; rates are basis points (12 % = 1200, 1.5 % = 150).
 */

/** One row of SUNAT's catalogue 54 as of a date. */
export type SpotRate = {
  code: string
  description: string
  /** Basis points: 1200 = 12 %. */
  rateBp: number
  /** The detraction applies only ABOVE this total (with IGV, soles); null: no minimum. */
  minimumCents: number | null
  /** YYYY-MM-DD: the row applies from this day until a later row of the same code. */
  validFrom: string
}

/** The retention regime as of a date: 3 % when the vouchers paid together exceed S/ 700. */
export type RetentionRate = { rateBp: number; thresholdCents: number; validFrom: string }

/** The row of a dated table in force on `date`: the latest `validFrom` not after it. */
export function inForce<T extends { validFrom: string }>(rows: readonly T[], date: string): T | undefined {
  let best: T | undefined
  for (const row of rows) {
    if (row.validFrom <= date && (!best || row.validFrom > best.validFrom)) best = row
  }
  return best
}

/** The catalogue-54 row of `code` in force on `date`. */
export const spotRateOn = (table: readonly SpotRate[], code: string, date: string) =>
  inForce(
    table.filter((r) => r.code === code),
    date,
  )

/** Every code's row in force on `date`, by code (the approve dialog's choices). */
export function spotCatalogueOn(table: readonly SpotRate[], date: string): SpotRate[] {
  const codes = [...new Set(table.map((r) => r.code))].sort()
  return codes.flatMap((code) => spotRateOn(table, code, date) ?? [])
}

/** `cents × bp / 10000` rounded half up to whole soles, in céntimos ('regla SUNAT': whole soles). */
export function wholeSolesOf(totalCents: number, rateBp: number): number {
  // BigInt: S/ 10^11 × 10,000 bp passes Number's exact integers.
  const numerator = BigInt(totalCents) * BigInt(rateBp)
  return Number((numerator + 500_000n) / 1_000_000n) * 100
}

/** Which dated row a result used: its code's row valid from this day (shown in the proposal and the audit). */
export type RowUsed = { validFrom: string }

export type Detraction =
  | ({ applies: true; code: string; rateBp: number; tableRateBp: number; amountCents: number } & RowUsed)
  | ({ applies: false; code: string; reason: 'below-minimum'; minimumCents: number } & RowUsed)

/**
 * Codes whose detracción is computed on the greater of the operation's amount and its valor
 * referencial: 027, transport of goods by road (R.S. 073-2006/SUNAT art. 4; the values come from the
 * MTC's table; when none can be determined, the operation's amount).
 */
export const REFERENCE_VALUE_CODES: readonly string[] = ['027']

/** Whether a SPOT code takes a valor referencial. */
export const takesReferenceValue = (code: string | null | undefined) =>
  code != null && REFERENCE_VALUE_CODES.includes(code)

/**
 * What the detracción's rate applies to: the total with IGV, or for a code that takes a valor
 * referencial the greater of the total and that value (freight S/ 1,000.00 with a valor
 * referencial of S/ 1,500.00 → 4 % of S/ 1,500.00).
 */
export function detractionBaseCents(code: string, totalCents: number, referenceValueCents?: number | null) {
  return takesReferenceValue(code) && referenceValueCents != null && referenceValueCents > totalCents
    ? referenceValueCents
    : totalCents
}

/**
 * The detraction of a voucher whose total with IGV is `totalCents` (soles), under SPOT `code`, on
 * `date`: none when the total is at or below the code's minimum (the minimum is on the operation's
 * amount), else rate × base rounded to whole soles, the base being the total or, for 027, the
 * greater of it and `referenceValueCents`. `rateBp` overrides the table's rate (the approver's,
 * with a reason); the minimum is always the table's. Undefined when the code has no row in force
 * that day.
 */
export function detractionOf(
  table: readonly SpotRate[],
  code: string,
  totalCents: number,
  date: string,
  rateBp?: number,
  referenceValueCents?: number | null,
): Detraction | undefined {
  const row = spotRateOn(table, code, date)
  if (!row) return undefined
  if (row.minimumCents !== null && totalCents <= row.minimumCents) {
    return {
      applies: false,
      code,
      reason: 'below-minimum',
      minimumCents: row.minimumCents,
      validFrom: row.validFrom,
    }
  }
  const rate = rateBp ?? row.rateBp
  return {
    applies: true,
    code,
    rateBp: rate,
    tableRateBp: row.rateBp,
    amountCents: wholeSolesOf(detractionBaseCents(code, totalCents, referenceValueCents), rate),
    validFrom: row.validFrom,
  }
}

/** The first and last day a dated row may be valid from: a typo like 1900 or 9999 is refused. */
export const RATE_DATE_BOUNDS = { from: '2000-01-01', to: '2100-12-31' } as const

/** What the retention rule looks at: the paying company, the supplier, the voucher. */
export type RetentionCase = {
  /** The paying company is an agente de retención (a company setting). */
  companyIsAgent: boolean
  supplier: { retentionAgent: boolean; perceptionAgent: boolean; goodTaxpayer: boolean }
  /** SUNAT document type: 01 factura, 08 nota de débito are retained; the rest never. */
  documentType: string
  /** The voucher carries a detraction (no double withholding). */
  underDetraction: boolean
}

/** Why the rule says no; null when it says yes. In Spanish, for the dialog and the audit. */
export type RetentionExclusion =
  | 'La empresa no es agente de retención'
  | 'El proveedor es agente de retención'
  | 'El proveedor es agente de percepción'
  | 'El proveedor es buen contribuyente'
  | 'El tipo de comprobante no está sujeto a retención'
  | 'El comprobante está sujeto a detracción'
  | 'Los comprobantes pagados juntos no superan el monto mínimo'

export const RETAINED_DOCUMENT_TYPES = ['01', '08'] as const

/** The first exclusion of the retention regime that applies to one voucher, ignoring the amount. */
export function retentionExclusion(c: RetentionCase): RetentionExclusion | null {
  if (!c.companyIsAgent) return 'La empresa no es agente de retención'
  if (c.supplier.retentionAgent) return 'El proveedor es agente de retención'
  if (c.supplier.perceptionAgent) return 'El proveedor es agente de percepción'
  if (c.supplier.goodTaxpayer) return 'El proveedor es buen contribuyente'
  if (!(RETAINED_DOCUMENT_TYPES as readonly string[]).includes(c.documentType))
    return 'El tipo de comprobante no está sujeto a retención'
  if (c.underDetraction) return 'El comprobante está sujeto a detracción'
  return null
}

export type RetainedVoucher = RetentionCase & { totalCents: number }

export type Retention = {
  /** Per voucher, in the order given: the retention in céntimos (0 when it does not apply). */
  amounts: number[]
  totalCents: number
  /** Why each voucher is not retained (null when it is). */
  exclusions: (RetentionExclusion | null)[]
}

/**
 * The retention of vouchers paid together to one supplier on `date`: 3 % of each retained voucher's
 * total with IGV when the retained vouchers together exceed the threshold (S/ 700) — then even a
 * voucher under it is retained. Undefined when no retention rate is in force that day.
 */
export function retentionOf(
  table: readonly RetentionRate[],
  vouchers: readonly RetainedVoucher[],
  date: string,
): Retention | undefined {
  const rate = inForce(table, date)
  if (!rate) return undefined
  const exclusions: (RetentionExclusion | null)[] = vouchers.map(retentionExclusion)
  const together = vouchers.reduce((sum, v, i) => (exclusions[i] ? sum : sum + v.totalCents), 0)
  const overThreshold = together > rate.thresholdCents
  const amounts = vouchers.map((v, i) => {
    if (exclusions[i]) return 0
    if (!overThreshold) {
      exclusions[i] = 'Los comprobantes pagados juntos no superan el monto mínimo'
      return 0
    }
    return centsAtRate(v.totalCents, rate.rateBp)
  })
  return { amounts, totalCents: amounts.reduce((a, b) => a + b, 0), exclusions }
}
