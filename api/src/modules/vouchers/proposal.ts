import {
  companies,
  type Executor,
  retentionRates,
  spotRates,
  suppliers,
  paymentVouchers as v,
  xmlTermsOf,
} from '@planillas/db'
import {
  declaredDetractionWarnings,
  detractionBaseCents,
  detractionOf,
  EXCHANGE_RATE_MESSAGES,
  FEE_RECEIPT_TYPE,
  foreignNetCents,
  formatDate,
  fourthCategoryRetention,
  inForce,
  netCents,
  type RetentionRate,
  retentionBases,
  retentionExclusion,
  retentionOf,
  type SpotRate,
  solesOfForeign,
  spotCatalogueOn,
  spotRateOn,
  TAX_STATUS_FLAGS,
  TAX_STATUS_LABEL,
  type TaxStatus,
  takesReferenceValue,
  taxStatusChanges,
  taxStatusChangeText,
  taxStatusOn,
  todayInLima,
  VOUCHER_STATUS,
} from '@planillas/domain'
import { and, eq, ne } from 'drizzle-orm'
import { exchangeRateInForce, exchangeRateOfDay } from '../exchange-rates/service'
import { suspensionsBySupplier } from '../suppliers/suspension'
import { periodsByRuc, taxStatusOfRuc } from '../suppliers/tax-status'

type VoucherRecord = typeof v.$inferSelect

/** Catalogue 54, every dated row (a few dozen): the domain picks the one in force. */
export const spotTable = async (db: Executor): Promise<SpotRate[]> =>
  (await db.select().from(spotRates)).map((r) => ({
    code: r.code,
    description: r.description,
    rateBp: r.rateBp,
    minimumCents: r.minimumCents,
    validFrom: r.validFrom,
  }))

export const retentionTable = async (db: Executor): Promise<RetentionRate[]> =>
  (await db.select().from(retentionRates)).map((r) => ({
    rateBp: r.rateBp,
    thresholdCents: r.thresholdCents,
    validFrom: r.validFrom,
  }))

/**
 * A recibo por honorarios' fourth-category retention on `date` (the approval's day, or the payment's),
 * with the supplier's suspension certificates; null for any other type of voucher.
 */
export async function fourthCategoryOn(db: Executor, voucher: VoucherRecord, date: string) {
  if (voucher.type !== FEE_RECEIPT_TYPE) return null
  const suspensions = (await suspensionsBySupplier(db, [voucher.supplierId])).get(voucher.supplierId) ?? []
  const r = fourthCategoryRetention(voucher.totalCents, date, suspensions)
  return {
    date,
    amountCents: r.amountCents,
    exclusion: r.exclusion,
    rateBp: r.row?.rateBp ?? null,
    thresholdCents: r.row?.thresholdCents ?? null,
    rowValidFrom: r.row?.validFrom ?? null,
    certificateNumber: r.certificate?.number ?? null,
  }
}

/**
 * A dollar voucher's rates (docs/decisions/usd-vouchers.md): the SBS venta of its issue date for the
 * detracción, and of `retentionDay` (or the last published before it) for the retention. Null for a
 * voucher in soles.
 */
export async function exchangeOf(db: Executor, voucher: VoucherRecord, retentionDay: string) {
  if (voucher.currency === 'PEN') return null
  // One after the other: `db` may be a transaction, one connection (node-postgres takes one
  // statement at a time on a connection).
  const detraction = await exchangeRateOfDay(db, voucher.issueDate)
  const retention = await exchangeRateInForce(db, retentionDay)
  return {
    detractionRateMilli: detraction?.sellRateMilli ?? null,
    detractionRateDay: voucher.issueDate,
    retentionRateMilli: retention?.sellRateMilli ?? null,
    retentionRateDay: retention?.day ?? null,
    totalSolesCents: detraction ? solesOfForeign(voucher.totalCents, detraction.sellRateMilli) : null,
    problem: !detraction
      ? EXCHANGE_RATE_MESSAGES.missingRate(voucher.issueDate)
      : !retention
        ? EXCHANGE_RATE_MESSAGES.missingRate(retentionDay)
        : null,
  }
}
export type Exchange = NonNullable<Awaited<ReturnType<typeof exchangeOf>>>

/** A voucher's amount in soles for the retention: itself in soles, at `rateMilli` in dollars (0 without it). */
const retentionSoles = (currency: string, cents: number, rateMilli: number | null) =>
  currency === 'PEN' ? cents : rateMilli ? solesOfForeign(cents, rateMilli) : 0

/**
 * What the approve dialog proposes for a voucher, from the dated tables as of its issue date: the
 * SPOT code's rate, minimum and amount (whole soles), and whether the retention rule applies with the
 * supplier's tax status of today (its RUC's dated periods). The
 * retention looks at the vouchers paid together: this one and the supplier's other APROBADO
 * vouchers of the same company (the next payment to that supplier pays them all), each at its base
 * (its total less the credit notes among them that credit it). The run recomputes it on the payment
 * date, and what it withholds is what the voucher keeps once paid. A recibo por honorarios also
 * gets its fourth-category retention as of the approval day (today in Lima), recomputed at payment.
 * `spotCode` undefined (not chosen) proposes the code the voucher's XML declared, if any; null is no
 * detracción. What the XML declared comes back with the warnings where it differs from the table.
 */
export async function proposeApproval(
  db: Executor,
  voucher: VoucherRecord,
  chosenCode: string | null | undefined,
  rateBp?: number,
  referenceValueCents?: number | null,
) {
  const date = voucher.issueDate
  // One after the other: `db` is the approval's transaction, one connection.
  const spot = await spotTable(db)
  const retentionRows = await retentionTable(db)
  const declared = await xmlTermsOf(db, voucher.id)
  const spotCode = chosenCode === undefined ? (declared?.detraction?.spotCode ?? null) : chosenCode
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, voucher.supplierId))
  const [company] = await db.select().from(companies).where(eq(companies.id, voucher.companyId))
  // A dollar voucher: its detracción on its total in soles at the issue date's rate (none without it).
  const exchange = await exchangeOf(db, voucher, todayInLima())
  const detractionTotal = exchange ? exchange.totalSolesCents : voucher.totalCents
  const detraction =
    spotCode && detractionTotal !== null
      ? detractionOf(spot, spotCode, detractionTotal, date, rateBp, referenceValueCents)
      : undefined
  const underDetraction = detraction?.applies === true
  const others = await db
    .select({
      id: v.id,
      type: v.type,
      currency: v.currency,
      totalCents: v.totalCents,
      detractionCents: v.detractionCents,
      creditsVoucherId: v.creditsVoucherId,
    })
    .from(v)
    .where(
      and(
        eq(v.supplierId, voucher.supplierId),
        eq(v.companyId, voucher.companyId),
        eq(v.status, VOUCHER_STATUS.APPROVED),
        ne(v.id, voucher.id),
      ),
    )
  // The supplier's status as of today (Lima): the run recomputes it on the payment date.
  const flags = await taxStatusOfRuc(db, supplier.ruc, todayInLima())
  const group = [{ ...voucher, detractionCents: underDetraction ? 1 : 0 }, ...others]
  // Each base in its own currency (a credit note credits a voucher of its currency), then in soles:
  // the S/ 700 is compared in soles (docs/decisions/usd-vouchers.md).
  const bases = retentionBases(group)
  const retentionRate = exchange?.retentionRateMilli ?? null
  const cases = group.map((g, i) => ({
    documentType: g.type,
    totalCents: retentionSoles(g.currency, bases[i], retentionRate),
    underDetraction: g.detractionCents > 0,
    companyIsAgent: company.retentionAgent,
    supplier: flags,
  }))
  // Dollars with no rate to turn them into soles: the retention cannot be told, and says why.
  const noRate = retentionRate === null && group.some((g) => g.currency !== 'PEN')
  const retention = noRate
    ? retentionExclusion(cases[0])
      ? { amounts: [0], totalCents: 0, exclusions: [retentionExclusion(cases[0])] }
      : {
          amounts: [0],
          totalCents: 0,
          exclusions: [EXCHANGE_RATE_MESSAGES.missingRate(todayInLima())],
        }
    : retentionOf(retentionRows, cases, date)
  const rate = inForce(retentionRows, date)
  const retentionCents = retention?.amounts[0] ?? 0
  const detractionCents = underDetraction ? detraction.amountCents : 0
  const fourthCategory = await fourthCategoryOn(db, voucher, todayInLima())
  return {
    currency: voucher.currency,
    totalCents: voucher.totalCents,
    exchange,
    ratesDate: date,
    spotCatalogue: spotCatalogueOn(spot, date).map(({ validFrom: _, ...row }) => row),
    detraction: detraction
      ? {
          code: detraction.code,
          applies: detraction.applies,
          tableRateBp: detraction.applies ? detraction.tableRateBp : null,
          minimumCents: spotRateOn(spot, detraction.code, date)?.minimumCents ?? null,
          amountCents: detractionCents,
          // 027: what the rate applies to (the greater of the total and the valor referencial).
          takesReferenceValue: takesReferenceValue(detraction.code),
          baseCents: detractionBaseCents(detraction.code, detractionTotal ?? 0, referenceValueCents),
          rowValidFrom: detraction.validFrom,
        }
      : null,
    supplierHasDetractionAccount: supplier.detractionAccount !== null,
    declared,
    declaredWarnings: declaredDetractionWarnings(
      declared?.detraction,
      spotCode,
      spot,
      date,
      detractionTotal,
      referenceValueCents,
    ),
    retention: {
      proposed: retentionCents > 0,
      exclusion: retention ? retention.exclusions[0] : 'No hay una tasa de retención vigente',
      rateBp: rate?.rateBp ?? null,
      thresholdCents: rate?.thresholdCents ?? null,
      rowValidFrom: rate?.validFrom ?? null,
      groupTotalCents: cases.reduce((sum, c) => sum + c.totalCents, 0),
      amountCents: retentionCents,
    },
    fourthCategory,
    netCents: exchange
      ? foreignNetCents(
          voucher.totalCents,
          detractionCents,
          exchange.detractionRateMilli,
          retentionCents,
          exchange.retentionRateMilli,
        )
      : netCents(voucher.totalCents, detractionCents, retentionCents, fourthCategory?.amountCents ?? 0),
  }
}

/**
 * A voucher paid by hand on `paidOn`: when its supplier's tax status that day is not what it was on
 * the day it was approved (Lima), the retention is recomputed with the status of the payment date —
 * the law's date — over the voucher paid alone (a dollar voucher: its total in soles at the payment
 * date's rate, `totalSolesCents`); the changes are said in words. Null when nothing
 * changed or the approver went against the rule (with a reason): then the approved retention stands.
 */
export async function retentionOnPayment(
  db: Executor,
  voucher: VoucherRecord,
  paidOn: string,
  totalSolesCents = voucher.totalCents,
) {
  if (!voucher.approvedAt || voucher.retentionReason) return null
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, voucher.supplierId))
  const periods = (await periodsByRuc(db, [supplier.ruc])).get(supplier.ruc) ?? []
  const approvedOn = todayInLima(voucher.approvedAt)
  const onPayment = taxStatusOn(periods, paidOn)
  const onApproval = taxStatusOn(periods, approvedOn)
  const differs = (Object.keys(onPayment) as (keyof TaxStatus)[]).some((k) => onPayment[k] !== onApproval[k])
  if (!differs) return null
  const [company] = await db.select().from(companies).where(eq(companies.id, voucher.companyId))
  const retention = retentionOf(
    await retentionTable(db),
    [
      {
        companyIsAgent: company.retentionAgent,
        supplier: onPayment,
        documentType: voucher.type,
        underDetraction: voucher.detractionCents > 0,
        totalCents: totalSolesCents,
      },
    ],
    paidOn,
  )
  const retentionCents = retention?.amounts[0] ?? 0
  const retained = retentionCents > 0
  // Paid after the approval: what changed since; paid before it (a payment recorded late): what the
  // status was on the payment date.
  const changes =
    approvedOn < paidOn
      ? taxStatusChanges(periods, approvedOn, paidOn).map((c) => taxStatusChangeText(c, retained))
      : TAX_STATUS_FLAGS.filter(([flag]) => onPayment[flag] !== onApproval[flag]).map(
          ([flag, kind]) =>
            `${onPayment[flag] ? 'era' : 'no era'} ${TAX_STATUS_LABEL[kind]} el ${formatDate(paidOn)}: ${retained ? 'se retiene' : 'no se retiene'}`,
        )
  return { retentionCents, changes }
}
