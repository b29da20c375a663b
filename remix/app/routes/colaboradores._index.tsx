import { employeeStatus, enumLabel, identifierType } from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { loadCatalogs } from '~/screens/employees/catalogs.server'
import { employeeFilters } from '~/screens/employees/employee-filters'
import type { EmployeeRow } from '~/screens/employees/types'

export const meta: MetaFunction = () => [{ title: 'Colaboradores | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const [list, catalogs] = await Promise.all([
    loadList<EmployeeRow>(request, 'colaboradores'),
    loadCatalogs(request),
  ])
  return { ...list, catalogs }
}

export default function EmployeeList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, catalogs } = list
  return (
    <ResourceList
      list={list}
      title="Colaboradores"
      addTo={canEdit ? '/colaboradores/crear' : undefined}
      searchPlaceholder="Buscar por nombre o número de documento"
      filters={employeeFilters(catalogs)}
      columns={[
        { header: 'Código', cell: (r) => r.code, mobile: 'title', className: 'whitespace-nowrap' },
        { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
        { header: 'Número de documento', cell: (r) => r.identifier },
        { header: 'Nombres y apellidos', cell: (r) => r.fullName, mobile: 'title' },
        { header: 'Empresa', cell: (r) => r.companyName ?? '---' },
        { header: 'Área', cell: (r) => r.areaName ?? '---' },
        { header: 'Cargo', cell: (r) => r.positionName ?? '---' },
        { header: 'Estado', cell: (r) => <StatusBadge table={employeeStatus} code={r.status} /> },
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
