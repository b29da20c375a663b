import { awaitsReviewSql, type Database, payrollLines, rowsOf } from '@planillas/db'
import type { PaymentFileLine } from '@planillas/domain/bank-files'
import { sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

/**
 * Lines read per query, whatever the payroll's size. Small on purpose: a batch that lives through
 * several young-generation collections is promoted and piles up as old garbage (2,000 lines let the
 * heap's old space grow by some 60 MB per 100,000 lines; 500 keep it flat, docs/performance.md).
 */
export const LINE_BATCH = 500

export type Line = PaymentFileLine & { id: string }

const l = alias(payrollLines, 'l')

/**
 * One keyset batch on (payroll_id, row_number) of the lines the order `orderId` claimed: the lines
 * after `after`, in file order. The claim is probed line by line through its primary key (a scalar
 * subquery, which PostgreSQL never turns into a join): the claim rows are fresh, without statistics,
 * and a join let the planner scan all of them for every batch, 100,000 lines taking 38 s instead
 * of under one (docs/performance.md).
 */
async function readBatch(
  db: Database,
  payrollId: number,
  orderId: number,
  after: Line | null,
  size: number,
): Promise<Line[]> {
  // Hand-written rather than a query builder select: the builder's per-cell mapping cost a third of
  // the CPU time of 100,000 lines; ids and amounts come as text, exactly.
  const result = await db.execute(sql`
    select l.id::text as id, l.row_number as "rowNumber", l.identifier_type as "identifierType",
           l.identifier, l.full_name as "fullName", l.bank_code as "bankCode", l.bank_account as "bankAccount",
           l.bank_inter_account as "bankInterAccount", l.amount::text as amount, l.paid,
           ${awaitsReviewSql(l)} as "awaitingReview"
    from payroll_lines l
    where l.payroll_id = ${payrollId}
      and (select true from payment_order_lines po
           where po.order_id = ${orderId} and po.payroll_line_id = l.id and po.released_at is null)
      ${after ? sql`and l.row_number >= ${after.rowNumber} and (l.row_number > ${after.rowNumber} or l.id > ${after.id}::bigint)` : sql``}
    order by l.row_number, l.id
    limit ${size}`)
  return rowsOf<Line>(result)
}

/**
 * The order's lines of the payroll in file order (row number, then id), one keyset batch at a
 * time: memory holds two batches (the one being used and the next, read meanwhile), never the payroll.
 */
export async function* lineBatches(
  db: Database,
  payrollId: number,
  orderId: number,
  size = LINE_BATCH,
): AsyncGenerator<Line[]> {
  const read = (after: Line | null) => {
    const batch = readBatch(db, payrollId, orderId, after, size)
    // A consumer that stops early (a changed payroll) leaves the read ahead unused: not a crash.
    batch.catch(() => undefined)
    return batch
  }
  let next = read(null)
  for (;;) {
    const rows = await next
    const full = rows.length === size
    if (full) next = read(rows[rows.length - 1])
    if (rows.length) yield rows
    if (!full) return
  }
}
