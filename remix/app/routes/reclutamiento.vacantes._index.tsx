import { enumOptions, formatDate, recruitmentStatus } from '@planillas/domain'
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

export type JobOpeningRow = {
  id: number
  code: string
  positionId: number
  position: string
  areaId: number
  area: string
  company: string | null
  minExperienceYears: number
  requestedById: number
  requestedBy: string
  applicants: number
  status: number
  createdAt: string
  updatedAt: string
}

export const meta: MetaFunction = () => [{ title: 'Vacantes | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<JobOpeningRow>(request, 'vacantes')

const STATUS_FILTER: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recruitmentStatus) },
]

/** 'Vacantes' (job-openings-list). */
export default function JobOpeningList() {
  const { page, params, error, canEdit, downloadHref } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const filters = listFilters(STATUS_FILTER, searchParams)
  return (
    <ListPage
      title="Vacantes"
      addTo={canEdit ? '/reclutamiento/vacantes/crear' : undefined}
      downloadHref={downloadHref}
      search={
        <SearchBar placeholder="Buscar por código de vacante o nombre del postulante" value={params.search} />
      }
      filters={filters.panel}
      chips={filters.chips}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Vacantes"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Código de vacante', cell: (r) => r.code, mobile: 'title' },
          { header: 'Fecha de creación', cell: (r) => formatDate(r.createdAt) },
          { header: 'Cargo', cell: (r) => r.position, mobile: 'title' },
          { header: 'Área', cell: (r) => r.area },
          { header: 'Solicitado por', cell: (r) => r.requestedBy },
          { header: 'Total de postulantes', cell: (r) => r.applicants.toLocaleString('es-PE') },
          { header: 'Estado', cell: (r) => <StatusBadge table={recruitmentStatus} code={r.status} /> },
        ]}
        actions={(r) => (
          <>
            <RowLink to={`/reclutamiento/vacantes/${r.id}/detalle`}>Ver datos</RowLink>
            {canEdit ? (
              <>
                <RowLink to={`/reclutamiento/vacantes/${r.id}/editar`}>Editar</RowLink>
                <StatusAction
                  resource="vacantes"
                  id={r.id}
                  status={r.status === 1 ? 2 : 1}
                  label={recruitmentStatus[r.status as 1 | 2]?.action ?? 'Cambiar estado'}
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
