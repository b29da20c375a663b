import {
  can,
  enumLabel,
  formatDate,
  formatDateTime,
  identifierType,
  recruitmentStatus,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { ButtonLink } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { mayHire } from '~/routes/reclutamiento/+shared/hire-form.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del postulante')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'postulantes_lista')
  const applicant = await orBackToList(request, '/reclutamiento/postulantes', () =>
    call(request, 'GET /applicants/:id', { params: { id: idParam(params.id) } }),
  )
  return {
    applicant,
    canEdit: can(user.roles, 'postulantes_edicion'),
    canHire: mayHire(user.roles),
    canSeeEmployee: can(user.roles, 'colaboradores_lista') || can(user.roles, 'colaboradores_edicion'),
    canSeeContract: can(user.roles, 'contratos_lista') || can(user.roles, 'contratos_edicion'),
  }
}

const linkClass = 'font-medium text-primary-dark underline'

/** 'Datos del postulante', with 'Contratar' until hired and then links to the employee and the contract. */
export default function ApplicantDetails() {
  const { applicant: a, canEdit, canHire, canSeeEmployee, canSeeContract } = useLoaderData<typeof loader>()
  const hired = a.hiredEmployeeId !== null && a.hiredContractId !== null
  return (
    <FormPage title="Datos del postulante">
      <DetailCard
        title={`${a.name} ${a.surname}`}
        items={[
          { label: 'Código', value: a.code },
          { label: 'Tipo de documento', value: enumLabel(identifierType, a.identifierType) },
          { label: 'Número de documento', value: a.identifier },
          { label: 'Nombres', value: a.name },
          { label: 'Apellidos', value: a.surname },
          { label: 'Correo electrónico', value: a.email },
          { label: 'Celular', value: a.mobile },
          { label: 'Vacante', value: a.jobOpeningCode },
          { label: 'Empresa', value: a.company },
          { label: 'Área', value: a.area },
          { label: 'Cargo', value: a.position },
          { label: 'Fecha de ingreso', value: formatDate(a.hireDate) },
          { label: 'Fecha de cese', value: formatDate(a.leaveDate) },
          {
            label: 'Vacaciones pendientes (días)',
            value: a.pendingVacationDays == null ? null : String(a.pendingVacationDays),
          },
          {
            label: 'CV',
            value: a.hasCv ? (
              <a
                className="font-medium text-primary-dark underline"
                href={`/reclutamiento/postulantes/${a.id}/cv`}
              >
                Ver CV ({a.cvName})
              </a>
            ) : null,
          },
          { label: 'Estado', value: enumLabel(recruitmentStatus, a.status) },
          { label: 'Contratación', value: hired ? 'Contratado' : 'Sin contratar' },
          ...(hired
            ? [
                {
                  label: 'Colaborador',
                  value: canSeeEmployee ? (
                    <Link className={linkClass} to={`/colaboradores/${a.hiredEmployeeId}/detalle`}>
                      Ver colaborador
                    </Link>
                  ) : (
                    `${a.name} ${a.surname}`
                  ),
                },
                {
                  label: 'Contrato',
                  value: canSeeContract ? (
                    <Link className={linkClass} to={`/contratos/${a.hiredContractId}/detalle`}>
                      Contrato {a.hiredContractNumber}
                    </Link>
                  ) : (
                    a.hiredContractNumber
                  ),
                },
              ]
            : []),
          { label: 'Fecha de registro', value: formatDateTime(a.createdAt) },
        ]}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <BackToList to="/reclutamiento/postulantes" />
        <ButtonLink to={`/reclutamiento/vacantes/${a.jobOpeningId}/detalle`}>Ver vacante</ButtonLink>
        {canEdit ? (
          <ButtonLink
            to={`/reclutamiento/postulantes/${a.id}/editar`}
            variant={canHire && !hired ? 'secondary' : 'primary'}
          >
            Editar
          </ButtonLink>
        ) : null}
        {canHire && !hired ? (
          <ButtonLink to={`/reclutamiento/postulantes/${a.id}/contratar`} variant="primary">
            Contratar
          </ButtonLink>
        ) : null}
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
