import {
  type Database,
  type Executor,
  issueRetentionReceipt,
  paymentOrders,
  recordAudit,
  rowsOf,
  SYSTEM_ACTOR,
} from '@planillas/db'
import {
  centsToSoles,
  formatCurrencyCents,
  formatDate,
  IDENTIFIER_TYPE,
  SUPPLIER_PAYMENT_MESSAGES as M,
  PAYMENT_ORDER_STATUS,
  VOUCHER_STATUS,
  voucherNumber,
  voucherStatus,
} from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import { type Applied, closeBatch } from './apply-payments'
import { lockRunningBatch, type PaymentBatch } from './batch-store'
import { type LineState, lineKey, matchPayments } from './match'
import type { ReadPayments } from './read-payments'
import type { Receipt } from './receipts'

/** One voucher of the run, as it is now (locked). */
type RunVoucher = {
  voucherId: number
  supplierId: number
  ruc: string
  /** The run's currency: the net is cents of it ('USD': dollars), the retention always soles. */
  currency: string
  netCents: string
  /** What the run withheld of this voucher (its sign is the run's: a credit note's is never above 0). */
  retentionCents: string
  /** A dollar voucher: the SBS rate of the payment date the run computed its retention at. */
  exchangeRateMilli: number | null
  /** What the run withheld of a recibo por honorarios as fourth-category retention. */
  fourthCategoryCents: string
  series: string
  number: number
  status: number
  paidOn: string | null
  paidOperation: string | null
}

/**
 * The one transaction of a supplier abonos batch: under a lock on the batch and on the run (two
 * uploads for one run apply in turn), with the run's vouchers locked, each row pays one supplier
 * line of the run: its RUC is in the run, the amount is the supplier's net in the run, and every
 * voucher of that supplier in the run is still APROBADO. Then all of them become PAGADO with the
 * date of payment, the operation number and the retention the run withheld, each with its audit entry. A row that cannot pay is an
 * observation and writes nothing; a run no longer GENERADO applies nothing.
 */
export async function applySupplierPayments(
  db: Database,
  batch: PaymentBatch,
  read: ReadPayments,
  receipts: Receipt[],
): Promise<Applied> {
  return db.transaction(async (tx): Promise<Applied> => {
    if (!(await lockRunningBatch(tx, batch.id))) return { outcome: 'lost' }
    // A VOUCHERS batch always names its run (payment_batches_source_target_check).
    const orderId = batch.orderId ?? 0
    const [order] = await tx
      .select({ id: paymentOrders.id, status: paymentOrders.status, paymentDate: paymentOrders.paymentDate })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update')
    if (order?.status !== PAYMENT_ORDER_STATUS.GENERATED) return { outcome: 'run-gone' }

    const vouchers = await lockRunVouchers(tx, orderId)
    const lines = supplierLines(vouchers)
    const result = matchPayments({
      payrollCode: String(orderId),
      rows: read.rows,
      lines,
      receipts,
      messages: { notFound: M.notInRun(orderId), amountDiffers: M.amountDiffers },
    })
    // An observation names a payroll line only in payroll batches.
    result.issues = result.issues.map((i) => ({ ...i, payrollLineId: null }))

    const actor = batch.createdBy ?? SYSTEM_ACTOR
    for (const payment of result.payments) {
      const paidTogether = vouchers.filter((x) => x.supplierId === payment.lineId)
      for (const v of paidTogether) {
        const paidCents = Math.abs(Number(v.netCents))
        // What the run withheld at this payment replaces the approval's estimate: the retention
        // register and every report read the voucher's own amount.
        const withheld = Math.abs(Number(v.retentionCents))
        const fourthCategory = Number(v.fourthCategoryCents)
        // A dollar voucher keeps the rate its retention was withheld at (the CRE and the register read it).
        const rate = v.currency === 'PEN' ? null : withheld > 0 ? v.exchangeRateMilli : null
        await tx.execute(sql`
          update payment_vouchers
          set status = ${VOUCHER_STATUS.PAID}, paid_cents = ${paidCents}, paid_on = ${batch.paymentDate}::date,
              retention_cents = ${withheld}, retention = ${withheld > 0}, fourth_category_cents = ${fourthCategory},
              retention_exchange_rate_milli = ${rate}::int,
              paid_operation = ${payment.operationNumber}, paid_by = ${actor}, paid_at = now(), updated_at = now()
          where id = ${v.voucherId} and status = ${VOUCHER_STATUS.APPROVED}`)
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'payments',
          entityId: v.voucherId,
          actor,
          description: `Marcó como pagado el comprobante ${voucherNumber(v.series, v.number)}: ${formatCurrencyCents(v.currency, paidCents)} el ${formatDate(batch.paymentDate)}, operación ${payment.operationNumber} (carga de abonos de proveedores #${batch.id}, orden de pago N° ${orderId}) (APROBADO → PAGADO)`,
        })
      }
      // The supplier was paid: its comprobante de retención electrónico, when the run withheld IGV.
      await issueRetentionReceipt(tx, {
        voucherIds: paidTogether.map((v) => v.voucherId),
        paymentDate: batch.paymentDate,
        orderId,
        actor,
        // A dollar run computed its retention at the rate of its own payment date.
        exchangeRateOn: order.paymentDate,
      })
    }
    return closeBatch(tx, batch, read, receipts, result, `orden de pago a proveedores N° ${orderId}`)
  })
}

/** The run's vouchers with their supplier's RUC and what the run pays each, locked until the commit. */
async function lockRunVouchers(tx: Executor, orderId: number): Promise<RunVoucher[]> {
  const result = await tx.execute(sql`
    select v.id as "voucherId", ov.supplier_id as "supplierId", s.ruc, ov.currency,
           ov.retention_exchange_rate_milli as "exchangeRateMilli", ov.net_cents::text as "netCents",
           ov.retention_cents::text as "retentionCents", ov.fourth_category_cents::text as "fourthCategoryCents",
           v.series, v.number, v.status, v.paid_on::text as "paidOn", v.paid_operation as "paidOperation"
    from payment_order_vouchers ov
    join payment_vouchers v on v.id = ov.voucher_id
    join suppliers s on s.id = ov.supplier_id
    where ov.order_id = ${orderId}
    order by v.id
    for update of v`)
  return rowsOf<RunVoucher>(result)
}

/**
 * One line per supplier, as the match reads a payroll line: keyed by RUC, the supplier's net in
 * the run, and why it cannot be paid when one of its vouchers is no longer APROBADO.
 */
function supplierLines(vouchers: RunVoucher[]): Map<string, LineState> {
  const lines = new Map<string, LineState>()
  const net = new Map<number, number>()
  for (const v of vouchers) {
    net.set(v.supplierId, (net.get(v.supplierId) ?? 0) + Number(v.netCents))
    const key = lineKey(IDENTIFIER_TYPE.RUC, v.ruc)
    const line = lines.get(key) ?? {
      id: v.supplierId,
      identifierType: IDENTIFIER_TYPE.RUC,
      identifier: v.ruc,
      amount: '0.00',
      paidBatchId: null,
      paidOperation: null,
      blockedReason: null,
    }
    if (!line.blockedReason && v.status !== VOUCHER_STATUS.APPROVED) {
      const label = voucherNumber(v.series, v.number)
      line.blockedReason =
        v.status === VOUCHER_STATUS.PAID
          ? M.alreadyPaid(label, v.paidOn, v.paidOperation)
          : M.notApproved(label, voucherStatus[v.status as keyof typeof voucherStatus]?.label ?? '')
    }
    lines.set(key, line)
  }
  for (const line of lines.values()) line.amount = centsToSoles(net.get(line.id) ?? 0)
  return lines
}
