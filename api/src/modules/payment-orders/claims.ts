import {
  type Database,
  type Executor,
  paymentOrderClaims,
  paymentOrderLines,
  paymentOrders,
  payrolls,
  recordAudit,
  violatedConstraint,
} from '@planillas/db'
import { formatCount, formatDate, formatMoney, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import { and, type Column, eq, isNull, type SQL, sql } from 'drizzle-orm'

/**
 * Where an order's lines come from: a payroll (every line of it: one bad line refuses the file,
 * so the payroll is claimed as a whole) or a supplier voucher (a run claims each of its vouchers).
 */
export type LineSource = { kind: 'PAYROLL' | 'VOUCHER'; id: number }

export const payrollSource = (payrollId: number): LineSource => ({ kind: 'PAYROLL', id: payrollId })
export const voucherSource = (voucherId: number): LineSource => ({ kind: 'VOUCHER', id: voucherId })

/** What an order pays: a payroll's lines, or supplier vouchers (a payment run). */
export type OrderSource = 'PAYROLL' | 'VOUCHERS'

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
  vouchersConcurrent:
    'En este mismo momento se generó otra orden de pago con alguno de estos comprobantes: no se guardó esta orden. Revise las órdenes generadas antes de intentarlo de nuevo.',
  annulNotOpen: 'Solo se puede anular una orden de pago vigente (GENERADO)',
} as const

/** Refused because of another order: answered as a 409 with its message. */
export class OrderConflictError extends Error {}

const openOrderColumns = {
  id: paymentOrders.id,
  format: paymentOrders.format,
  paymentDate: paymentOrders.paymentDate,
  // Never null for an open (GENERADO) order: its file is written (payment_orders_file_check).
  lineCount: sql<number>`coalesce(${paymentOrders.lineCount}, 0)`.mapWith(Number),
  totalAmount: sql<string>`coalesce(${paymentOrders.totalAmount}, 0)::text`,
  createdBy: paymentOrders.createdBy,
}

/** The open order holding `source`, or null when its lines are free. */
export async function openOrderOf(db: Executor, source: LineSource): Promise<OpenOrder | null> {
  const [row] = await db
    .select(openOrderColumns)
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
 * `column = any($1::int[])`: one parameter however many ids (an IN list of a 10,000-voucher run
 * would be 10,000 parameters, each parsed and planned).
 */
export const anyId = (column: Column, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::int[])`

/** The open orders holding any of the sources `ids` of one kind: source id → its order. */
export async function openOrdersOf(
  db: Executor,
  kind: LineSource['kind'],
  ids: readonly number[],
): Promise<Map<number, OpenOrder>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ ...openOrderColumns, sourceId: paymentOrderClaims.sourceId })
    .from(paymentOrderClaims)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderClaims.orderId))
    .where(
      and(
        eq(paymentOrderClaims.sourceKind, kind),
        anyId(paymentOrderClaims.sourceId, ids),
        isNull(paymentOrderClaims.releasedAt),
      ),
    )
  return new Map(rows.map(({ sourceId, ...order }) => [sourceId, order]))
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

/**
 * Closes an open order (ANULADO, or REEMPLAZADO by `byOrderId`) and frees what it claimed (sources
 * and payroll lines); false when it was not open.
 */
async function closeOrder(
  tx: Executor,
  id: number,
  change: Partial<typeof paymentOrders.$inferInsert> & { status: number },
  byOrderId: number | null = null,
): Promise<boolean> {
  const closed = await tx
    .update(paymentOrders)
    .set(change)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, PAYMENT_ORDER_STATUS.GENERATED)))
    .returning({ id: paymentOrders.id })
  if (!closed.length) return false
  for (const table of [paymentOrderClaims, paymentOrderLines])
    await tx
      .update(table)
      .set({ releasedAt: sql`now()`, releasedByOrderId: byOrderId })
      .where(and(eq(table.orderId, id), isNull(table.releasedAt)))
  return true
}

/** The open order (GENERADO) holding any line of the payroll, the latest first; null when none. */
export async function openPayrollOrder(db: Executor, payrollId: number): Promise<OpenOrder | null> {
  const [row] = await db
    .select(openOrderColumns)
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.payrollId, payrollId),
        eq(paymentOrders.status, PAYMENT_ORDER_STATUS.GENERATED),
        sql`exists (select 1 from ${paymentOrderLines} po where po.order_id = ${paymentOrders.id} and po.released_at is null)`,
      ),
    )
    .orderBy(sql`${paymentOrders.id} desc`)
    .limit(1)
  return row ?? null
}

/**
 * In the new order's transaction: closes the order it replaces (when confirmed) and claims its
 * sources (a payroll, or each voucher of a run, in id order so two runs never wait on each other
 * crosswise). The database decides between two orders written at the same moment: the open-claim
 * unique index lets one commit; the other ends here with the Spanish message.
 */
export async function claimForOrder(
  tx: Executor,
  orderId: number,
  source: LineSource | readonly LineSource[],
  replacesOrderId: number | undefined,
  actor: string,
) {
  const sources = (Array.isArray(source) ? [...source] : [source as LineSource]).sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.id - b.id,
  )
  if (replacesOrderId !== undefined) {
    const replaced = await closeOrder(tx, replacesOrderId, { status: PAYMENT_ORDER_STATUS.REPLACED }, orderId)
    if (!replaced) throw new OrderConflictError(CLAIM_MESSAGES.replacedNotOpen(replacesOrderId))
  }
  if (!sources.length) return
  try {
    // A savepoint: on PostgreSQL a failed statement ends the transaction, and the caller answers.
    // One statement from two arrays, whatever the number of sources (a run of 10,000 vouchers).
    await tx.transaction((sp) =>
      sp.execute(sql`
        insert into ${paymentOrderClaims} (order_id, source_kind, source_id, created_by)
        select ${orderId}, k, i, ${actor}
        from unnest(${sql.param(sources.map((s) => s.kind))}::text[], ${sql.param(sources.map((s) => s.id))}::int[])
          with ordinality as u(k, i, n)
        order by n`),
    )
  } catch (error) {
    if (violatedConstraint(error) === 'payment_order_claims_open_unique')
      throw new OrderConflictError(
        sources[0]?.kind === 'VOUCHER' ? CLAIM_MESSAGES.vouchersConcurrent : CLAIM_MESSAGES.concurrent,
      )
    throw error
  }
}

/**
 * 'Anular': the order stays listed as ANULADO with its reason; its lines are free again. Only an
 * order of `source` is found (a payroll clerk's route never annuls a supplier run, nor the reverse).
 */
export async function annulOrder(
  db: Database,
  id: number,
  reason: string,
  actor: string,
  source: OrderSource = 'PAYROLL',
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
      .leftJoin(payrolls, eq(payrolls.id, paymentOrders.payrollId))
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.source, source)))
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
      description:
        source === 'PAYROLL'
          ? `Anuló la orden de pago ${order.format} #${id} de la planilla ${order.code}: sus líneas quedan libres para otro archivo. Motivo: ${reason}`
          : `Anuló la orden de pago a proveedores ${order.format} #${id}: sus comprobantes quedan libres para otra orden. Motivo: ${reason}`,
    })
    return true
  })
}
