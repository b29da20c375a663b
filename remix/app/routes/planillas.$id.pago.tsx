import {
  dayMonthYear,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  isoFromDayMonthYear,
  PaymentOrderBodySchema,
  todayInLima,
} from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { controlClass } from '~/components/form/fields'
import { FormCard, FormNote, FormPage } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Archivo de pago')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const [payroll, accounts, formats, orders] = await orBackToList(request, '/planillas', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /payroll/:id', { params: { id } }),
      call(request, 'GET /payment-orders/accounts'),
      call(request, 'GET /payment-orders/formats'),
      call(request, 'GET /payment-orders', { query: { payrollId: id } }),
    ])
  })
  return { payroll, accounts, formats, orders, today: todayInLima() }
}

/** Posts the order; the API checks every line first and answers every problem, or the new file. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const id = idParam(params.id)
  const form = await request.formData()
  const value = (name: string) => String(form.get(name) ?? '').trim()
  // Checked here with the API's own schema (same messages) before the API checks every line.
  const order = PaymentOrderBodySchema.safeParse({
    payrollId: id,
    companyAccountId: Number(value('companyAccountId')) || 0,
    format: value('format'),
    paymentDate: isoFromDayMonthYear(value('paymentDate')),
    reference: value('reference'),
  })
  if (!order.success)
    return data({ errors: [...new Set(order.error.issues.map((i) => i.message))] }, { status: 400 })
  try {
    await call(request, 'POST /payment-orders', { body: order.data })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data({ errors: error.messages }, { status: 400 })
    throw error
  }
  return redirectWithToast(request, `/planillas/${id}/pago`, {
    type: 'success',
    message: 'Archivo de pago generado: descárguelo y cárguelo en el portal del banco',
  })
}

/** 'Generar archivo de pago' of a payroll, with and without JavaScript, and its generated files. */
export default function PaymentFile() {
  const { payroll, accounts, formats, orders, today } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as { errors?: string[] } | undefined
  const busy = useNavigation().state === 'submitting'
  const errors = refused?.errors ?? []
  return (
    <FormPage title={`Archivo de pago · Planilla ${payroll.code}`}>
      <FormNote>
        Se revisan todas las líneas contra el formato del banco antes de escribir el archivo. Las líneas
        quedan como ENVIADO (no abonadas) hasta que cargue el resultado del banco en 'Cargar abonos'.
      </FormNote>
      {errors.length ? (
        <section
          role="alert"
          aria-labelledby="errors-title"
          className="rounded border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <h2 id="errors-title" className="font-semibold">
            Errores: {formatCount(errors.length)}
          </h2>
          <p>No se generó el archivo. Corrija estas líneas y vuelva a intentarlo:</p>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <FormCard title="Datos del pago">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Cuenta de cargo
            <select name="companyAccountId" required className={controlClass} defaultValue="">
              <option value="">Seleccione</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {`${a.companyName} · ${a.bankCode} · ${a.account} (${a.currency})`}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Formato del banco
            <select name="format" required className={controlClass} defaultValue="BCP">
              {formats.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Fecha de pago
            <input
              name="paymentDate"
              required
              defaultValue={dayMonthYear(today)}
              placeholder="DD/MM/AAAA"
              inputMode="numeric"
              maxLength={10}
              className={controlClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Referencia
            <input
              type="text"
              name="reference"
              required
              maxLength={40}
              defaultValue={`Planilla ${payroll.code}`.slice(0, 40)}
              className={controlClass}
            />
          </label>
        </FormCard>
        {accounts.length === 0 ? (
          <p className="text-sm text-slate-700">
            No hay cuentas de cargo: regístrelas en la sección 'Cuentas de la empresa' del detalle de la
            empresa.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to={`/planillas/${payroll.id}/detalles`} className={buttonClass('secondary')}>
            Volver
          </Link>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Generando…' : 'Generar archivo'}
          </button>
        </div>
      </Form>
      <section aria-labelledby="orders-title" className="flex flex-col gap-2">
        <h2 id="orders-title" className="text-lg font-semibold">
          Archivos generados
        </h2>
        <DataTable
          caption="Archivos de pago de la planilla"
          rows={orders}
          rowKey={(o) => o.id}
          columns={[
            { header: 'N°', cell: (o) => o.id },
            { header: 'Formato', cell: (o) => o.format, mobile: 'title' },
            { header: 'Fecha de pago', cell: (o) => formatDate(o.paymentDate) },
            { header: 'Cuenta de cargo', cell: (o) => o.account },
            { header: 'Abonos', cell: (o) => formatCount(o.lineCount) },
            {
              header: 'Total',
              cell: (o) => formatMoney(o.totalAmount),
              className: 'text-right whitespace-nowrap',
            },
            { header: 'Checksum', cell: (o) => o.checksum ?? '---' },
            { header: 'SHA-256', cell: (o) => <code className="text-xs">{o.sha256.slice(0, 12)}…</code> },
            { header: 'Generado', cell: (o) => `${formatDateTime(o.createdAt)} · ${o.createdBy ?? ''}` },
            {
              header: 'Archivo',
              cell: (o) => (
                <a
                  href={`/planillas/${payroll.id}/pago/${o.id}/archivo`}
                  download
                  className="font-medium text-primary-dark underline"
                  aria-label={`Descargar ${o.fileName}`}
                >
                  Descargar
                </a>
              ),
            },
          ]}
        />
      </section>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
