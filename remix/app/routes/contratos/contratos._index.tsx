import {
  contractDuration,
  contractStatus,
  enumLabel,
  formatDate,
  formatMoney,
  identifierType,
  isCurrentContract,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { TwoLineCell } from '~/components/list/data-table'
import { statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RowMenu } from '~/components/list/row-menu'
import { RowLink } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { ContractActions } from '~/routes/contratos/+shared/contract-actions'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Contratos')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'contratos')

/** 'Contratos': the list with its filters, and each contract's action by status. */
export default function ContractList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Contratos"
      addTo={canEdit ? '/contratos/crear' : undefined}
      searchPlaceholder="Buscar por número de documento o nombres y apellidos"
      columns={[
        {
          header: 'N° de contrato',
          sort: 'number',
          cell: (r) => r.number,
          mobile: 'title',
          width: COLUMN.code,
        },
        {
          header: 'Colaborador',
          cell: (r) => (
            <TwoLineCell
              main={r.fullName}
              sub={`${enumLabel(identifierType, r.identifierType)} ${r.identifier}`}
            />
          ),
          mobile: 'title',
        },
        { header: 'Empresa', cell: (r) => r.companyName },
        { header: 'Área', cell: (r) => r.areaName },
        {
          header: 'Inicio y duración',
          sort: 'startDate',
          cell: (r) => (
            <TwoLineCell main={formatDate(r.startDate)} sub={enumLabel(contractDuration, r.contractType)} />
          ),
          width: COLUMN.date,
        },
        {
          header: 'Fecha de fin',
          sort: 'finishDate',
          // An indefinite contract has no end date.
          cell: (r) => (r.finishDate ? formatDate(r.finishDate) : 'Indefinido'),
          width: COLUMN.date,
        },
        {
          header: 'Sueldo Base',
          sort: 'baseSalary',
          cell: (r) => formatMoney(r.baseSalary),
          className: 'text-right whitespace-nowrap',
          width: COLUMN.money,
        },
        {
          header: 'Sueldo Total',
          sort: 'totalSalary',
          cell: (r) => formatMoney(r.totalSalary),
          className: 'text-right whitespace-nowrap',
          width: COLUMN.money,
        },
        statusColumn(contractStatus),
      ]}
      actions={(r) => (
        <>
          <RowLink to={`/contratos/${r.id}/detalle`}>Ver datos</RowLink>
          {canEdit && isCurrentContract(r.status) ? (
            <RowMenu label={r.number}>
              <RowLink to={`/contratos/${r.id}/editar`}>Editar</RowLink>
              <ContractActions id={r.id} status={r.status} name={`${r.number} — ${r.fullName}`} />
            </RowMenu>
          ) : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
