import { formatDateTime, recordStatus } from '@planillas/domain'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/data-table'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink, ToggleStatusAction } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
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
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <StatusBadge table={recordStatus} code={r.status} />,
          width: COLUMN.status,
        },
        {
          header: 'Fecha de creación',
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.createdAt),
          width: COLUMN.dateTime,
        },
      ]}
      actions={
        canEdit
          ? (r) => (
              <>
                <RowLink to={`${basePath}/${r.id}`}>Editar</RowLink>
                <ToggleStatusAction resource={resource} id={r.id} status={r.status} statuses={recordStatus} />
              </>
            )
          : undefined
      }
    />
  )
}
