import { centsAtRate } from '../common/money'
import { inForce } from './spot'

/**
 * The fourth-category income-tax retention of a recibo por honorarios (type 02) as a pure rule over
 * a DATED table (docs/decisions/tax-rules.md, 'Cuarta categoría'): the payer withholds a rate of the
 * gross fee, only when the receipt is over a threshold, and never while the provider's constancia de
 * suspensión is in force. Money is integer céntimos; the rate is basis points (8 % = 800).
 */
export type FourthCategoryRow = { validFrom: string; rateBp: number; thresholdCents: number; norm: string }

export const FOURTH_CATEGORY_TABLE: readonly FourthCategoryRow[] = [
  // 8 % of the gross fee: art. 74 of the Ley del Impuesto a la Renta as Ley 30296 left it, in force
  // since 2015 (confirmed by two sources). Only receipts over S/ 1,500 are retained: D.S.
  // 215-2006-EF (confirmed by three sources). The sources state no rounding: the amount is rounded
  // half up to the céntimo, as the IGV retention is.
  { validFrom: '2015-01-01', rateBp: 800, thresholdCents: 150_000, norm: 'Ley 30296; D.S. 215-2006-EF' },
]

/** The fourth-category regime in force on `date`; undefined before the table starts. */
export const fourthCategoryRowOn = (
  date: string,
  table: readonly FourthCategoryRow[] = FOURTH_CATEGORY_TABLE,
) => inForce(table, date)

/** A provider's constancia de suspensión de retenciones: its number and the day SUNAT granted it. */
export type SuspensionCertificate = { number: string; grantedOn: string }

/**
 * Whether the certificate is in force on `date` (R.S. 013-2007/SUNAT, one source): from the day
 * AFTER it is granted until 31 December of the year it was granted.
 */
export const suspensionInForce = (certificate: SuspensionCertificate, date: string) =>
  certificate.grantedOn < date && certificate.grantedOn.slice(0, 4) === date.slice(0, 4)

/** Why no fourth-category retention is withheld; in Spanish, for the screens and the audit. */
export type FourthCategoryExclusion =
  | 'El recibo no supera el monto mínimo'
  | 'El proveedor tiene una constancia de suspensión vigente'
  | 'No hay una tasa de retención de cuarta categoría vigente'

export type FourthCategoryRetention = {
  amountCents: number
  /** Null when the retention is withheld. */
  exclusion: FourthCategoryExclusion | null
  /** The suspension certificate that excludes it, when one does. */
  certificate: SuspensionCertificate | null
  /** The dated row used (valid from this day); null when none is in force. */
  row: FourthCategoryRow | null
}

/**
 * The fourth-category retention of a recibo por honorarios of `feeCents` (the gross fee) paid on
 * `paymentDate`: 0 at or below the threshold (S/ 1,500.00), 0 while a suspension certificate of the
 * provider is in force on that day, else 8 % of the gross fee rounded half up to the céntimo
 * (S/ 1,500.01 → S/ 120.00; S/ 2,000.00 → S/ 160.00).
 */
export function fourthCategoryRetention(
  feeCents: number,
  paymentDate: string,
  suspension?: SuspensionCertificate | readonly SuspensionCertificate[] | null,
  table: readonly FourthCategoryRow[] = FOURTH_CATEGORY_TABLE,
): FourthCategoryRetention {
  const row = fourthCategoryRowOn(paymentDate, table) ?? null
  if (!row)
    return {
      amountCents: 0,
      exclusion: 'No hay una tasa de retención de cuarta categoría vigente',
      certificate: null,
      row,
    }
  if (feeCents <= row.thresholdCents)
    return { amountCents: 0, exclusion: 'El recibo no supera el monto mínimo', certificate: null, row }
  const certificates: readonly SuspensionCertificate[] = !suspension
    ? []
    : Array.isArray(suspension)
      ? suspension
      : [suspension as SuspensionCertificate]
  const certificate = certificates.find((c) => suspensionInForce(c, paymentDate))
  if (certificate)
    return {
      amountCents: 0,
      exclusion: 'El proveedor tiene una constancia de suspensión vigente',
      certificate,
      row,
    }
  return { amountCents: centsAtRate(feeCents, row.rateBp), exclusion: null, certificate: null, row }
}

/** SUNAT document type of a recibo por honorarios (tabla 10): the only one the rule applies to. */
export const FEE_RECEIPT_TYPE = '02'
