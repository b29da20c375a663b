import { type Executor, rowsOf } from '@planillas/db'
import { PAYMENT_LINE_MESSAGES } from '@planillas/domain'
import { sql } from 'drizzle-orm'

type Row = {
  lineId: string
  batchId: number | null
  paymentDate: string | null
  operationNumber: string | null
  amountPaid: string | null
  receiptId: number | null
  receiptName: string | null
  lastIssue: string | null
  lastIssueBatch: number | null
}

/**
 * Per payroll line: the payment that paid it (date, operation, amount, receipt) or, while it is
 * pending, why: the latest observation that named it, or that no upload named it yet.
 */
export async function lineStatuses(db: Executor, payrollId: number, lineIds: number[]) {
  if (!lineIds.length) return []
  const result = await db.execute(sql`
    select l.id::text as "lineId", p.batch_id as "batchId", p.payment_date::text as "paymentDate",
           p.operation_number as "operationNumber", p.amount_paid::text as "amountPaid",
           p.receipt_id as "receiptId", r.file_name as "receiptName",
           i.reason as "lastIssue", i.batch_id as "lastIssueBatch"
    from payroll_lines l
    left join payroll_line_payments p on p.payroll_line_id = l.id
    left join payment_batch_receipts r on r.id = p.receipt_id
    left join lateral (
      select reason, batch_id from payment_batch_issues
      where payroll_line_id = l.id order by id desc limit 1
    ) i on p.id is null
    where l.payroll_id = ${payrollId} and l.id = any(${sql.param(lineIds)}::bigint[])
    order by l.row_number`)
  return rowsOf<Row>(result).map((r) => {
    const paid = r.batchId !== null
    return {
      lineId: Number(r.lineId),
      paid,
      batchId: r.batchId,
      paymentDate: r.paymentDate,
      operationNumber: r.operationNumber,
      amountPaid: r.amountPaid === null ? null : Number(r.amountPaid),
      receiptId: r.receiptId,
      receiptName: r.receiptName,
      receiptUrl:
        r.receiptId === null ? null : `/api/v1/payment-batches/${r.batchId}/receipts/${r.receiptId}`,
      pendingReason: paid
        ? null
        : r.lastIssue
          ? `${r.lastIssue} (carga de abonos #${r.lastIssueBatch})`
          : PAYMENT_LINE_MESSAGES.pendingNoPayment,
    }
  })
}
