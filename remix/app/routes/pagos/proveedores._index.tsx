import { enumLabel, recordStatus, supplierType } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { TwoLineCell } from '~/components/list/data-table'
import { statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Proveedores')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'proveedores')

/** 'Proveedores': the suppliers a company pays, with their bank and detraction accounts. */
export default function SupplierList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Proveedores"
      addTo={canEdit ? '/proveedores/crear' : undefined}
      searchPlaceholder="Buscar por R.U.C. o razón social"
      columns={[
        { header: 'R.U.C.', sort: 'ruc', cell: (r) => r.ruc, mobile: 'title', width: COLUMN.code },
        { header: 'Razón social', sort: 'name', cell: (r) => r.name, mobile: 'title' },
        {
          header: 'Tipo',
          sort: 'supplierType',
          cell: (r) => enumLabel(supplierType, r.supplierType),
          width: 'w-32',
        },
        {
          header: 'Banco',
          cell: (r) => <TwoLineCell main={r.bankName ?? r.bankId} sub={r.bankAccount} />,
        },
        {
          header: 'Cuenta de detracciones',
          cell: (r) => r.detractionAccount ?? '---',
          width: 'w-32',
        },
        statusColumn(recordStatus),
      ]}
      actions={(r) => (
        <RecordActions
          view={`/proveedores/${r.id}/detalle`}
          edit={`/proveedores/${r.id}`}
          canEdit={canEdit}
          toggle={{ resource: 'proveedores', id: r.id, status: r.status, statuses: recordStatus }}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
