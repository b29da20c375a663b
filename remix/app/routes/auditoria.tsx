import { AUDIT_ACTIONS, auditAction, formatDateTime, trimEmail } from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { FormErrors } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { type ListFilter, listFilters } from '~/components/list/list-filters'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { Badge, STATUS_TONES } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'

type AuditRow = {
  id: number
  action: keyof typeof auditAction
  actor: string
  description: string
  createdAt: string
}

export const meta: MetaFunction = () => [{ title: 'Auditoría | Planillas' }]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<AuditRow>(request, 'auditoria')

const FILTERS: ListFilter[] = [
  {
    kind: 'select',
    name: 'action',
    label: 'Acción',
    options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditAction[a].label })),
  },
  { kind: 'dateRange', name: 'date', label: 'Fecha' },
]

/** The audit log: who did what and when; download only with 'auditoria_descarga_excel'. */
export default function AuditLog() {
  const { page, params, error, downloadHref } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const filters = listFilters(FILTERS, searchParams)
  return (
    <ListPage
      title="Auditoría"
      downloadHref={downloadHref}
      search={<SearchBar placeholder="Buscar por usuario o descripción" value={params.search} />}
      filters={filters.panel}
      chips={filters.chips}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Registro de auditoría"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          {
            header: 'Acción',
            cell: (r) => (
              <Badge tone={STATUS_TONES[r.action] ?? 'slate'}>
                {auditAction[r.action]?.label ?? r.action}
              </Badge>
            ),
            mobile: 'title',
          },
          { header: 'Fecha y hora', cell: (r) => formatDateTime(r.createdAt), mobile: 'title' },
          { header: 'Usuario', cell: (r) => <span title={r.actor}>{trimEmail(r.actor)}</span> },
          { header: 'Descripción', cell: (r) => r.description, className: 'max-w-xl' },
        ]}
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
