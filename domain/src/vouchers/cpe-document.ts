import type { VoucherType } from './voucher-schema'

/**
 * The supplier's electronic voucher (CPE: factura 01, boleta 03, nota de crédito 07, nota de
 * débito 08) as read from its UBL 2.1 XML (`@planillas/formats/cpe-xml`); `cpe.ts` holds the rules that
 * decide whether it may fill or back a voucher (docs/decisions/cpe-xml.md). Amounts in céntimos.
 */
export type CpeType = Extract<VoucherType, '01' | '03' | '07' | '08'>
export const CPE_TYPES: readonly CpeType[] = ['01', '03', '07', '08']

export type CpeParty = { ruc: string; name: string }
export type CpeInstalment = { label: string; amountCents: number; dueDate: string }
export type CpeDetraction = {
  /** Catalogue 54 code (`cac:PaymentTerms/cbc:PaymentMeansID`, or the older `cbc:ID`). */
  spotCode: string | null
  /** Percentage in basis points (`cbc:PaymentPercent`: 12.00 → 1200). */
  percentBp: number | null
  amountCents: number | null
  /** Banco de la Nación account (`cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID`). */
  account: string | null
  /** Catalogue 59 payment means (`cac:PaymentMeans/cbc:PaymentMeansCode`). */
  meansCode: string | null
}

export type CpeDocument = {
  type: CpeType
  series: string
  number: number
  issueDate: string
  /** `cbc:DueDate`, else the last instalment's date, else the issue date of a cash sale. */
  dueDate: string | null
  currency: string
  issuer: CpeParty
  receiver: CpeParty
  baseCents: number
  igvCents: number
  totalCents: number
  detraction: CpeDetraction | null
  /** `FormaPago`: 'Contado' or 'Credito' (with the amount on credit), when the XML says it. */
  paymentForm: { kind: 'Contado' | 'Credito'; amountCents: number | null } | null
  instalments: CpeInstalment[]
  /** A note's `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`. */
  references: string[]
  /** The lines' `cac:Item/cbc:Description`, joined and cut to the voucher's 500 characters. */
  description: string
}
