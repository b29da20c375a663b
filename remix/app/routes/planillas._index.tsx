import {
  enumLabel,
  enumOptions,
  formatCount,
  formatMoney,
  payrollType,
  periodLabel,
  periodOptions,
} from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { FormErrors } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { listFilters, periodFilterOptions } from '~/components/list/list-filters'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { loadList } from '~/list.server'

export type PayrollRow = {
  id: number
  code: string
  period: string
  name: string
  type: number
  status: number
  collaborators: number
  totalAmount: number
  paid: number
  totalPaid: number
  progress: number
}

export const meta: MetaFunction = () => [{ title: 'Planillas | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await loadList<PayrollRow>(request, 'planillas')), periods: periodOptions() }
}

/** 'Planillas' (SPEC §2): each payroll with its totals and how much of it the bank has paid. */
export default function PayrollList() {
  const { page, params, error, canEdit, downloadHref, periods } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const filters = listFilters(
    [
      { kind: 'select', name: 'type', label: 'Tipo', options: enumOptions(payrollType) },
      { kind: 'select', name: 'period', label: 'Periodo', options: periodFilterOptions(periods) },
    ],
    searchParams,
  )
  return (
    <ListPage
      title="Planillas"
      addTo={canEdit ? '/planillas/externas/carga' : undefined}
      downloadHref={downloadHref}
      search={<SearchBar placeholder="Buscar por nombre de planilla" value={params.search} />}
      filters={filters.panel}
      chips={filters.chips}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Planillas"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Código', cell: (r) => r.code, mobile: 'title', className: 'whitespace-nowrap' },
          { header: 'Periodo', cell: (r) => periodLabel(r.period) },
          { header: 'Nombre', cell: (r) => r.name, mobile: 'title' },
          { header: 'Tipo', cell: (r) => enumLabel(payrollType, r.type) },
          { header: 'Colaboradores', cell: (r) => formatCount(r.collaborators), className: 'text-right' },
          {
            header: 'Monto Total a Pagar',
            cell: (r) => formatMoney(r.totalAmount),
            className: 'text-right whitespace-nowrap',
          },
          { header: 'Abonados', cell: (r) => formatCount(r.paid), className: 'text-right' },
          {
            header: 'Total Pagado',
            cell: (r) => formatMoney(r.totalPaid),
            className: 'text-right whitespace-nowrap',
          },
          { header: 'Progreso', cell: (r) => <ProgressBar value={r.progress} /> },
        ]}
        actions={(r) => <RowLink to={`/planillas/${r.id}/detalles`}>Ver detalle</RowLink>}
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
