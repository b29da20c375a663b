import { recordStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { createdAtColumn, statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Bancos')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'bancos')

/**
 * 'Mantenimiento › Bancos': the banks and cajas whose CCIs the system accepts. The code is the first
 * three digits of the entity's CCIs; an administrator adds the ones the shipped list lacks.
 */
export default function BankList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Bancos"
      rowKey={(r) => r.code}
      addTo={canEdit ? '/bancos/crear' : undefined}
      searchPlaceholder="Buscar por código o nombre"
      columns={[
        { header: 'Código CCE', sort: 'code', cell: (r) => r.code, width: COLUMN.shortCode },
        { header: 'Nombre', sort: 'name', cell: (r) => r.name, mobile: 'title' },
        { header: 'Nombre corto', sort: 'shortName', cell: (r) => r.shortName },
        {
          header: 'Origen',
          cell: (r) => (r.source === 'usuario' ? 'Usuario (agregado o editado)' : 'Lista de referencia'),
        },
        statusColumn(recordStatus),
        createdAtColumn(),
      ]}
      actions={
        canEdit
          ? (r) => (
              <RecordActions
                edit={`/bancos/${r.code}`}
                canEdit
                toggle={{ resource: 'bancos', id: r.code, status: r.status, statuses: recordStatus }}
              />
            )
          : undefined
      }
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
