import { netCents } from '../common/money'
import { foreignNetCents, solesOfForeign } from '../vouchers/exchange-rate'
import {
  FEE_RECEIPT_TYPE,
  fourthCategoryRetention,
  type SuspensionCertificate,
} from '../vouchers/fourth-category'
import { retentionBases } from '../vouchers/retention'
import { type RetentionRate, retentionOf } from '../vouchers/spot'

/** A voucher as a supplier payment run weighs it (amounts in céntimos). */
export type RunVoucher = {
  id: number
  supplierId: number
  /** SUNAT document type: a nota de crédito (07) reduces what its supplier is paid. */
  type: string
  /** 'PEN' (default) or 'USD': the total and the net are cents of this currency. */
  currency?: string
  totalCents: number
  /**
   * The detracción approved on the voucher (deposited at the Banco de la Nación, not paid to the
   * supplier): always soles, a dollar voucher's at the rate of its issue date (`detractionExchangeRateMilli`).
   */
  detractionCents: number
  detractionExchangeRateMilli?: number | null
  /** A nota de crédito: the voucher it credits (paid together, it lowers that voucher's retention base). */
  creditsVoucherId: number | null
}

export type RunSupplier = {
  id: number
  retentionAgent: boolean
  perceptionAgent: boolean
  goodTaxpayer: boolean
  /** Its constancias de suspensión de cuarta categoría (a natural person's recibos por honorarios). */
  suspensions?: readonly SuspensionCertificate[]
}

/**
 * A run's amounts, of one voucher or a supplier's line: signed (a credit note's are negative). Total
 * and net in the voucher's currency; detracción, retention and fourth-category retention in soles.
 */
export type RunAmounts = {
  totalCents: number
  detractionCents: number
  retentionCents: number
  /** A recibo por honorarios (02): the fourth-category retention withheld on the payment date. */
  fourthCategoryCents: number
  netCents: number
}

/** One voucher of a run's supplier line. */
export type RunVoucherAmounts = RunAmounts & {
  voucherId: number
  /** A dollar voucher: the SBS venta rate of the payment date its retention was computed at; null in soles. */
  exchangeRateMilli: number | null
}

/** A supplier's line of the run: paid once, the sum of its vouchers' net. */
export type RunSupplierLine = RunAmounts & { supplierId: number; vouchers: RunVoucherAmounts[] }

export const CREDIT_NOTE_TYPE = '07'

/**
 * What a run pays each supplier (docs/decisions/supplier-payment-runs.md): the vouchers grouped by
 * supplier in the order given; the retention recomputed over the vouchers the run pays together to
 * that supplier, with the regime in force on the payment date (3 % of each retained voucher's base —
 * its total less the credit notes paid with it, `retentionBases` — when
 * the paying company is a retention agent, the supplier is neither an agent nor a buen
 * contribuyente, the voucher is not under detracción, and the retained vouchers paid together pass
 * S/ 700); a recibo por honorarios withholds the fourth-category retention of the payment date
 * (`fourthCategoryRetention`: 8 % over S/ 1,500 unless a suspension certificate is in force); the
 * net is total − detracción − retención − retención de cuarta categoría, a credit note's subtracted. Undefined when the
 * company is a retention agent and no retention rate is in force on the payment date.
 *
 * A voucher in dollars (docs/decisions/usd-vouchers.md) takes `usdRateMilli`, the SBS venta rate of
 * the payment date: its total turned into soles at that rate is what the retention (and its S/ 700)
 * weighs, the retention is soles, and its net is in dollars, each deduction turned back at the rate
 * it was computed with (`foreignNetCents`). A dollar voucher without that rate is a caller's error.
 */
export function planSupplierRun(
  vouchers: readonly RunVoucher[],
  suppliers: ReadonlyMap<number, RunSupplier>,
  companyIsAgent: boolean,
  retentionTable: readonly RetentionRate[],
  paymentDate: string,
  usdRateMilli: number | null = null,
): RunSupplierLine[] | undefined {
  const foreign = (v: RunVoucher) => (v.currency ?? 'PEN') !== 'PEN'
  const solesTotal = (v: RunVoucher) => {
    if (!foreign(v)) return v.totalCents
    if (!usdRateMilli) throw new Error(`Comprobante ${v.id} en dólares sin tipo de cambio`)
    return solesOfForeign(v.totalCents, usdRateMilli)
  }
  const groups = new Map<number, RunVoucher[]>()
  for (const voucher of vouchers) {
    const group = groups.get(voucher.supplierId)
    if (group) group.push(voucher)
    else groups.set(voucher.supplierId, [voucher])
  }
  const lines: RunSupplierLine[] = []
  for (const [supplierId, group] of groups) {
    const supplier = suppliers.get(supplierId)
    if (!supplier) throw new Error(`Proveedor ${supplierId} sin datos`)
    const bases = retentionBases(group.map((v) => ({ ...v, totalCents: solesTotal(v) })))
    const retention = retentionOf(
      retentionTable,
      group.map((v, i) => ({
        companyIsAgent,
        supplier,
        documentType: v.type,
        underDetraction: v.detractionCents > 0,
        totalCents: bases[i],
      })),
      paymentDate,
    )
    if (!retention && companyIsAgent) return undefined
    const amounts = group.map((v, i) => {
      // A credit note's amounts are subtracted (and a zero stays 0, not -0).
      const signed = (n: number) => (v.type === CREDIT_NOTE_TYPE && n !== 0 ? -n : n)
      const retentionCents = retention?.amounts[i] ?? 0
      const fourthCategoryCents =
        v.type === FEE_RECEIPT_TYPE
          ? fourthCategoryRetention(v.totalCents, paymentDate, supplier.suspensions).amountCents
          : 0
      const net = foreign(v)
        ? foreignNetCents(
            v.totalCents,
            v.detractionCents,
            v.detractionExchangeRateMilli ?? null,
            retentionCents,
            usdRateMilli,
          )
        : netCents(v.totalCents, v.detractionCents, retentionCents, fourthCategoryCents)
      return {
        voucherId: v.id,
        totalCents: signed(v.totalCents),
        detractionCents: signed(v.detractionCents),
        retentionCents: signed(retentionCents),
        fourthCategoryCents,
        netCents: signed(net),
        exchangeRateMilli: foreign(v) ? usdRateMilli : null,
      }
    })
    const sum = (key: keyof RunAmounts) => amounts.reduce((s, a) => s + a[key], 0)
    lines.push({
      supplierId,
      vouchers: amounts,
      totalCents: sum('totalCents'),
      detractionCents: sum('detractionCents'),
      retentionCents: sum('retentionCents'),
      fourthCategoryCents: sum('fourthCategoryCents'),
      netCents: sum('netCents'),
    })
  }
  return lines
}
