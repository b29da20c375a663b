import { enumLabel, enumOptions, identifierType, recruitmentStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import type { ListFilter } from '~/components/list/list-filters'
import { ResourceList } from '~/components/list/resource-list'
import { RowLink, ToggleStatusAction } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { loadCatalogs } from '~/routes/colaboradores/+shared/catalogs.server'
import { pageTitle } from '~/utils/page-title'

type Option = { value: string; label: string }

export const meta = pageTitle('Postulantes')

export async function loader({ request }: LoaderFunctionArgs) {
  // One API call for the page; the filters' catalogues come from the web tier's 30 s cache.
  const [list, catalogs] = await Promise.all([loadList(request, 'postulantes'), loadCatalogs(request)])
  return { ...list, catalogs }
}

const YES_NO: Option[] = [
  { value: 'true', label: 'Sí' },
  { value: 'false', label: 'No' },
]

/** 'Postulantes' filters: Estado, Área, Cargo, Fecha de Ingreso, Fecha de Cese, Vacaciones pendientes, Empresa. */
const applicantFilters = (c: { areas: Option[]; positions: Option[]; companies: Option[] }): ListFilter[] => [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recruitmentStatus) },
  { kind: 'select', name: 'areaId', label: 'Área', options: c.areas },
  { kind: 'select', name: 'positionId', label: 'Cargo', options: c.positions },
  { kind: 'dateRange', name: 'hireDate', label: 'Fecha de Ingreso', chip: 'Fecha de ingreso' },
  { kind: 'dateRange', name: 'leaveDate', label: 'Fecha de Cese', chip: 'Fecha de cese' },
  { kind: 'select', name: 'pendingVacation', label: 'Vacaciones pendientes', options: YES_NO },
  { kind: 'select', name: 'companyId', label: 'Empresa', options: c.companies },
]

/** 'Postulantes' (applicants-list). */
export default function ApplicantList() {
  const list = useLoaderData<typeof loader>()
  const { canEdit, catalogs } = list
  return (
    <ResourceList
      list={list}
      title="Postulantes"
      addTo={canEdit ? '/reclutamiento/postulantes/crear' : undefined}
      searchPlaceholder="Buscar por nombre o número de documento"
      filters={applicantFilters(catalogs)}
      columns={[
        {
          header: 'Código',
          sort: 'code',
          cell: (r) => r.code,
          mobile: 'title',
          className: 'whitespace-nowrap',
        },
        { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
        { header: 'Número de documento', sort: 'identifier', cell: (r) => r.identifier },
        { header: 'Nombres y apellidos', cell: (r) => `${r.name} ${r.surname}`, mobile: 'title' },
        { header: 'Empresa', cell: (r) => r.company ?? '---' },
        { header: 'Área', cell: (r) => r.area },
        { header: 'Cargo', cell: (r) => r.position },
      ]}
      actions={(r) => (
        <>
          <RowLink to={`/reclutamiento/postulantes/${r.id}/detalle`}>Ver datos</RowLink>
          {canEdit ? (
            <>
              <RowLink to={`/reclutamiento/postulantes/${r.id}/editar`}>Editar</RowLink>
              <ToggleStatusAction
                resource="postulantes"
                id={r.id}
                status={r.status}
                statuses={recruitmentStatus}
              />
            </>
          ) : null}
        </>
      )}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
