import {
  contractDuration,
  contractStatus,
  enumLabel,
  formatDate,
  formatMoney,
  identifierType,
  isCurrentContract,
} from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { ContractActions } from '~/screens/contracts/contract-actions'
import { contractFilters } from '~/screens/contracts/contract-filters'
import type { ContractRow } from '~/screens/contracts/types'
import { loadCatalogs } from '~/screens/employees/catalogs.server'

export const meta: MetaFunction = () => [{ title: 'Contratos | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const [list, catalogs] = await Promise.all([
    loadList<ContractRow>(request, 'contratos'),
    loadCatalogs(request),
  ])
  return { ...list, companies: catalogs.companies, areas: catalogs.areas }
}

/** 'Contratos' (SPEC §2): the list with its filters, and each contract's action by status. */
export default function ContractList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, companies, areas } = list
  return (
    <ResourceList
      list={list}
      title="Contratos"
      addTo={canEdit ? '/contratos/crear' : undefined}
      searchPlaceholder="Buscar por número de documento o nombres y apellidos"
      filters={contractFilters({ companies, areas })}
      columns={[
        {
          header: 'N° de contrato',
          cell: (r) => r.number,
          mobile: 'title',
          className: 'whitespace-nowrap',
        },
        { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
        { header: 'Número de documento', cell: (r) => r.identifier },
        { header: 'Colaborador', cell: (r) => r.fullName, mobile: 'title' },
        { header: 'Empresa', cell: (r) => r.companyName },
        { header: 'Área', cell: (r) => r.areaName },
        { header: 'Fecha de inicio', cell: (r) => formatDate(r.startDate), className: 'whitespace-nowrap' },
        { header: 'Duración', cell: (r) => enumLabel(contractDuration, r.contractType) },
        {
          header: 'Sueldo Base',
          cell: (r) => formatMoney(r.baseSalary),
          className: 'text-right whitespace-nowrap',
        },
        {
          header: 'Sueldo Total',
          cell: (r) => formatMoney(r.totalSalary),
          className: 'text-right whitespace-nowrap',
        },
        {
          header: 'Estado',
          cell: (r) => <StatusBadge table={contractStatus} code={r.status} />,
          className: 'whitespace-nowrap',
        },
      ]}
      actions={(r) => (
        <>
          <RowLink to={`/contratos/${r.id}/detalle`}>Ver datos</RowLink>
          {canEdit && isCurrentContract(r.status) ? (
            <>
              <RowLink to={`/contratos/${r.id}/editar`}>Editar</RowLink>
              <ContractActions id={r.id} status={r.status} name={`${r.number} — ${r.fullName}`} />
            </>
          ) : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
