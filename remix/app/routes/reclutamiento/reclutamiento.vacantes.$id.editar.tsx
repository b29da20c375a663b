import type { Option } from '@planillas/domain'
import { JOB_OPENING_MESSAGES, JobOpeningSchema } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { data, useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { loadCatalogs, withCurrent } from '~/catalogs.server'
import { SelectField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { SearchPickerField } from '~/components/form/search-picker-field'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { DetailsEditor } from '~/components/recruitment/details-editor'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { echoForm, idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { searchEmployees } from '~/routes/colaboradores/+shared/employee-search.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar vacante' : 'Nueva vacante'))

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'vacantes_edicion')
  const value = params.id
  const [vacancy, catalogs] = await Promise.all([
    value
      ? orBackToList(request, '/reclutamiento/vacantes', () =>
          call(request, 'GET /job-openings/:id', { params: { id: idParam(value) } }),
        )
      : null,
    loadCatalogs(request),
  ])
  // An inactive position or area of an existing vacancy stays selectable.
  return {
    vacancy,
    positions: withCurrent(catalogs.positions, vacancy?.positionId, vacancy?.position),
    areas: withCurrent(catalogs.areas, vacancy?.areaId, vacancy?.area),
    requester: vacancy ? { value: String(vacancy.requestedById), label: vacancy.requestedBy } : null,
  }
}

type ActionData = Partial<{ requesters: Option[]; requesterSearch: string }>

const REQUESTER_SEARCH = 'requestedByIdSearch'

/**
 * Guardar, or — without JavaScript — 'Buscar' beside 'Solicitado por' (`intent=requester`), which
 * answers the form as typed with the employees found. A failed save repeats the last search, so
 * that the requester chosen from it is still offered.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'vacantes_edicion')
  const id = params.id ? idParam(params.id) : null
  const formData = await request.formData()
  const requesterSearch = String(formData.get(REQUESTER_SEARCH) ?? '')
  const requesters = () => searchEmployees(request, requesterSearch)
  if (formData.get('intent') === 'requester')
    return data({ result: echoForm(formData), requesters: await requesters(), requesterSearch })
  const saved = await saveForm(request, formData, {
    schema: JobOpeningSchema,
    save: async (value) => {
      if (id) {
        await call(request, 'PUT /job-openings/:id', { params: { id }, body: value })
        return id
      }
      return (await call(request, 'POST /job-openings', { body: value })).id
    },
    // job-openings-edit: after the first save the form moves to the edit route.
    successTo: (savedId) => `/reclutamiento/vacantes/${savedId}/editar`,
    fieldOfMessage: {
      [JOB_OPENING_MESSAGES.duplicate]: 'code',
      [JOB_OPENING_MESSAGES.roleInvalid]: 'positionId',
      [JOB_OPENING_MESSAGES.areaInvalid]: 'areaId',
      [JOB_OPENING_MESSAGES.employeeInvalid]: 'requestedById',
      [JOB_OPENING_MESSAGES.detailsRequired]: 'details',
    },
  })
  if (saved instanceof Response) return saved
  return data({ ...saved.data, requesters: await requesters(), requesterSearch }, saved.init ?? undefined)
}

type Fields = {
  code: string
  positionId: string
  areaId: string
  minExperienceYears: string
  requestedById: string
  details: string
}

/** 'Nueva vacante' / 'Editar vacante'. */
export default function JobOpeningForm() {
  const { vacancy, positions, areas, requester } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>() as ActionData | undefined
  const { form, fields, busy } = useSchemaForm<Fields>(JobOpeningSchema, {
    id: `job-opening-${vacancy?.id ?? 'new'}`,
    defaultValue: {
      code: vacancy?.code ?? '',
      positionId: vacancy ? String(vacancy.positionId) : '',
      areaId: vacancy ? String(vacancy.areaId) : '',
      minExperienceYears: vacancy ? String(vacancy.minExperienceYears) : '',
      requestedById: vacancy ? String(vacancy.requestedById) : '',
      details: vacancy?.details ?? '',
    },
  })
  return (
    <FormPage title={vacancy ? 'Editar vacante' : 'Nueva vacante'}>
      <SchemaForm form={form}>
        <FormCard title="Datos de la vacante" columns={2}>
          <TextField
            meta={fields.code}
            label="Código de Vacante"
            required
            maxLength={30}
            autoComplete="off"
          />
          <SelectField meta={fields.positionId} label="Rol" required options={positions} />
          <SelectField meta={fields.areaId} label="Área" required options={areas} />
          <TextField
            meta={fields.minExperienceYears}
            label="Años de experiencia mínima requerida"
            required
            inputMode="numeric"
            maxLength={2}
          />
          <SearchPickerField
            meta={fields.requestedById}
            label="Solicitado por"
            required
            source="/colaboradores/opciones"
            searchIntent="requester"
            selected={requester}
            results={answered?.requesters}
            searchTerm={answered?.requesterSearch}
            placeholder="Escriba nombres, apellidos o número de documento"
          />
        </FormCard>
        <FormCard title="Detalle de la vacante" columns={1}>
          {/* A new vacancy's first save lands on its edit route: the editor starts afresh there. */}
          <DetailsEditor key={vacancy?.id ?? 'new'} meta={fields.details} />
        </FormCard>
        <FormActions
          backTo="/reclutamiento/vacantes"
          backLabel={vacancy ? 'Volver' : 'Cancelar'}
          busy={busy}
        />
      </SchemaForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
