import { recordStatus } from '@planillas/domain'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { createdAtColumn, statusColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import type { loadList } from '~/list.server'

/** The lists of a described catalog. */
type DescribedList = 'areas' | 'cargos' | 'lineas-de-gasto' | 'tipos-de-proyecto' | 'motivos-de-rechazo'

type Data = Awaited<ReturnType<typeof loadList<DescribedList>>>

/** The list of a described catalog (Áreas, Cargos, the supplier payments' Líneas de gasto, Tipos de proyecto, Motivos de rechazo): Descripción, Estado, Opciones. */
export function DescriptionList({
  title,
  resource,
  basePath,
}: {
  title: string
  resource: string
  basePath: string
}) {
  const list = useLoaderData() as Data
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title={title}
      addTo={canEdit ? `${basePath}/crear` : undefined}
      searchPlaceholder="Buscar por descripción"
      bulkStatus={canEdit ? { resource, statuses: recordStatus } : undefined}
      selectable={(r) => `Seleccionar ${r.code} — ${r.description}`}
      columns={[
        { header: 'Descripción', sort: 'description', cell: (r) => r.description, mobile: 'title' },
        { header: 'Código', sort: 'code', cell: (r) => r.code, width: COLUMN.shortCode },
        statusColumn(recordStatus),
        createdAtColumn(),
      ]}
      actions={
        canEdit
          ? (r) => (
              <RecordActions
                edit={`${basePath}/${r.id}`}
                canEdit
                toggle={{ resource, id: r.id, status: r.status, statuses: recordStatus }}
              />
            )
          : undefined
      }
    />
  )
}
