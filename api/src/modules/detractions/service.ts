import { type Database, type Executor, recordAudit, suppliers, paymentVouchers as v } from '@planillas/db'
import { DETRACTION_MESSAGES, formatCents, formatDate, todayInLima, voucherNumber } from '@planillas/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import { badRequest, conflict, found } from '../../lib/errors'
import { inKeysetBatches } from '../../lib/xlsx'
import { voucherOfSupplier } from '../vouchers/columns'

/** A detracción can be deposited once the voucher is APROBADO, and stays owed once it is PAGADO. */
const DEPOSITABLE = [3, 4]

export { DETRACTION_MESSAGES }

export type DepositInput = { constancia: string; depositedOn: string }

/** Records a deposit's constancia by hand: the voucher's detracción is DEPOSITADA from then on. */
export async function recordDeposit(db: Database, actor: string, id: number, input: DepositInput) {
  if (!/^\d{1,20}$/.test(input.constancia)) throw badRequest(DETRACTION_MESSAGES.constancia)
  if (input.depositedOn > todayInLima()) throw badRequest(DETRACTION_MESSAGES.future)
  return db.transaction(async (tx) => {
    const voucher = found((await tx.select().from(v).where(eq(v.id, id)).for('update'))[0])
    if (voucher.detractionCents <= 0) throw conflict(DETRACTION_MESSAGES.none)
    if (!DEPOSITABLE.includes(voucher.status)) throw conflict(DETRACTION_MESSAGES.notYet)
    if (voucher.detractionDepositedOn && voucher.detractionConstancia)
      throw conflict(DETRACTION_MESSAGES.already(voucher.detractionConstancia, voucher.detractionDepositedOn))
    if (input.depositedOn < voucher.issueDate) throw badRequest(DETRACTION_MESSAGES.beforeIssue)
    await tx
      .update(v)
      .set({ detractionDepositedOn: input.depositedOn, detractionConstancia: input.constancia })
      .where(eq(v.id, id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payments',
      entityId: id,
      actor,
      description: `Detracción de ${voucherNumber(voucher.series, voucher.number)} depositada: constancia ${input.constancia} del ${formatDate(input.depositedOn)} (${formatCents(voucher.detractionCents)})`,
    })
  })
}

/** Rows of the retention register per read: the month's list is a few thousand at most, but read like every export. */
export const RETENTION_REGISTER_BATCH = 1000

type RegisterKey = { supplierRuc: string; paidOn: string | null; series: string; number: number; id: number }

/**
 * The month's retentions (vouchers PAGADO in the period with IGV retained), for the contador, by
 * supplier, payment date and number: read in keyset batches like the lists' exports (the next batch
 * is asked for only when the workbook has taken this one), the voucher's id breaking ties.
 */
export function retentionRegister(db: Executor, period: string, batchSize = RETENTION_REGISTER_BATCH) {
  const from = `${period.slice(0, 4)}-${period.slice(4)}-01`
  const batch = (after: RegisterKey | null, limit: number) =>
    db
      .select({
        id: v.id,
        ...voucherOfSupplier,
        currency: v.currency,
        totalCents: v.totalCents,
        paidOn: v.paidOn,
        paidCents: v.paidCents,
        retentionCents: v.retentionCents,
        retentionExchangeRateMilli: v.retentionExchangeRateMilli,
      })
      .from(v)
      .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
      .where(
        and(
          eq(v.status, 4),
          gt(v.retentionCents, 0),
          sql`${v.paidOn} >= ${from}::date and ${v.paidOn} < (${from}::date + interval '1 month')`,
          after
            ? sql`(${suppliers.ruc}, ${v.paidOn}, ${v.series}, ${v.number}, ${v.id}) > (${after.supplierRuc}, ${after.paidOn}::date, ${after.series}, ${after.number}::int, ${after.id}::int)`
            : undefined,
        ),
      )
      .orderBy(suppliers.ruc, v.paidOn, v.series, v.number, v.id)
      .limit(limit)
  return inKeysetBatches(batch, (r): RegisterKey => r, batchSize)
}
