import { enumOptions, formatDateTime, recordStatus } from '@planillas/domain'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { FormErrors } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { type ListFilter, listFilters } from '~/components/list/list-filters'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { RowLink, StatusAction } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
import type { loadList } from '~/list.server'

export type DescribedRow = {
  id: number
  code: string
  description: string
  status: number
  createdAt: string
}
type Data = Awaited<ReturnType<typeof loadList<DescribedRow>>>

const STATUS_FILTER: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recordStatus) },
]

/** The list of a described catalog (Áreas, Cargos): Descripción, Estado, Opciones (SPEC §2). */
export function DescriptionList({
  title,
  resource,
  basePath,
}: {
  title: string
  resource: string
  basePath: string
}) {
  const { page, params, error, canEdit, downloadHref } = useLoaderData() as Data
  const [searchParams] = useSearchParams()
  const filters = listFilters(STATUS_FILTER, searchParams)
  return (
    <ListPage
      title={title}
      addTo={canEdit ? `${basePath}/crear` : undefined}
      downloadHref={downloadHref}
      search={<SearchBar placeholder="Buscar por descripción" value={params.search} />}
      filters={filters.panel}
      chips={filters.chips}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption={title}
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Descripción', cell: (r) => r.description, mobile: 'title' },
          { header: 'Código', cell: (r) => r.code },
          { header: 'Estado', cell: (r) => <StatusBadge table={recordStatus} code={r.status} /> },
          { header: 'Fecha de creación', cell: (r) => formatDateTime(r.createdAt) },
        ]}
        actions={
          canEdit
            ? (r) => (
                <>
                  <RowLink to={`${basePath}/${r.id}`}>Editar</RowLink>
                  <StatusAction
                    resource={resource}
                    id={r.id}
                    status={r.status === 1 ? 2 : 1}
                    label={recordStatus[r.status as 1 | 2]?.action ?? 'Cambiar estado'}
                  />
                </>
              )
            : undefined
        }
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
