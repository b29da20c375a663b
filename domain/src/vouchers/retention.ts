/**
 * The base of the IGV retention when vouchers are paid together (docs/domain.md, supplier payments;
 * docs/decisions/tax-rules.md): the retention is 3 % of what is PAID, so a nota de crédito paid in the
 * same payment lowers the base of the voucher it credits, and with it the S/ 700 test (R.S.
 * 037-2002/SUNAT art. 3 and SUNAT's FAQ on retentions). A credit note whose voucher is not paid in
 * this payment lowers nothing here: if that voucher was already paid and retained, the retention
 * stands (the law deducts it from later retentions, which is not done here).
 */

export const CREDIT_NOTE_DOCUMENT = '07'

/** What the base needs of a voucher paid together with others to one supplier. */
export type BaseVoucher = {
  id: number
  /** SUNAT document type (tabla 10): 07 is a nota de crédito. */
  type: string
  totalCents: number
  /** A nota de crédito: the voucher it credits. */
  creditsVoucherId: number | null
}

/**
 * Each voucher's retention base, in the order given: its total less the credit notes in the same
 * payment that credit it (never below zero); a credit note's own base is zero.
 */
export function retentionBases(vouchers: readonly BaseVoucher[]): number[] {
  const credited = new Map<number, number>()
  for (const v of vouchers)
    if (v.type === CREDIT_NOTE_DOCUMENT && v.creditsVoucherId !== null)
      credited.set(v.creditsVoucherId, (credited.get(v.creditsVoucherId) ?? 0) + v.totalCents)
  return vouchers.map((v) =>
    v.type === CREDIT_NOTE_DOCUMENT ? 0 : Math.max(v.totalCents - (credited.get(v.id) ?? 0), 0),
  )
}
