import {
  enumOptions,
  formatCount,
  formatDate,
  formatDateTime,
  isPaymentBatchRunning,
  paymentBatchStatus,
  trimEmail,
} from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { FormErrors } from '~/components/form/form-layout'
import { AutoRefresh } from '~/components/list/auto-refresh'
import { DataTable } from '~/components/list/data-table'
import { type ListFilter, listFilters } from '~/components/list/list-filters'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { type PaymentBatchRow, PaymentStatusBadge } from '~/screens/payments/payment-badges'

export const meta: MetaFunction = () => [{ title: 'Carga de abonos | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<PaymentBatchRow>(request, 'abonos')

const FILTERS: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(paymentBatchStatus) },
  { kind: 'dateRange', name: 'createdAt', label: 'Fecha de carga' },
]

/** 'Carga de abonos' (SPEC §2): the uploads of payments made, newest first, refreshing while one runs. */
export default function PaymentBatchList() {
  const { page, params, error, canEdit } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const filters = listFilters(FILTERS, searchParams)
  const running = page.content.some((b) => isPaymentBatchRunning(b.status))
  return (
    <ListPage
      title="Carga de abonos"
      addTo={canEdit ? '/planillas/abonos/carga' : undefined}
      addLabel="Cargar"
      search={<SearchBar placeholder="Buscar por usuario que cargó" value={params.search} />}
      filters={filters.panel}
      chips={filters.chips}
    >
      <AutoRefresh active={running} />
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Cargas de abonos"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Fecha de carga', cell: (r) => formatDateTime(r.uploadDate), mobile: 'title' },
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
          { header: 'Fecha de abono', cell: (r) => formatDate(r.paymentDate) },
          {
            header: 'Abonados',
            cell: (r) =>
              isPaymentBatchRunning(r.status)
                ? '---'
                : `${formatCount(r.matchedCount)} de ${formatCount(r.rowsRead)}`,
          },
          {
            header: 'Estado',
            className: 'whitespace-nowrap',
            cell: (r) => <PaymentStatusBadge status={r.status} progress={r.progress} />,
          },
        ]}
        actions={(r) => (
          <>
            {r.receiptCount > 0 ? (
              <a
                href={`/planillas/abonos/${r.id}/descargar/constancias`}
                className="rounded px-2 py-1 text-sm font-medium text-primary-dark hover:bg-primary-light"
                download
              >
                Descargar constancias
              </a>
            ) : null}
            {r.issueCount > 0 ? (
              <RowLink to={`/planillas/abonos/${r.id}/observaciones`}>Ver observaciones</RowLink>
            ) : null}
          </>
        )}
      />
      <Pagination
        page={params.page}
        size={params.size}
        totalElements={page.totalElements}
        totalPages={page.totalPages}
      />
    </ListPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
