import { enumOptions, recordStatus } from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { FormErrors } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { type ListFilter, listFilters } from '~/components/list/list-filters'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { RowLink, StatusAction } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'

export type CompanyRow = {
  id: number
  code: string
  ruc: string
  name: string
  address: string
  legalRepresentative: string | null
  status: number
}

export const meta: MetaFunction = () => [{ title: 'Empresas | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<CompanyRow>(request, 'empresas')

const STATUS_FILTER: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recordStatus) },
]

export default function CompanyList() {
  const { page, params, error, canEdit, downloadHref } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const filters = listFilters(STATUS_FILTER, searchParams)
  return (
    <ListPage
      title="Empresas"
      addTo={canEdit ? '/empresas/crear' : undefined}
      downloadHref={downloadHref}
      search={<SearchBar placeholder="Buscar por R.U.C o razón social" value={params.search} />}
      filters={filters.panel}
      chips={filters.chips}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Empresas"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'R.U.C.', cell: (r) => r.ruc, mobile: 'title' },
          { header: 'Razón social', cell: (r) => r.name, mobile: 'title' },
          { header: 'Dirección fiscal', cell: (r) => r.address },
          { header: 'Representante legal', cell: (r) => r.legalRepresentative ?? '---' },
          { header: 'Estado', cell: (r) => <StatusBadge table={recordStatus} code={r.status} /> },
        ]}
        actions={(r) => (
          <>
            <RowLink to={`/empresas/${r.id}/detalle`}>Ver datos</RowLink>
            {canEdit ? (
              <>
                <RowLink to={`/empresas/${r.id}`}>Editar</RowLink>
                <StatusAction
                  resource="empresas"
                  id={r.id}
                  status={r.status === 1 ? 2 : 1}
                  label={recordStatus[r.status as 1 | 2]?.action ?? 'Cambiar estado'}
                />
              </>
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
