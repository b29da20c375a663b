import { CompanySchema, CompanyUpdateSchema, RUC_MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useFetcher, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import type { z } from 'zod'
import { api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { ReadOnlyField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam, saveForm } from '~/form.server'
import { pageTitle } from '~/utils/page-title'
import type { CompanyRow } from './empresas._index'
import type { RucLookup } from './empresas.ruc.$ruc'

export const meta = pageTitle(({ params }) => (params.id ? 'Editar empresa' : 'Nueva empresa'))

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  return { company: params.id ? await api<CompanyRow>(request, `/companies/${idParam(params.id)}`) : null }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  const id = params.id ? idParam(params.id) : null
  return saveForm(request, await request.formData(), {
    schema: id ? CompanyUpdateSchema : CompanySchema,
    save: async (value) => {
      if (id) {
        await api(request, `/companies/${id}`, { method: 'PUT', body: value })
        return id
      }
      return (await api<{ id: number }>(request, '/companies', { body: value })).id
    },
    successTo: (savedId) => `/empresas/${savedId}`,
    fieldOfMessage: { [RUC_MESSAGES.duplicate]: 'ruc' },
  })
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
