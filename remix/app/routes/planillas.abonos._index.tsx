import {
  enumOptions,
  formatCount,
  formatDate,
  formatDateTime,
  isPaymentBatchRunning,
  paymentBatchStatus,
  trimEmail,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AutoRefresh } from '~/components/list/auto-refresh'
import type { ListFilter } from '~/components/list/list-filters'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { UploadOutcome } from '~/components/list/upload-outcome'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { PaymentStatusBadge } from '~/screens/payments/payment-badges'
import { paymentUploadResult } from '~/upload-results'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de abonos')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'abonos')

const FILTERS: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(paymentBatchStatus) },
  { kind: 'dateRange', name: 'createdAt', label: 'Fecha de carga' },
]

/** 'Carga de abonos': the uploads of payments made, newest first, refreshing while one runs. */
export default function PaymentBatchList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  const running = list.page.content.some((b) => isPaymentBatchRunning(b.status))
  return (
    <ResourceList
      list={list}
      title="Carga de abonos"
      addTo={canEdit ? '/planillas/abonos/carga' : undefined}
      addLabel="Cargar"
      searchPlaceholder="Buscar por usuario que cargó"
      filters={FILTERS}
      caption="Cargas de abonos"
      before={
        <>
          <AutoRefresh active={running} />
          <UploadOutcome
            rows={list.page.content}
            running={isPaymentBatchRunning}
            result={paymentUploadResult}
          />
        </>
      }
      columns={[
        {
          header: 'Fecha de carga',
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.uploadDate),
          mobile: 'title',
        },
        {
          header: 'Cargado por',
          cell: (r) => <span title={r.createdBy ?? undefined}>{trimEmail(r.createdBy)}</span>,
          mobile: 'title',
        },
        {
          header: 'N° de planilla',
          className: 'whitespace-nowrap',
          cell: (r) => (
            <span title={r.payrollDesc ?? undefined}>
              {r.payrollNumber}
              {r.payrollDesc ? <span className="block text-xs text-slate-500">{r.payrollDesc}</span> : null}
            </span>
          ),
        },
        { header: 'Fecha de abono', sort: 'paymentDate', cell: (r) => formatDate(r.paymentDate) },
        {
          header: 'Abonados',
          cell: (r) =>
            isPaymentBatchRunning(r.status)
              ? '---'
              : `${formatCount(r.matchedCount)} de ${formatCount(r.rowsRead)}`,
        },
        {
          header: 'Estado',
          sort: 'status',
          className: 'whitespace-nowrap',
          cell: (r) => <PaymentStatusBadge status={r.status} progress={r.progress} />,
        },
      ]}
      actionsWidth="w-48"
      actions={(r) => (
        <>
          {r.receiptCount > 0 ? (
            <a href={`/planillas/abonos/${r.id}/descargar/constancias`} className="row-link">
              Descargar constancias
            </a>
          ) : null}
          {r.issueCount > 0 ? (
            <RowLink to={`/planillas/abonos/${r.id}/observaciones`}>Ver observaciones</RowLink>
          ) : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
