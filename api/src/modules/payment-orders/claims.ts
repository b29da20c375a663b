import {
  type Database,
  type Executor,
  paymentOrderClaims,
  paymentOrders,
  payrolls,
  recordAudit,
  violatedConstraint,
} from '@planillas/db'
import { formatCount, formatDate, formatMoney, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import { and, eq, isNull, sql } from 'drizzle-orm'

/**
 * Where an order's lines come from. Today a payroll (every line of it: one bad line refuses the
 * file); supplier vouchers will be a second kind, each voucher claimed on its own.
 */
export type LineSource = { kind: 'PAYROLL'; id: number }

export const payrollSource = (payrollId: number): LineSource => ({ kind: 'PAYROLL', id: payrollId })

/** The open order (GENERADO) holding a source, as the clerk is told about it. */
export type OpenOrder = {
  id: number
  format: string
  paymentDate: string
  lineCount: number
  totalAmount: string
  createdBy: string | null
}

export const CLAIM_MESSAGES = {
  alreadySent: (o: OpenOrder) =>
    `Las líneas de esta planilla ya se enviaron al banco en la orden de pago N° ${o.id} (${o.format}, pago del ${formatDate(o.paymentDate)}, ${formatCount(o.lineCount)} ${o.lineCount === 1 ? 'abono' : 'abonos'}, ${formatMoney(o.totalAmount)}), que sigue vigente. Para generar otro archivo confirme que reemplaza la orden N° ${o.id}, o anúlela primero.`,
  replacedNotOpen: (id: number) =>
    `La orden de pago N° ${id} ya no está vigente (se anuló o se reemplazó): revise los archivos generados y vuelva a intentarlo`,
  concurrent:
    'En este mismo momento se generó otra orden de pago para esta planilla: no se guardó este archivo. Revise los archivos generados antes de intentarlo de nuevo.',
  annulNotOpen: 'Solo se puede anular una orden de pago vigente (GENERADO)',
} as const

/** Refused because of another order: answered as a 409 with its message. */
export class OrderConflictError extends Error {}

/** The open order holding `source`, or null when its lines are free. */
export async function openOrderOf(db: Database, source: LineSource): Promise<OpenOrder | null> {
  const [row] = await db
    .select({
      id: paymentOrders.id,
      format: paymentOrders.format,
      paymentDate: paymentOrders.paymentDate,
      lineCount: paymentOrders.lineCount,
      totalAmount: paymentOrders.totalAmount,
      createdBy: paymentOrders.createdBy,
    })
    .from(paymentOrderClaims)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderClaims.orderId))
    .where(
      and(
        eq(paymentOrderClaims.sourceKind, source.kind),
        eq(paymentOrderClaims.sourceId, source.id),
        isNull(paymentOrderClaims.releasedAt),
      ),
    )
  return row ?? null
}

/**
 * Whether a new order for `source` may go ahead: its lines are free, or the clerk confirmed that it
 * replaces the open order, naming that very order. Throws the message to show otherwise.
 */
export function checkReplacement(
  open: OpenOrder | null,
  replacesOrderId: number | undefined,
  confirmed: boolean,
) {
  if (open && (!confirmed || replacesOrderId !== open.id))
    throw new OrderConflictError(CLAIM_MESSAGES.alreadySent(open))
  if (!open && replacesOrderId !== undefined)
    throw new OrderConflictError(CLAIM_MESSAGES.replacedNotOpen(replacesOrderId))
}

/** Closes an open order (ANULADO or REEMPLAZADO) and frees what it claimed; false when it was not open. */
async function closeOrder(
  tx: Executor,
  id: number,
  change: Partial<typeof paymentOrders.$inferInsert> & { status: number },
): Promise<boolean> {
  const closed = await tx
    .update(paymentOrders)
    .set(change)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.GENERATED)))
    .returning({ id: paymentOrders.id })
  if (!closed.length) return false
  await tx
    .update(paymentOrderClaims)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(paymentOrderClaims.orderId, id), isNull(paymentOrderClaims.releasedAt)))
  return true
}

/**
 * In the new order's transaction: closes the order it replaces (when confirmed) and claims its
 * source. The database decides between two orders written at the same moment: the open-claim
 * unique index lets one commit; the other ends here with the Spanish message.
 */
export async function claimForOrder(
  tx: Executor,
  orderId: number,
  source: LineSource,
  replacesOrderId: number | undefined,
  actor: string,
) {
  if (replacesOrderId !== undefined) {
    const replaced = await closeOrder(tx, replacesOrderId, { status: PAYMENT_ORDER_STATUS.REPLACED })
    if (!replaced) throw new OrderConflictError(CLAIM_MESSAGES.replacedNotOpen(replacesOrderId))
  }
  try {
    // A savepoint: on PostgreSQL a failed statement ends the transaction, and the caller answers.
    await tx.transaction((sp) =>
      sp
        .insert(paymentOrderClaims)
        .values({ orderId, sourceKind: source.kind, sourceId: source.id, createdBy: actor }),
    )
  } catch (error) {
    if (violatedConstraint(error) === 'payment_order_claims_open_unique')
      throw new OrderConflictError(CLAIM_MESSAGES.concurrent)
    throw error
  }
}

/** 'Anular': the order stays listed as ANULADO with its reason; its lines are free again. */
export async function annulOrder(
  db: Database,
  id: number,
  reason: string,
  actor: string,
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: paymentOrders.id,
        format: paymentOrders.format,
        status: paymentOrders.status,
        code: payrolls.code,
      })
      .from(paymentOrders)
      .innerJoin(payrolls, eq(payrolls.id, paymentOrders.payrollId))
      .where(eq(paymentOrders.id, id))
      .for('update', { of: paymentOrders })
    if (!order) return null
    const closed = await closeOrder(tx, id, {
      status: PAYMENT_ORDER_STATUS.ANNULLED,
      annulledAt: new Date(),
      annulledBy: actor,
      annulReason: reason,
    })
    if (!closed) return false
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payment_orders',
      entityId: id,
      actor,
      description: `Anuló la orden de pago ${order.format} #${id} de la planilla ${order.code}: sus líneas quedan libres para otro archivo. Motivo: ${reason}`,
    })
    return true
  })
}
