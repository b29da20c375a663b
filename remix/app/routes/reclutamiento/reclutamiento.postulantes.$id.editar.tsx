import {
  ApplicantSchema,
  CV_EXTENSIONS,
  enumLabel,
  FORM_IDENTIFIER_TYPES,
  identifierMaxLength,
  identifierType,
  APPLICANT_MESSAGES as M,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DateField, FileField, SelectField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { withIsoDates } from '~/utils/date-fields'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar postulante' : 'Nuevo postulante'))

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'postulantes_edicion')
  const value = params.id
  const [applicant, vacancies] = await Promise.all([
    value
      ? orBackToList(request, '/reclutamiento/postulantes', () =>
          call(request, 'GET /applicants/:id', { params: { id: idParam(value) } }),
        )
      : null,
    call(request, 'GET /job-openings'),
  ])
  const options = vacancies.map((v) => ({
    value: String(v.id),
    label: `${v.code} — ${v.position} (${v.area})`,
  }))
  // An applicant of an inactive vacancy keeps it selectable.
  if (applicant && !options.some((o) => o.value === String(applicant.jobOpeningId)))
    options.unshift({
      value: String(applicant.jobOpeningId),
      label: `${applicant.jobOpeningCode} — ${applicant.position}`,
    })
  return {
    applicant,
    vacancies: options,
    preselected: new URL(request.url).searchParams.get('vacante') ?? '',
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'postulantes_edicion')
  const id = params.id ? idParam(params.id) : null
  const formData = withIsoDates(await request.formData())
  const cv = formData.get('cv')
  return saveForm(request, formData, {
    schema: ApplicantSchema,
    save: async (value) => {
      // Forwarded as multipart so the CV goes with the fields; the API checks it by name and content.
      const body = new FormData()
      for (const [key, v] of Object.entries(value)) body.append(key, v === null ? '' : String(v))
      if (cv instanceof File && cv.size > 0) body.append('cv', cv, cv.name)
      if (id) {
        await call(request, 'PUT /applicants/:id', { params: { id }, body })
        return id
      }
      return (await call(request, 'POST /applicants', { body })).id
    },
    successTo: (savedId) => `/reclutamiento/postulantes/${savedId}/editar`,
    fieldOfMessage: {
      [M.duplicate]: 'identifier',
      [M.jobOpeningInvalid]: 'jobOpeningId',
      [M.cvType]: 'cv',
      [M.cvContent]: 'cv',
      [M.cvSize]: 'cv',
    },
  })
}

type Fields = {
  identifierType: string
  identifier: string
  name: string
  surname: string
  email: string
  mobile: string
  jobOpeningId: string
  hireDate: string
  leaveDate: string
  pendingVacationDays: string
  cv: string
}

const TYPE_OPTIONS = FORM_IDENTIFIER_TYPES.map((code) => ({
  value: String(code),
  label: enumLabel(identifierType, code),
}))

/** 'Nuevo postulante' / 'Editar postulante', with the CV upload (multipart, works without JavaScript). */
export default function ApplicantForm() {
  const { applicant, vacancies, preselected } = useLoaderData<typeof loader>()
  const { form, fields, busy } = useSchemaForm<Fields>(ApplicantSchema, {
    id: `applicant-${applicant?.id ?? 'new'}`,
    defaultValue: {
      identifierType: applicant ? String(applicant.identifierType) : '1',
      identifier: applicant?.identifier ?? '',
      name: applicant?.name ?? '',
      surname: applicant?.surname ?? '',
      email: applicant?.email ?? '',
      mobile: applicant?.mobile ?? '',
      jobOpeningId: applicant ? String(applicant.jobOpeningId) : preselected,
      hireDate: applicant?.hireDate ?? '',
      leaveDate: applicant?.leaveDate ?? '',
      pendingVacationDays:
        applicant?.pendingVacationDays == null ? '' : String(applicant.pendingVacationDays),
    },
  })
  return (
    <FormPage title={applicant ? 'Editar postulante' : 'Nuevo postulante'}>
      <SchemaForm form={form} encType="multipart/form-data">
        <FormCard title="Datos del postulante" columns={2}>
          <SelectField
            meta={fields.identifierType}
            label="Tipo de documento"
            required
            options={TYPE_OPTIONS}
          />
          <TextField
            meta={fields.identifier}
            label="Número de documento"
            required
            maxLength={identifierMaxLength(fields.identifierType.value)}
            autoComplete="off"
          />
          <TextField meta={fields.name} label="Nombres" required maxLength={100} />
          <TextField meta={fields.surname} label="Apellidos" required maxLength={100} />
          <TextField meta={fields.email} label="Correo electrónico" type="email" required maxLength={150} />
          <TextField
            meta={fields.mobile}
            label="Celular"
            type="tel"
            inputMode="numeric"
            required
            maxLength={9}
          />
          <SelectField meta={fields.jobOpeningId} label="Vacante" required options={vacancies} />
        </FormCard>
        <FormCard title="Datos laborales" columns={3}>
          <DateField meta={fields.hireDate} label="Fecha de ingreso" />
          <DateField meta={fields.leaveDate} label="Fecha de cese" />
          <TextField
            meta={fields.pendingVacationDays}
            label="Días de vacaciones pendientes"
            inputMode="numeric"
            maxLength={3}
          />
        </FormCard>
        <FormCard title="CV" columns={1}>
          <FileField
            meta={fields.cv}
            label="CV (.pdf, .doc o .docx, hasta 10 MB)"
            accept={CV_EXTENSIONS.join(',')}
            help={
              applicant?.cvName ? (
                <>
                  CV actual:{' '}
                  <a
                    className="font-medium text-primary-dark underline"
                    href={`/reclutamiento/postulantes/${applicant.id}/cv`}
                  >
                    {applicant.cvName}
                  </a>
                  . Elija otro archivo para reemplazarlo.
                </>
              ) : undefined
            }
          />
        </FormCard>
        <FormActions
          backTo="/reclutamiento/postulantes"
          backLabel={applicant ? 'Volver' : 'Cancelar'}
          busy={busy}
        />
      </SchemaForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
