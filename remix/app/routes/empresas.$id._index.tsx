import { CompanySchema, CompanyUpdateSchema, RUC_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { ReadOnlyField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam, saveForm } from '~/form.server'
import { forgetCatalogs } from '~/screens/employees/catalogs.server'
import { pageTitle } from '~/utils/page-title'
import type { RucLookup } from './empresas.ruc.$ruc'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar empresa' : 'Nueva empresa'))

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  return {
    company: params.id
      ? await call(request, 'GET /companies/:id', { params: { id: idParam(params.id) } })
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
    },
  })
  const lookup = useRucLookup(company ? null : fields.ruc.value, (found) => {
    // One update for both fields: two in a row lose the first.
    form.update({
      value: {
        ...form.value,
        name: form.value?.name || found.name || '',
        address: form.value?.address || found.address || '',
      },
    })
  })
  return (
    <FormPage title={company ? 'Editar empresa' : 'Nueva empresa'}>
      <SchemaForm form={form}>
        <FormCard title="Datos de la empresa">
          {company ? (
            <ReadOnlyField id="company-ruc" label="R.U.C." value={company.ruc} />
          ) : (
            <div>
              <TextField
                meta={fields.ruc}
                label="R.U.C."
                required
                inputMode="numeric"
                maxLength={11}
                autoComplete="off"
              />
              {/* Said once: the server's answer to a save names the same duplicate under the field. */}
              {lookup && !fields.ruc.errors?.includes(lookup) ? (
                <p className="mt-1 text-sm text-red-700" role="alert">
                  {lookup}
                </p>
              ) : null}
            </div>
          )}
          <TextField meta={fields.name} label="Razón social" required maxLength={200} />
          <TextField meta={fields.address} label="Dirección fiscal" required maxLength={250} />
          <TextField meta={fields.legalRepresentative} label="Representante legal" maxLength={200} />
        </FormCard>
        <FormActions backTo="/empresas" backLabel={company ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

/**
 * With JavaScript: look the RUC up when its 11th digit is typed; an existing company's RUC is
 * flagged at once, and a provider's name and address fill the empty fields. Returns the message.
 */
function useRucLookup(
  ruc: string | undefined | null,
  onFound: (found: { name: string | null; address: string | null }) => void,
) {
  const fetcher = useFetcher<RucLookup>()
  const complete = ruc && /^\d{11}$/.test(ruc) ? ruc : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per complete RUC
  useEffect(() => {
    if (complete) fetcher.load(`/empresas/ruc/${complete}`)
  }, [complete])
  const data = complete ? fetcher.data : undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per answer
  useEffect(() => {
    if (data && !('error' in data) && !data.alreadyExists) onFound(data)
  }, [data])
  if (!data) return null
  if ('error' in data) return null
  return data.alreadyExists ? RUC_MESSAGES.duplicate : null
}

export const ErrorBoundary = RouteErrorBoundary
