import {
  CRE_DOCUMENT_TYPES,
  creDocuments,
  creNumber,
  creTotals,
  formatCents,
  formatDate,
} from '@planillas/domain'
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { recordAudit } from './audit'
import type { Executor } from './executor'
import {
  companies,
  exchangeRates,
  retentionRates,
  retentionReceiptCounters,
  retentionReceiptDocuments,
  retentionReceipts,
  paymentVouchers as v,
} from './schema/index'

export type IssueRetentionReceipt = {
  /** The vouchers paid together to one supplier in this payment, already PAGADO with what was withheld. */
  voucherIds: readonly number[]
  paymentDate: string
  /** The supplier run whose abono paid them (null: marked paid by hand). */
  orderId: number | null
  actor: string
  /**
   * Dollars: the day whose SBS rate in force the retention was computed at, when not the payment
   * date (a run's payment date, its abonos loaded with another date).
   */
  exchangeRateOn?: string
}

/**
 * The next CRE number of a company's series: the counter row is created or bumped in the caller's
 * transaction and stays locked until it commits, so a second payer waits and takes the next number.
 */
export async function nextRetentionReceiptNumber(tx: Executor, companyId: number, series: string) {
  const [row] = await tx
    .insert(retentionReceiptCounters)
    .values({ companyId, series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [retentionReceiptCounters.companyId, retentionReceiptCounters.series],
      set: { lastNumber: sql`${retentionReceiptCounters.lastNumber} + 1`, updatedAt: new Date() },
    })
    .returning({ number: retentionReceiptCounters.lastNumber })
  return row.number
}

/**
 * Issues the comprobante de retención electrónico of one payment to one supplier, inside the
 * paying transaction (docs/decisions/retention-receipts.md): the related documents are the vouchers
 * that had IGV withheld, each paid its retention base; the number is the company's series' next
 * one; the issue date is the payment date. Nothing is issued when nothing was withheld. Audited.
 */
export async function issueRetentionReceipt(tx: Executor, input: IssueRetentionReceipt) {
  if (input.voucherIds.length === 0) return null
  const rows = await tx
    .select({
      id: v.id,
      companyId: v.companyId,
      supplierId: v.supplierId,
      type: v.type,
      series: v.series,
      number: v.number,
      issueDate: v.issueDate,
      currency: v.currency,
      totalCents: v.totalCents,
      creditsVoucherId: v.creditsVoucherId,
      retentionCents: v.retentionCents,
      retentionExchangeRateMilli: v.retentionExchangeRateMilli,
    })
    .from(v)
    .where(inArray(v.id, [...input.voucherIds]))
    .orderBy(v.id)
  const withheld = rows.filter(
    (r) => r.retentionCents > 0 && (CRE_DOCUMENT_TYPES as readonly string[]).includes(r.type),
  )
  if (withheld.length === 0) return null
  const { companyId, supplierId } = withheld[0]
  if (rows.some((r) => r.companyId !== companyId || r.supplierId !== supplierId))
    throw new Error('Un comprobante de retención es de una sola empresa y un solo proveedor')
  // Dollars: the day of the SBS rate in force on the payment date (the one the payment used).
  const [rateRow] = withheld.some((r) => r.currency !== 'PEN')
    ? await tx
        .select({ day: exchangeRates.day })
        .from(exchangeRates)
        .where(
          and(
            eq(exchangeRates.currency, 'USD'),
            lte(exchangeRates.day, input.exchangeRateOn ?? input.paymentDate),
          ),
        )
        .orderBy(desc(exchangeRates.day))
        .limit(1)
    : []
  const documents = creDocuments(rows, input.paymentDate, rateRow?.day ?? null)
  const totals = creTotals(documents)
  const [company] = await tx
    .select({ series: companies.retentionSeries })
    .from(companies)
    .where(eq(companies.id, companyId))
  const [rate] = await tx
    .select({ rateBp: retentionRates.rateBp })
    .from(retentionRates)
    .where(lte(retentionRates.validFrom, input.paymentDate))
    .orderBy(desc(retentionRates.validFrom))
    .limit(1)
  if (!rate) throw new Error(`Sin tasa de retención vigente el ${input.paymentDate}`)
  const number = await nextRetentionReceiptNumber(tx, companyId, company.series)
  const [receipt] = await tx
    .insert(retentionReceipts)
    .values({
      companyId,
      series: company.series,
      number,
      issueDate: input.paymentDate,
      supplierId,
      orderId: input.orderId,
      rateBp: rate.rateBp,
      ...totals,
      createdBy: input.actor,
    })
    .returning({ id: retentionReceipts.id })
  await tx
    .insert(retentionReceiptDocuments)
    .values(documents.map(({ voucherId, ...d }) => ({ receiptId: receipt.id, voucherId, ...d })))
  const label = creNumber(company.series, number)
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'retention-receipts',
    entityId: receipt.id,
    actor: input.actor,
    description:
      `Emitió el comprobante de retención ${label} del ${formatDate(input.paymentDate)}: ` +
      `${documents.length} ${documents.length === 1 ? 'comprobante' : 'comprobantes'}, pagado ${formatCents(totals.paidCents)}, ` +
      `retenido ${formatCents(totals.retentionCents)}, neto ${formatCents(totals.netCents)}${input.orderId ? ` (orden de pago N° ${input.orderId})` : ''}`,
  })
  return { id: receipt.id, series: company.series, number }
}
