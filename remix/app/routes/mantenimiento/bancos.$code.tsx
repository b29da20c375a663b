import { BANK_MESSAGES, BankSchema, BankUpdateSchema } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { ReadOnlyField, TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => (params.code ? 'Editar banco' : 'Nuevo banco'))

/** A bank's code from the route (three digits, leading zeros kept), or 404. */
function codeParam(value: string | undefined): string {
  if (!value || !/^\d{3}$/.test(value)) throw new Response('No encontrado', { status: 404 })
  return value
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'bancos_edicion')
  const code = params.code
  return {
    bank: code
      ? await orBackToList(request, '/bancos', () =>
          call(request, 'GET /banks/:code', { params: { code: codeParam(code) } }),
        )
      : null,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'bancos_edicion')
  const code = params.code ? codeParam(params.code) : null
  const formData = await request.formData()
  const typed = String(formData.get('code') ?? '').trim()
  const successTo = (saved: string) => `/bancos/${saved}`
  if (code)
    return saveForm(request, formData, {
      schema: BankUpdateSchema,
      save: async (value) => {
        await call(request, 'PUT /banks/:code', { params: { code }, body: value })
        return code
      },
      successTo,
    })
  return saveForm(request, formData, {
    schema: BankSchema,
    save: async (value) => (await call(request, 'POST /banks', { body: value })).code,
    successTo,
    fieldOfMessage: { [BANK_MESSAGES.duplicate(typed)]: 'code' },
  })
}

type Fields = z.input<typeof BankSchema>

/** 'Nuevo banco' / 'Editar banco': the code is set once (it is the CCIs' prefix); the names may change. */
export default function BankForm() {
  const { bank } = useLoaderData<typeof loader>()
  const { form, fields, busy } = useSchemaForm<Fields>(bank ? BankUpdateSchema : BankSchema, {
    id: `bank-${bank?.code ?? 'new'}`,
    defaultValue: { code: bank?.code ?? '', name: bank?.name ?? '', shortName: bank?.shortName ?? '' },
  })
  const codeHelp =
    'Los tres primeros dígitos del CCI de la entidad (su código en la Cámara de Compensación Electrónica).'
  return (
    <FormPage title={bank ? 'Editar banco' : 'Nuevo banco'}>
      <SchemaForm form={form}>
        <FormCard title="Datos del banco">
          {bank ? (
            <ReadOnlyField id="bank-code" label="Código CCE" value={bank.code} help={codeHelp} />
          ) : (
            <TextField
              meta={fields.code}
              label="Código CCE"
              required
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              help={codeHelp}
            />
          )}
          <TextField meta={fields.name} label="Nombre" required maxLength={100} />
          <TextField meta={fields.shortName} label="Nombre corto" required maxLength={40} />
        </FormCard>
        <FormActions backTo="/bancos" backLabel={bank ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
