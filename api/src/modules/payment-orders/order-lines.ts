import { createHash } from 'node:crypto'
import { awaitsReviewSql, type Executor, payrollLines, rowsOf, violatedConstraint } from '@planillas/db'
import { formatCount, PAYMENT_BATCH_STATUS, PAYMENT_ORDER_STATUS, reviewReasons } from '@planillas/domain'
import { BANK_FILE_MESSAGES } from '@planillas/domain/bank-files'
import { type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { CLAIM_MESSAGES, OrderConflictError, openPayrollOrder } from './claims'
import { OrderProblemsError } from './engine'

/**
 * Which lines of a payroll a new payment file carries, line by line (`payment_order_lines`):
 * - **free**: unpaid, not awaiting review, in no open order: always carried;
 * - **observed** (OBSERVADO: a blocking review flag no one confirmed), in no open order: left out,
 *   only once the clerk confirmed that very list (`confirmObserved`, its digest); they go in a
 *   later file once a clerk confirms them (they are free then);
 * - **to send again**: unpaid lines of an open order for which the bank's result came back after
 *   the order was written (a processed 'Cargar abonos' of the payroll): the bank rejected them or
 *   did not pay them (the upload's observation on the line says why, when the bank named it). Carried only when the clerk confirmed that very list (`confirmResend`): the
 *   new order takes them over from the earlier one.
 * The partial unique index on open rows keeps a line in one open order whatever happens at once.
 */
export const ORDER_LINE_MESSAGES = {
  observedUnconfirmed: (count: number) =>
    `${formatCount(count)} ${count === 1 ? 'línea está OBSERVADA y no irá' : 'líneas están OBSERVADAS y no irán'} en este archivo: revise la lista y confirme que el archivo se genere sin ellas`,
  observedChanged:
    'Las líneas OBSERVADAS cambiaron desde que usted las revisó: revise la lista y vuelva a confirmar',
  resendUnconfirmed: (count: number) =>
    `El banco rechazó o no abonó ${formatCount(count)} ${count === 1 ? 'línea' : 'líneas'} de una orden anterior: revise la lista y confirme que las reenvía`,
  resendChanged:
    'Las líneas por reenviar cambiaron desde que usted las revisó (otro abono u otra orden): revise la lista y vuelva a confirmar',
  nothingToPay: 'No hay líneas por pagar: todas las líneas de la planilla están abonadas',
  notReviewed: 'No hay líneas por pagar: las que faltan están OBSERVADAS y deben confirmarse antes',
} as const

/** A line as the confirmations list it: where it is, whose it is, and why it is listed. */
export type LineBrief = {
  id: number
  rowNumber: number
  identifierType: number
  identifier: string
  fullName: string
  amount: number
  reason: string
  /** The open order a line to send again was in. */
  orderId: number | null
}

/** What a confirmation names: the digest of a list of line ids (a tick for one list covers no other). */
export const linesDigest = (ids: readonly number[]) =>
  createHash('sha256')
    .update([...ids].sort((a, b) => a - b).join(','))
    .digest('hex')

const l = alias(payrollLines, 'l')

/** The line has an open row in some order. */
const held = sql`exists (select 1 from payment_order_lines h where h.payroll_line_id = l.id and h.released_at is null)`

/** The line is OBSERVADO, in no open order, unpaid. */
const observedWhere = (payrollId: number) =>
  sql`l.payroll_id = ${payrollId} and not l.paid and ${awaitsReviewSql(l)} and not ${held}`

/**
 * The open (GENERADO) order row `o`/`po` of an unpaid line whose bank result came back: a payroll
 * abonos batch uploaded after that order was generated, and processed.
 */
const resendCondition = (payrollId: number) => sql`o.status = ${PAYMENT_ORDER_STATUS.GENERATED}
  and l.payroll_id = ${payrollId} and not l.paid and not ${awaitsReviewSql(l)}
  and exists (select 1 from payment_batches b where b.payroll_id = ${payrollId}
    and b.status in (${PAYMENT_BATCH_STATUS.PROCESSED}, ${PAYMENT_BATCH_STATUS.OBSERVED})
    and b.created_at > o.created_at)`

const resendFrom = (payrollId: number) => sql`
  from payroll_lines l
  join payment_order_lines po on po.payroll_line_id = l.id and po.released_at is null
  join payment_orders o on o.id = po.order_id
  where ${resendCondition(payrollId)}`

const idsOf = async (tx: Executor, query: SQL) =>
  rowsOf<{ id: string }>(await tx.execute(query)).map((r) => Number(r.id))

export const observedIds = (tx: Executor, payrollId: number) =>
  idsOf(tx, sql`select l.id::text as id from payroll_lines l where ${observedWhere(payrollId)}`)

export const resendIds = (tx: Executor, payrollId: number) =>
  idsOf(tx, sql`select l.id::text as id ${resendFrom(payrollId)}`)

/** What the clerk confirmed for a payroll's next file (digests of the lists shown). */
export type LineConfirmations = { confirmObserved?: string; confirmResend?: string }

/** How the claimed order is made: lines carried, left out and sent again. */
export type ClaimedLines = { claimed: number; observed: number; resent: number }

/**
 * In the claim's transaction: checks the confirmations against the lists as they are now, takes
 * over the lines to send again and claims every line the file carries. Throws the refusal.
 */
export async function claimPayrollLines(
  tx: Executor,
  payrollId: number,
  orderId: number,
  confirmed: LineConfirmations,
): Promise<ClaimedLines> {
  const observed = await observedIds(tx, payrollId)
  if (observed.length && !confirmed.confirmObserved)
    throw new OrderConflictError(ORDER_LINE_MESSAGES.observedUnconfirmed(observed.length))
  if (observed.length && confirmed.confirmObserved !== linesDigest(observed))
    throw new OrderConflictError(ORDER_LINE_MESSAGES.observedChanged)
  let resent = 0
  if (confirmed.confirmResend) {
    const ids = await resendIds(tx, payrollId)
    if (!ids.length || confirmed.confirmResend !== linesDigest(ids))
      throw new OrderConflictError(ORDER_LINE_MESSAGES.resendChanged)
    // Taken over from the earlier order, on the same conditions as listed (an open order with the
    // bank's result, the line unpaid): a line another clerk took meanwhile is in an order without a
    // result, or no longer open, and the counts differ.
    const taken = await tx.execute(sql`
      update payment_order_lines po set released_at = now(), released_by_order_id = ${orderId}
      from payroll_lines l, payment_orders o
      where po.payroll_line_id = any(${sql.param(ids)}::bigint[]) and po.released_at is null
        and l.id = po.payroll_line_id and o.id = po.order_id and ${resendCondition(payrollId)}
      returning po.payroll_line_id`)
    if (rowsOf(taken).length !== ids.length) throw new OrderConflictError(ORDER_LINE_MESSAGES.resendChanged)
    resent = ids.length
  }
  const claimed = await insertFreeLines(tx, payrollId, orderId)
  if (!claimed) await refuseEmpty(tx, payrollId, observed.length)
  return { claimed, observed: observed.length, resent }
}

/** Every free line of the payroll, claimed by the order; the index refuses a line claimed at once. */
async function insertFreeLines(tx: Executor, payrollId: number, orderId: number): Promise<number> {
  try {
    // Counted in the database: 100,000 ids sent back only to be counted cost the API a quarter second.
    const inserted = await tx.execute(sql`
      with claimed as (
        insert into payment_order_lines (order_id, payroll_line_id)
        select ${orderId}, l.id from payroll_lines l
        where l.payroll_id = ${payrollId} and not l.paid and not ${awaitsReviewSql(l)} and not ${held}
        returning 1)
      select count(*)::int as claimed from claimed`)
    return rowsOf<{ claimed: number }>(inserted)[0].claimed
  } catch (error) {
    if (violatedConstraint(error) === 'payment_order_lines_open_unique')
      throw new OrderConflictError(CLAIM_MESSAGES.concurrent)
    throw error
  }
}

/** No line to carry: why, in the clerk's words. */
async function refuseEmpty(tx: Executor, payrollId: number, observed: number): Promise<never> {
  const [{ lines }] = rowsOf<{ lines: number }>(
    await tx.execute(sql`select count(*)::int as lines from payroll_lines where payroll_id = ${payrollId}`),
  )
  if (!lines) throw new OrderProblemsError([{ rowNumber: null, message: BANK_FILE_MESSAGES.noLines }])
  const resend = (await resendIds(tx, payrollId)).length
  if (resend) throw new OrderConflictError(ORDER_LINE_MESSAGES.resendUnconfirmed(resend))
  const open = await openPayrollOrder(tx, payrollId)
  if (open) throw new OrderConflictError(CLAIM_MESSAGES.alreadySent(open))
  // Claimed by an order whose file another clerk is writing right now.
  const building = await tx.execute(sql`
    select 1 from payment_orders o where o.payroll_id = ${payrollId} and o.status = ${PAYMENT_ORDER_STATUS.BUILDING}
      and exists (select 1 from payment_order_lines po where po.order_id = o.id and po.released_at is null)
    limit 1`)
  if (rowsOf(building).length) throw new OrderConflictError(CLAIM_MESSAGES.concurrent)
  // Any line still held by an order that changed state between the statements above (another
  // clerk's order committed or failed meanwhile): the lines are taken, so it is a conflict.
  const heldNow = await tx.execute(sql`
    select 1 from payment_order_lines po join payroll_lines l on l.id = po.payroll_line_id
    where l.payroll_id = ${payrollId} and po.released_at is null and not l.paid
    limit 1`)
  if (rowsOf(heldNow).length) throw new OrderConflictError(CLAIM_MESSAGES.concurrent)
  throw new OrderProblemsError([
    {
      rowNumber: null,
      message: observed ? ORDER_LINE_MESSAGES.notReviewed : ORDER_LINE_MESSAGES.nothingToPay,
    },
  ])
}

/** At most this many lines of each list are shown; the count and the digest cover them all. */
export const LISTED_LINES = 200

type BriefRow = Omit<LineBrief, 'amount' | 'reason'> & {
  id: string
  amount: string
  reason: string | null
  flags: number
}

const toBrief = (r: BriefRow, reason: string): LineBrief => ({
  id: Number(r.id),
  rowNumber: r.rowNumber,
  identifierType: r.identifierType,
  identifier: r.identifier,
  fullName: r.fullName,
  amount: Number(r.amount),
  reason,
  orderId: r.orderId,
})

const briefColumns = sql`l.id::text as id, l.row_number as "rowNumber", l.identifier_type as "identifierType",
  l.identifier, l.full_name as "fullName", l.amount::text as amount, l.review_flags as flags`

/**
 * What the payroll's next file would do, for the page that asks the confirmations: the OBSERVADO
 * lines left out and the lines to send again (each listed up to `LISTED_LINES`, counted and
 * digested in full), the free lines it carries, and what the open orders already sent.
 */
export async function nextFileOf(db: Executor, payrollId: number) {
  const [observedAll, resendAll, observedRows, resendRows, counts] = await Promise.all([
    observedIds(db, payrollId),
    resendIds(db, payrollId),
    db.execute(sql`select ${briefColumns}, null::int as "orderId", null as reason from payroll_lines l
      where ${observedWhere(payrollId)} order by l.row_number, l.id limit ${LISTED_LINES}`),
    db.execute(sql`select ${briefColumns}, o.id as "orderId",
        (select i.reason from payment_batch_issues i join payment_batches b on b.id = i.batch_id
          where i.payroll_line_id = l.id and b.created_at > o.created_at order by i.id desc limit 1) as reason
      ${resendFrom(payrollId)} order by l.row_number, l.id limit ${LISTED_LINES}`),
    db.execute(sql`select
        count(*) filter (where not l.paid and not ${awaitsReviewSql(l)} and not ${held})::int as "freeCount",
        coalesce(sum(l.amount) filter (where not l.paid and not ${awaitsReviewSql(l)} and not ${held}), 0)::text as "freeTotal",
        count(*) filter (where s.id is not null)::int as "sentCount",
        coalesce(sum(l.amount) filter (where s.id is not null), 0)::text as "sentTotal"
      from payroll_lines l
      left join lateral (select po.order_id as id from payment_order_lines po
        join payment_orders so on so.id = po.order_id and so.status = ${PAYMENT_ORDER_STATUS.GENERATED}
        where po.payroll_line_id = l.id and po.released_at is null) s on true
      where l.payroll_id = ${payrollId}`),
  ])
  const c = rowsOf<{ freeCount: number; freeTotal: string; sentCount: number; sentTotal: string }>(counts)[0]
  return {
    observed: {
      count: observedAll.length,
      digest: observedAll.length ? linesDigest(observedAll) : null,
      lines: rowsOf<BriefRow>(observedRows).map((r) => toBrief(r, reviewReasons(r.flags).join('; '))),
    },
    resend: {
      count: resendAll.length,
      digest: resendAll.length ? linesDigest(resendAll) : null,
      lines: rowsOf<BriefRow>(resendRows).map((r) =>
        toBrief(r, r.reason ?? 'No figura en el resultado del banco'),
      ),
    },
    free: { count: c.freeCount, total: Number(c.freeTotal) },
    sent: { count: c.sentCount, total: Number(c.sentTotal) },
  }
}

/**
 * When each of `lineIds` was sent to the bank: the creation of the open (GENERADO) order holding
 * it; a line in no open order is absent.
 */
export async function sentAtOf(db: Executor, lineIds: readonly number[]): Promise<Map<number, Date>> {
  if (!lineIds.length) return new Map()
  const rows = await db.execute(sql`
    select po.payroll_line_id::text as id, o.created_at as at from payment_order_lines po
    join payment_orders o on o.id = po.order_id and o.status = ${PAYMENT_ORDER_STATUS.GENERATED}
    where po.payroll_line_id = any(${sql.param([...lineIds])}::bigint[]) and po.released_at is null`)
  return new Map(rowsOf<{ id: string; at: Date | string }>(rows).map((r) => [Number(r.id), new Date(r.at)]))
}

/** The payroll's lines in an open (GENERADO) order, for the details export's state column. */
export async function sentLineIds(db: Executor, payrollId: number): Promise<Set<number>> {
  const rows = await db.execute(sql`
    select po.payroll_line_id::text as id from payment_order_lines po
    join payment_orders o on o.id = po.order_id and o.status = ${PAYMENT_ORDER_STATUS.GENERATED}
    where o.payroll_id = ${payrollId} and po.released_at is null`)
  return new Set(rowsOf<{ id: string }>(rows).map((r) => Number(r.id)))
}
