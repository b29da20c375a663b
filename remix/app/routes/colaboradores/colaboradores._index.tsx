import { employeeStatus, enumLabel, identifierType } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { TwoLineCell } from '~/components/list/data-table'
import { codeColumn, statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Colaboradores')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'colaboradores')

export default function EmployeeList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Colaboradores"
      addTo={canEdit ? '/colaboradores/crear' : undefined}
      searchPlaceholder="Buscar por nombre o número de documento"
      selectable={(r) => `Seleccionar ${r.code} — ${r.fullName}`}
      columns={[
        codeColumn({ sort: 'id', width: COLUMN.shortCode }),
        {
          header: 'Nombres y apellidos',
          sort: 'name',
          cell: (r) => (
            <TwoLineCell
              main={r.fullName}
              sub={`${enumLabel(identifierType, r.identifierType)} ${r.identifier}`}
            />
          ),
          mobile: 'title',
        },
        { header: 'Empresa', cell: (r) => r.companyName ?? '---' },
        { header: 'Área', cell: (r) => r.areaName ?? '---' },
        { header: 'Cargo', cell: (r) => r.positionName ?? '---' },
        statusColumn(employeeStatus),
      ]}
      actions={(r) => (
        <RecordActions
          view={`/colaboradores/${r.id}/detalle`}
          edit={`/colaboradores/${r.id}`}
          canEdit={canEdit}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
