import { z } from 'zod'
import { formatDate } from '../common/format'
import { centsAtRate, formatCents } from '../common/money'
import type { CpeDetraction, CpeDocument, CpeInstalment } from './cpe-document'
import { detractionBaseCents, type SpotRate, spotRateOn, wholeSolesOf } from './spot'

/**
 * What a voucher's XML declared about how it is paid (docs/decisions/cpe-xml.md), stored with the
 * voucher: the detracción block as the supplier wrote it, the form of payment and the instalments.
 * It is what the supplier wrote, not the law: at approval the dated SPOT table decides the amount,
 * and what the XML declared is proposed and compared (`declaredDetractionWarnings`).
 */
export type DeclaredTerms = {
  detraction: CpeDetraction | null
  paymentForm: CpeDocument['paymentForm']
  instalments: CpeInstalment[]
}

/** The terms a CPE declares; null when it declares neither a detracción nor a form of payment. */
export function declaredTermsOf(cpe: CpeDocument): DeclaredTerms | null {
  if (!cpe.detraction && !cpe.paymentForm && !cpe.instalments.length) return null
  return { detraction: cpe.detraction, paymentForm: cpe.paymentForm, instalments: cpe.instalments }
}

/** `CuotaNNN` → NNN. */
export const instalmentNumber = (label: string) => Number(label.replace(/^Cuota/, ''))

export const DeclaredTermsSchema = z.object({
  detraction: z
    .object({
      spotCode: z.string().nullable(),
      percentBp: z.number().nullable(),
      amountCents: z.number().nullable(),
      account: z.string().nullable(),
      meansCode: z.string().nullable(),
    })
    .nullable(),
  paymentForm: z
    .object({ kind: z.enum(['Contado', 'Credito']), amountCents: z.number().nullable() })
    .nullable(),
  instalments: z.array(z.object({ label: z.string(), amountCents: z.number(), dueDate: z.string() })),
})

const pct = (bp: number) => `${bp / 100} %`
const day = formatDate

export const DECLARED_MESSAGES = {
  otherCode: (declared: string, chosen: string | null) =>
    chosen
      ? `El XML del proveedor declara la detracción con el código ${declared} y se eligió el código ${chosen}`
      : `El XML del proveedor declara la detracción con el código ${declared} y se eligió no aplicar detracción`,
  codeNotInTable: (code: string, date: string) =>
    `El XML del proveedor declara el código de detracción ${code}, que no tiene una tasa vigente al ${day(date)} en la tabla SPOT`,
  percent: (declaredBp: number, tableBp: number, code: string, date: string) =>
    `El XML del proveedor declara la detracción al ${pct(declaredBp)} y la tabla SPOT vigente al ${day(date)} da ${pct(tableBp)} para el código ${code}`,
  amount: (declaredCents: number, tableCents: number) =>
    `El XML del proveedor declara una detracción de ${formatCents(declaredCents)} y la tabla SPOT da ${formatCents(tableCents)}: se propone la de la tabla`,
  belowMinimum: (code: string, minimumCents: number) =>
    `El XML del proveedor declara una detracción con el código ${code}, pero el total no supera el mínimo de ${formatCents(minimumCents)} de la tabla SPOT: no se propone detracción`,
} as const

/**
 * Where what the XML declared differs from what the approval proposes: the code chosen (by default
 * the declared one), the table's percentage as of the issue date, and the amount. The XML writes
 * the amount to the céntimo and the deposit is in whole soles, so the declared amount agrees when it
 * is either the exact or the rounded amount of the table's rate. Each warning names both.
 */
export function declaredDetractionWarnings(
  declared: CpeDetraction | null | undefined,
  chosenCode: string | null,
  table: readonly SpotRate[],
  date: string,
  /** The amount the SPOT rate applies to, in soles céntimos (a dollar voucher's total in soles). */
  totalSolesCents: number | null,
  referenceValueCents?: number | null,
): string[] {
  const M = DECLARED_MESSAGES
  const code = declared?.spotCode
  if (!code) return []
  if (chosenCode !== code) return [M.otherCode(code, chosenCode)]
  const row = spotRateOn(table, code, date)
  if (!row) return [M.codeNotInTable(code, date)]
  if (totalSolesCents === null) return []
  if (row.minimumCents !== null && totalSolesCents <= row.minimumCents)
    return [M.belowMinimum(code, row.minimumCents)]
  const warnings: string[] = []
  if (declared.percentBp !== null && declared.percentBp !== row.rateBp)
    warnings.push(M.percent(declared.percentBp, row.rateBp, code, date))
  const base = detractionBaseCents(code, totalSolesCents, referenceValueCents)
  const rounded = wholeSolesOf(base, row.rateBp)
  if (
    declared.amountCents !== null &&
    declared.amountCents !== rounded &&
    declared.amountCents !== centsAtRate(base, row.rateBp)
  )
    warnings.push(M.amount(declared.amountCents, rounded))
  return warnings
}
