import { can, enumLabel, formatDateTime, identifierType, recruitmentStatus } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackOrEdit } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos de la vacante')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'vacantes_lista')
  const [vacancy, applicants] = await orBackToList(request, '/reclutamiento/vacantes', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /job-openings/:id', { params: { id } }),
      call(request, 'GET /job-openings/:id/applicants', { params: { id } }),
    ])
  })
  return { vacancy, applicants, canEdit: can(user.roles, 'vacantes_edicion') }
}

/** 'Datos de la vacante' (job-openings-details): the vacancy and its real applicants with 'Ver CV'. */
export default function JobOpeningDetails() {
  const { vacancy, applicants, canEdit } = useLoaderData<typeof loader>()
  return (
    <FormPage title="Datos de la vacante">
      <DetailCard
        title={`Vacante ${vacancy.code}`}
        items={[
          { label: 'Código de vacante', value: vacancy.code },
          { label: 'Rol', value: vacancy.position },
          { label: 'Área', value: vacancy.area },
          { label: 'Empresa', value: vacancy.company },
          { label: 'Años de experiencia mínima requerida', value: String(vacancy.minExperienceYears) },
          { label: 'Solicitado por', value: vacancy.requestedBy },
          { label: 'Total de postulantes', value: vacancy.applicants.toLocaleString('es-PE') },
          { label: 'Contratados', value: vacancy.hired.toLocaleString('es-PE') },
          { label: 'Estado', value: enumLabel(recruitmentStatus, vacancy.status) },
          { label: 'Fecha de creación', value: formatDateTime(vacancy.createdAt) },
        ]}
      />
      <section
        className="rounded border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="vacancy-details"
      >
        <h2 id="vacancy-details" className="mb-3 text-base font-semibold text-primary-dark">
          Detalle de la vacante
        </h2>
        <div
          className="rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with an allow-list before it was stored (docs/domain.md)
          dangerouslySetInnerHTML={{ __html: vacancy.details }}
        />
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="vacancy-applicants">
        <h2 id="vacancy-applicants" className="text-base font-semibold text-primary-dark">
          Postulantes ({applicants.length.toLocaleString('es-PE')})
        </h2>
        <DataTable
          caption="Postulantes de la vacante"
          rows={applicants}
          rowKey={(r) => r.id}
          columns={[
            { header: 'Código', cell: (r) => r.code, mobile: 'title', className: 'whitespace-nowrap' },
            { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
            { header: 'Número de documento', cell: (r) => r.identifier },
            { header: 'Nombres y apellidos', cell: (r) => `${r.name} ${r.surname}`, mobile: 'title' },
            { header: 'Empresa', cell: (r) => r.company ?? '---' },
            { header: 'Área', cell: (r) => r.area },
            { header: 'Cargo', cell: (r) => r.position },
            { header: 'Contratación', cell: (r) => (r.hiredContractId ? 'Contratado' : 'Sin contratar') },
          ]}
          actions={(r) =>
            r.hasCv ? (
              <a href={`/reclutamiento/postulantes/${r.id}/cv`} className="row-link">
                Ver CV
              </a>
            ) : (
              <span className="px-2 text-sm text-slate-500">Sin CV</span>
            )
          }
        />
      </section>
      <BackOrEdit
        list="/reclutamiento/vacantes"
        edit={canEdit ? `/reclutamiento/vacantes/${vacancy.id}/editar` : undefined}
      />
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
