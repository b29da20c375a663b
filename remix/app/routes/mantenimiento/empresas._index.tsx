import { recordStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Empresas')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'empresas')

export default function CompanyList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Empresas"
      addTo={canEdit ? '/empresas/crear' : undefined}
      searchPlaceholder="Buscar por R.U.C o razón social"
      bulkStatus={canEdit ? { resource: 'empresas', statuses: recordStatus } : undefined}
      selectable={(r) => `Seleccionar ${r.ruc} — ${r.name}`}
      columns={[
        { header: 'R.U.C.', sort: 'ruc', cell: (r) => r.ruc, mobile: 'title', width: COLUMN.code },
        { header: 'Razón social', sort: 'name', cell: (r) => r.name, mobile: 'title' },
        { header: 'Dirección fiscal', cell: (r) => r.address },
        { header: 'Representante legal', cell: (r) => r.legalRepresentative ?? '---' },
        statusColumn(recordStatus),
      ]}
      actions={(r) => (
        <RecordActions
          view={`/empresas/${r.id}/detalle`}
          edit={`/empresas/${r.id}`}
          canEdit={canEdit}
          toggle={{ resource: 'empresas', id: r.id, status: r.status, statuses: recordStatus }}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
