import { enumLabel, identifierType, recruitmentStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { codeColumn } from '~/components/list/record-columns'
import { ResourceList } from '~/components/list/resource-list'
import { RecordActions } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Postulantes')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'postulantes')

/** 'Postulantes' (applicants-list). */
export default function ApplicantList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit } = list
  return (
    <ResourceList
      list={list}
      title="Postulantes"
      addTo={canEdit ? '/reclutamiento/postulantes/crear' : undefined}
      searchPlaceholder="Buscar por nombre o número de documento"
      columns={[
        codeColumn({ sort: 'code' }),
        { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
        { header: 'Número de documento', sort: 'identifier', cell: (r) => r.identifier },
        { header: 'Nombres y apellidos', cell: (r) => `${r.name} ${r.surname}`, mobile: 'title' },
        { header: 'Empresa', cell: (r) => r.company ?? '---' },
        { header: 'Área', cell: (r) => r.area },
        { header: 'Cargo', cell: (r) => r.position },
      ]}
      actions={(r) => (
        <RecordActions
          view={`/reclutamiento/postulantes/${r.id}/detalle`}
          edit={`/reclutamiento/postulantes/${r.id}/editar`}
          canEdit={canEdit}
          toggle={{ resource: 'postulantes', id: r.id, status: r.status, statuses: recruitmentStatus }}
        />
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
