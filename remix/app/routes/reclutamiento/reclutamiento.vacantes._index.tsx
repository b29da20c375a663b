import { formatDate, recruitmentStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { StatusBadge } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Vacantes')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'vacantes')

/** 'Vacantes' (job-openings-list). */
export default function JobOpeningList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Vacantes"
      addTo={canEdit ? '/reclutamiento/vacantes/crear' : undefined}
      searchPlaceholder="Buscar por código de vacante o nombre del postulante"
      columns={[
        { header: 'Código de vacante', sort: 'code', cell: (r) => r.code, mobile: 'title' },
        { header: 'Fecha de creación', sort: 'createdAt', cell: (r) => formatDate(r.createdAt) },
        { header: 'Cargo', cell: (r) => r.position, mobile: 'title' },
        { header: 'Área', cell: (r) => r.area },
        { header: 'Solicitado por', cell: (r) => r.requestedBy },
        {
          header: 'Total de postulantes',
          sort: 'applicants',
          cell: (r) => r.applicants.toLocaleString('es-PE'),
        },
        {
          header: 'Estado',
          sort: 'status',
          cell: (r) => <StatusBadge table={recruitmentStatus} code={r.status} />,
        },
      ]}
      actions={(r) => (
        <RecordActions
          view={`/reclutamiento/vacantes/${r.id}/detalle`}
          edit={`/reclutamiento/vacantes/${r.id}/editar`}
          canEdit={canEdit}
          toggle={{ resource: 'vacantes', id: r.id, status: r.status, statuses: recruitmentStatus }}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
