import { api } from '~/api.server'

/** The payment state of one payroll line (API `GET /payment-batches/line-status`). */
export type LinePayment = {
  lineId: number
  paid: boolean
  batchId: number | null
  paymentDate: string | null
  operationNumber: string | null
  amountPaid: number | null
  receiptId: number | null
  receiptName: string | null
  receiptUrl: string | null
  pendingReason: string | null
}

/**
 * For the payroll's details page: how each line on screen was paid (date, operation, receipt) or
 * why it is still pending. One call for the page's lines (at most 100), keyed by line id.
 */
export async function loadLinePayments(
  request: Request,
  payrollId: number,
  lineIds: number[],
): Promise<Record<number, LinePayment>> {
  if (!lineIds.length) return {}
  const rows = await api<LinePayment[]>(request, '/payment-batches/line-status', {
    query: { payrollId, lineIds },
  })
  return Object.fromEntries(rows.map((r) => [r.lineId, r]))
}
