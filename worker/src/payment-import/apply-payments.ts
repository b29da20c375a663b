import {
  awaitsReviewSql,
  type Database,
  type Executor,
  paymentBatches,
  paymentBatchReceipts,
  payrollLines,
  payrolls,
  recordAudit,
  rowsOf,
  SYSTEM_ACTOR,
} from '@planillas/db'
import {
  countOf,
  enumLabel,
  formatCount,
  formatMoney,
  PAYMENT_BATCH_STATUS,
  paymentBatchStatus,
  plural,
} from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { lockRunningBatch, type PaymentBatch, replaceIssues } from './batch-store'
import { type LineState, lineKey, type MatchResult, matchPayments, type Payment } from './match'
import type { ReadPayments } from './read-payments'
import type { Receipt } from './receipts'

export type Applied =
  | { outcome: 'lost' }
  | { outcome: 'payroll-gone' }
  | { outcome: 'run-gone' }
  | { outcome: 'applied'; status: number; matched: number; unmatched: number; mismatched: number }

const SLICE = 5000

/**
 * The one transaction of a batch: under a lock on the batch (another attempt may have finished
 * it) and on the payroll (batches of one payroll apply one at a time, so a line's paid state is
 * read and written by one of them), it matches the rows, records the payments (the database
 * refuses a second payment of a line), marks the lines paid, recomputes the payroll's Abonados,
 * Total Pagado and Progreso, stores the observations and closes the batch.
 */
export async function applyPayments(
  db: Database,
  batch: PaymentBatch,
  read: ReadPayments,
  receipts: Receipt[],
): Promise<Applied> {
  return db.transaction(async (tx): Promise<Applied> => {
    if (!(await lockRunningBatch(tx, batch.id))) return { outcome: 'lost' }
    // A PAYROLL batch always names its payroll (payment_batches_source_target_check).
    const [payroll] = await tx
      .select({ id: payrolls.id, code: payrolls.code, status: payrolls.status })
      .from(payrolls)
      .where(eq(payrolls.id, batch.payrollId ?? 0))
      .for('update')
    if (payroll?.status !== 1) return { outcome: 'payroll-gone' }

    const lines = await loadLineStates(tx, payroll.id, read)
    const result = matchPayments({ payrollCode: payroll.code, rows: read.rows, lines, receipts })
    const actor = batch.createdBy ?? SYSTEM_ACTOR
    await insertPayments(tx, batch, result.payments, actor)
    const totals = await recomputePayroll(tx, payroll.id)
    const closed = await closeBatch(tx, batch, read, receipts, result, `planilla ${payroll.code}`)
    const paidNow = result.payments.reduce((sum, p) => sum + Number(p.amount), 0)
    if (result.payments.length) {
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: 'payrolls',
        entityId: payroll.id,
        actor,
        description: `Se ${plural(result.payments.length, 'registró', 'registraron')} ${countOf(result.payments.length, 'abono')} por ${formatMoney(paidNow)} en la planilla ${payroll.code}, carga de abonos #${batch.id}: Abonados ${formatCount(totals.paidCount)}, Total Pagado ${formatMoney(totals.totalPaid)}, Progreso ${totals.progress} %`,
      })
    }
    return closed
  })
}

/**
 * The end of either kind's transaction: the receipts' rows and stamps, the observations, the
 * batch's state and counts (PROCESADO, or CON OBSERVACIONES when a row could not pay) and its audit.
 */
export async function closeBatch(
  tx: Executor,
  batch: PaymentBatch,
  read: ReadPayments,
  receipts: Receipt[],
  result: MatchResult,
  /** What the batch pays, for the audit: 'planilla X', 'orden de pago a proveedores N° X'. */
  target: string,
): Promise<Applied & { outcome: 'applied' }> {
  for (const receipt of receipts) {
    const use = result.receiptUses.get(receipt.id)
    await tx
      .update(paymentBatchReceipts)
      .set({
        pages: receipt.pageCount,
        firstRow: use?.firstRow ?? null,
        documents: use?.documents ?? [],
        operations: use?.operations ?? [],
      })
      .where(eq(paymentBatchReceipts.id, receipt.id))
  }
  const issues = [...read.rowIssues, ...result.issues]
  await replaceIssues(tx, batch.id, issues)
  const badRows = new Set(read.rowIssues.map((i) => i.rowNumber)).size
  const mismatched = result.mismatched + badRows
  const status = issues.length ? PAYMENT_BATCH_STATUS.OBSERVED : PAYMENT_BATCH_STATUS.PROCESSED
  await tx
    .update(paymentBatches)
    .set({
      status,
      progress: 100,
      rowsRead: read.rowsRead,
      matchedCount: result.payments.length,
      unmatchedCount: result.unmatched,
      mismatchedCount: mismatched,
      issueCount: issues.length,
      finishedAt: new Date(),
    })
    .where(eq(paymentBatches.id, batch.id))
  await recordAudit(tx, {
    action: 'UPDATE',
    entity: 'payment_batches',
    entityId: batch.id,
    actor: batch.createdBy ?? SYSTEM_ACTOR,
    description: `La carga de abonos #${batch.id} (${target}) terminó ${enumLabel(paymentBatchStatus, status)}: ${formatCount(result.payments.length)} de ${countOf(read.rowsRead, 'fila abonada', 'filas abonadas')}, ${countOf(issues.length, 'observación')}`,
  })
  return {
    outcome: 'applied',
    status,
    matched: result.payments.length,
    unmatched: result.unmatched,
    mismatched,
  }
}

/** The payroll_lines table as the hand-written query below names it. */
const l = alias(payrollLines, 'l')

/** The payroll's lines named by the file, with the payment that already paid each one. */
async function loadLineStates(tx: Executor, payrollId: number, read: ReadPayments) {
  const lines = new Map<string, LineState>()
  for (let at = 0; at < read.rows.length; at += SLICE) {
    const slice = read.rows.slice(at, at + SLICE)
    const result = await tx.execute(sql`
      select l.id::text as id, l.identifier_type as "identifierType", l.identifier, l.amount::text as amount,
             p.batch_id as "paidBatchId", p.operation_number as "paidOperation",
             ${awaitsReviewSql(l)} as "awaitingReview"
      from payroll_lines l
      join (select distinct t, i from unnest(
        ${sql.param(slice.map((r) => r.identifierType))}::smallint[],
        ${sql.param(slice.map((r) => r.identifier))}::text[]) as d(t, i)) d
        on l.identifier_type = d.t and l.identifier = d.i
      left join payroll_line_payments p on p.payroll_line_id = l.id
      where l.payroll_id = ${payrollId}`)
    for (const line of rowsOf<LineState>(result))
      lines.set(lineKey(line.identifierType, line.identifier), { ...line, id: Number(line.id) })
  }
  return lines
}

async function insertPayments(tx: Executor, batch: PaymentBatch, payments: Payment[], actor: string) {
  for (let at = 0; at < payments.length; at += SLICE) {
    const slice = payments.slice(at, at + SLICE)
    await tx.execute(sql`
      insert into payroll_line_payments
        (payroll_line_id, payroll_id, batch_id, row_number, payment_date, operation_number, amount_paid,
         receipt_id, created_by)
      select l, ${batch.payrollId}, ${batch.id}, r, ${batch.paymentDate}::date, o, a::numeric, rc, ${actor}
      from unnest(
        ${sql.param(slice.map((p) => p.lineId))}::bigint[],
        ${sql.param(slice.map((p) => p.rowNumber))}::int[],
        ${sql.param(slice.map((p) => p.operationNumber))}::text[],
        ${sql.param(slice.map((p) => p.amount))}::text[],
        ${sql.param(slice.map((p) => p.receiptId))}::int[]
      ) as t(l, r, o, a, rc)`)
  }
  // The payroll's own paid columns mirror the payment, for its lists and filters.
  await tx.execute(sql`
    update payroll_lines pl
    set paid = true, paid_date = p.payment_date, operation_number = p.operation_number, updated_at = now()
    from payroll_line_payments p
    where p.payroll_line_id = pl.id and p.batch_id = ${batch.id}`)
}

/** Abonados, Total Pagado and Progreso (paid lines ÷ lines × 100, rounded down) from the payments. */
export async function recomputePayroll(tx: Executor, payrollId: number) {
  const result = await tx.execute(sql`
    update payrolls
    set paid_count = s.n,
        total_paid = s.total,
        progress = case when c.lines = 0 then 0 else floor(s.n * 100.0 / c.lines) end,
        updated_at = now()
    from (select count(*)::int as n, coalesce(sum(amount_paid), 0) as total
          from payroll_line_payments where payroll_id = ${payrollId}) s,
         (select count(*)::int as lines from payroll_lines where payroll_id = ${payrollId}) c
    where payrolls.id = ${payrollId}
    returning paid_count as "paidCount", total_paid::text as "totalPaid", progress`)
  return rowsOf<{ paidCount: number; totalPaid: string; progress: number }>(result)[0]
}
