import { formatDate, formatMoney } from '@planillas/domain'
import { Badge } from '~/components/ui/badge'
import type { LinePayment } from './line-payments.server'

/** The web address of a line's receipt (opens the PDF as it was uploaded). */
export const receiptHref = (p: Pick<LinePayment, 'batchId' | 'receiptId'>) =>
  p.batchId && p.receiptId ? `/planillas/abonos/${p.batchId}/constancias/${p.receiptId}` : null

/**
 * A payroll line's payment on the details page: 'ABONADO' with its date, operation number and a
 * link to its receipt, or 'PENDIENTE' with the reason the last upload gave.
 */
export function LinePaymentCell({ payment }: { payment: LinePayment | undefined }) {
  if (!payment) return <span>---</span>
  if (!payment.paid) {
    return (
      <div className="flex flex-col gap-1">
        <Badge tone="amber">PENDIENTE</Badge>
        {payment.pendingReason ? (
          <span className="text-xs text-slate-600">{payment.pendingReason}</span>
        ) : null}
      </div>
    )
  }
  const href = receiptHref(payment)
  return (
    <div className="flex flex-col gap-1">
      <Badge tone="green">ABONADO</Badge>
      <span className="text-xs text-slate-700">
        {formatDate(payment.paymentDate)} · Op. {payment.operationNumber} · {formatMoney(payment.amountPaid)}
      </span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="text-xs font-medium text-primary-dark underline"
        >
          Ver constancia
        </a>
      ) : null}
    </div>
  )
}
