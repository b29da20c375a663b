import { CompanySchema, CompanyUpdateSchema, RUC_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { forgetCatalogs } from '~/catalogs.server'
import { ReadOnlyField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { RucField, useRucLookup } from '~/components/form/ruc-field'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar empresa' : 'Nueva empresa'))

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  const id = params.id
  return {
    company: id
      ? await orBackToList(request, '/empresas', () =>
          call(request, 'GET /companies/:id', { params: { id: idParam(id) } }),
        )
      : null,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  const id = params.id ? idParam(params.id) : null
  const form = await request.formData()
  const after = {
    successTo: (savedId: number) => `/empresas/${savedId}`,
    fieldOfMessage: { [RUC_MESSAGES.duplicate]: 'ruc' },
  }
  // The RUC is fixed once registered: an update has no RUC to send.
  if (id)
    return saveForm(request, form, {
      schema: CompanyUpdateSchema,
      save: async (value) =>
        changedCatalogue(await call(request, 'PUT /companies/:id', { params: { id }, body: value })),
      ...after,
    })
  return saveForm(request, form, {
    schema: CompanySchema,
    save: async (value) => changedCatalogue(await call(request, 'POST /companies', { body: value })),
    ...after,
  })
}

/** Companies are a catalogue the list filters and forms cache: a saved one makes it forget them. */
function changedCatalogue(saved: { id: number }): number {
  forgetCatalogs()
  return saved.id
}

type Fields = z.input<typeof CompanySchema>

export default function CompanyForm() {
  const { company } = useLoaderData<typeof loader>()
  // The edit schema is the create schema without the read-only RUC.
  const { form, fields, busy } = useSchemaForm<Fields>(company ? CompanyUpdateSchema : CompanySchema, {
    id: `company-${company?.id ?? 'new'}`,
    defaultValue: {
      ruc: company?.ruc ?? '',
      name: company?.name ?? '',
      address: company?.address ?? '',
      legalRepresentative: company?.legalRepresentative ?? '',
      retentionSeries: company?.retentionSeries ?? 'R001',
    },
  })
  const lookup = useRucLookup(
    '/empresas/ruc',
    company ? null : fields.ruc.value,
    RUC_MESSAGES.duplicate,
    (found) => {
      // One update for both fields: two in a row lose the first.
      form.update({
        value: {
          ...form.value,
          name: form.value?.name || found.name || '',
          address: form.value?.address || found.address || '',
        },
      })
    },
  )
  return (
    <FormPage title={company ? 'Editar empresa' : 'Nueva empresa'}>
      <SchemaForm form={form}>
        <FormCard title="Datos de la empresa">
          {company ? (
            <ReadOnlyField id="company-ruc" label="R.U.C." value={company.ruc} />
          ) : (
            <RucField meta={fields.ruc} lookupMessage={lookup} />
          )}
          <TextField meta={fields.name} label="Razón social" required maxLength={200} />
          <TextField meta={fields.address} label="Dirección fiscal" required maxLength={250} />
          <TextField meta={fields.legalRepresentative} label="Representante legal" maxLength={200} />
          <TextField
            meta={fields.retentionSeries}
            label="Serie de comprobantes de retención"
            help="R y 3 letras o dígitos, la de su OSE (por defecto R001)"
            maxLength={4}
          />
        </FormCard>
        <FormActions backTo="/empresas" backLabel={company ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
