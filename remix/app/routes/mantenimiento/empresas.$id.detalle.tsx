import { CompanyAccountSchema, can, enumLabel, formatDateTime, recordStatus } from '@planillas/domain'
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { bankOptions } from '~/bank-options.server'
import { controlClass } from '~/components/form/fields'
import { FormCard, FormErrors, FormPage } from '~/components/form/form-layout'
import { BackOrEdit } from '~/components/list/back-to-list'
import { DataTable } from '~/components/list/data-table'
import { buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos de la empresa')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'empresas_lista')
  const company = await orBackToList(request, '/empresas', () =>
    call(request, 'GET /companies/:id', { params: { id: idParam(params.id) } }),
  )
  const [accounts, banks] = await Promise.all([
    call(request, 'GET /companies/:id/accounts', { params: { id: company.id } }),
    bankOptions(request),
  ])
  return { company, accounts, banks, canEdit: can(user.roles, 'empresas_edicion') }
}

/** 'Agregar cuenta' in 'Cuentas de la empresa': a plain form post, with or without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'empresas_edicion')
  const id = idParam(params.id)
  const form = await request.formData()
  const value = (name: string) => String(form.get(name) ?? '').trim()
  // Checked here with the API's own schema (same messages), so the call sends what the API accepts.
  const account = CompanyAccountSchema.safeParse({
    bankCode: value('bankCode'),
    currency: value('currency'),
    accountType: value('accountType') || 'C',
    account: value('account'),
    interAccount: value('interAccount') || null,
  })
  if (!account.success)
    return data({ errors: [...new Set(account.error.issues.map((i) => i.message))] }, { status: 400 })
  try {
    await call(request, 'POST /companies/:id/accounts', { params: { id }, body: account.data })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data({ errors: error.messages }, { status: 400 })
    throw error
  }
  return redirectWithToast(request, `/empresas/${id}/detalle`, {
    type: 'success',
    message: 'Cuenta registrada correctamente',
  })
}

export default function CompanyDetails() {
  const { company, canEdit, accounts, banks } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as { errors?: string[] } | undefined
  return (
    <FormPage title="Datos de la empresa">
      <DetailCard
        title={company.name}
        items={[
          { label: 'Código', value: company.code },
          { label: 'R.U.C.', value: company.ruc },
          { label: 'Razón social', value: company.name },
          { label: 'Dirección fiscal', value: company.address },
          { label: 'Representante legal', value: company.legalRepresentative },
          { label: 'Estado', value: enumLabel(recordStatus, company.status) },
          { label: 'Fecha de creación', value: formatDateTime(company.createdAt) },
          { label: 'Última actualización', value: formatDateTime(company.updatedAt) },
        ]}
      />
      <section aria-labelledby="accounts-title" className="flex flex-col gap-2">
        <h2 id="accounts-title" className="text-lg font-semibold">
          Cuentas de la empresa
        </h2>
        <DataTable
          caption="Cuentas de cargo de la empresa"
          rows={accounts}
          rowKey={(a) => a.id}
          columns={[
            { header: 'Banco', cell: (a) => a.bankName, mobile: 'title' },
            { header: 'Moneda', cell: (a) => a.currency },
            { header: 'Tipo', cell: (a) => (a.accountType === 'M' ? 'Maestra' : 'Corriente') },
            { header: 'Número de cuenta', cell: (a) => a.account },
            { header: 'CCI', cell: (a) => a.interAccount ?? '---' },
          ]}
        />
        {canEdit ? (
          <Form method="post" className="flex flex-col gap-3">
            <FormErrors errors={refused?.errors} />
            <FormCard title="Agregar cuenta" columns={3}>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                Banco
                <select name="bankCode" required className={controlClass} defaultValue="">
                  <option value="">Seleccione</option>
                  {banks.map((b) => (
                    <option key={b.value} value={b.value}>
                      {b.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                Moneda
                <select name="currency" className={controlClass} defaultValue="PEN">
                  <option value="PEN">Soles (PEN)</option>
                  <option value="USD">Dólares (USD)</option>
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                Tipo de cuenta
                <select name="accountType" className={controlClass} defaultValue="C">
                  <option value="C">Corriente</option>
                  <option value="M">Maestra</option>
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                Número de cuenta
                <input name="account" required inputMode="numeric" maxLength={20} className={controlClass} />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                CCI (opcional)
                <input name="interAccount" inputMode="numeric" maxLength={20} className={controlClass} />
              </label>
            </FormCard>
            <div className="flex justify-end">
              <button type="submit" className={buttonClass('primary')}>
                Agregar cuenta
              </button>
            </div>
          </Form>
        ) : null}
      </section>
      <BackOrEdit list="/empresas" edit={canEdit ? `/empresas/${company.id}` : undefined} />
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
