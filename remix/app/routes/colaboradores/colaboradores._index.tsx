import { employeeStatus, enumLabel, identifierType } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN, TwoLineCell } from '~/components/list/data-table'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
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
        {
          header: 'Código',
          sort: 'id',
          cell: (r) => r.code,
          mobile: 'title',
          className: 'whitespace-nowrap',
          width: COLUMN.shortCode,
        },
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
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <StatusBadge table={employeeStatus} code={r.status} />,
          width: COLUMN.status,
        },
      ]}
      actions={(r) => (
        <>
          <RowLink to={`/colaboradores/${r.id}/detalle`}>Ver datos</RowLink>
          {canEdit ? <RowLink to={`/colaboradores/${r.id}`}>Editar</RowLink> : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
