import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  PAYMENT_ORDER_STATUS,
  PAYMENT_ORDER_STATUS_LABEL,
  type PaymentOrderRow,
} from '@planillas/domain'
import { DataTable } from '~/components/list/data-table'
import { Badge } from '~/components/ui/badge'
import { AnnulOrderAction, annulHref } from './annul-action'

const STATUS_TONE = { 1: 'green', 2: 'red', 3: 'slate', 4: 'amber', 5: 'red' } as const

/** What the state cell reads of an order, a payroll's or a supplier run. */
type OrderStateRow = Pick<
  PaymentOrderRow,
  'status' | 'annulledAt' | 'annulledBy' | 'annulReason' | 'replacesOrderId'
> & { failureReason?: string | null }

/** What happened to an order: its state, and why or by which order for a closed one. */
export function OrderState({ order }: { order: OrderStateRow }) {
  const tone = STATUS_TONE[order.status as keyof typeof STATUS_TONE] ?? 'slate'
  return (
    <div className="flex flex-col gap-1">
      <Badge tone={tone}>{PAYMENT_ORDER_STATUS_LABEL[order.status] ?? '---'}</Badge>
      {order.status === PAYMENT_ORDER_STATUS.ANNULLED ? (
        <span className="text-xs text-slate-600">
          {`${formatDateTime(order.annulledAt)} · ${order.annulledBy ?? ''}: ${order.annulReason ?? ''}`}
        </span>
      ) : null}
      {order.failureReason ? <span className="text-xs text-slate-600">{order.failureReason}</span> : null}
      {order.replacesOrderId ? (
        <span className="text-xs text-slate-600">Reemplaza la orden N° {order.replacesOrderId}</span>
      ) : null}
    </div>
  )
}

/** 'Archivos generados': every order of the payroll, open or not, each downloadable. */
export function PaymentOrdersTable({ payrollId, orders }: { payrollId: number; orders: PaymentOrderRow[] }) {
  return (
    <DataTable
      caption="Archivos de pago de la planilla"
      rows={orders}
      rowKey={(o) => o.id}
      columns={[
        { header: 'N°', cell: (o) => o.id },
        { header: 'Formato', cell: (o) => o.format, mobile: 'title' },
        { header: 'Estado', cell: (o) => <OrderState order={o} /> },
        { header: 'Fecha de pago', cell: (o) => formatDate(o.paymentDate) },
        { header: 'Cuenta de cargo', cell: (o) => o.account },
        { header: 'Abonos', cell: (o) => (o.lineCount === null ? '---' : formatCount(o.lineCount)) },
        {
          header: 'Total',
          cell: (o) => (o.totalAmount === null ? '---' : formatMoney(o.totalAmount)),
          className: 'text-right whitespace-nowrap',
        },
        { header: 'Checksum', cell: (o) => o.checksum ?? '---' },
        {
          header: 'SHA-256',
          cell: (o) => (o.sha256 ? <code className="text-xs">{o.sha256.slice(0, 12)}…</code> : '---'),
        },
        { header: 'Generado', cell: (o) => `${formatDateTime(o.createdAt)} · ${o.createdBy ?? ''}` },
        {
          header: 'Archivo',
          cell: (o) => (
            <div className="flex flex-wrap gap-3">
              {o.sha256 ? (
                <a
                  href={`/planillas/${payrollId}/pago/${o.id}/archivo`}
                  download
                  className="font-medium text-primary-dark underline"
                  aria-label={`Descargar ${o.fileName}`}
                >
                  Descargar
                </a>
              ) : null}
              {o.status === PAYMENT_ORDER_STATUS.GENERATED ? (
                <AnnulOrderAction href={annulHref(payrollId, o.id)} orderId={o.id} />
              ) : null}
            </div>
          ),
        },
      ]}
    />
  )
}
