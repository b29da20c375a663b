import { formatDate, formatMoney, PAYMENT_ORDER_STATUS, PaymentOrderAnnulSchema } from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { AnnulReasonField } from '~/screens/payment-orders/annul-action'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Anular orden de pago')

const BACK = '/pagos/generar'
const NOT_OPEN = 'La orden de pago ya no está vigente'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_generar')
  const id = idParam(params.id)
  const run = await orBackToList(request, BACK, () =>
    call(request, 'GET /supplier-runs/:id', { params: { id } }),
  )
  if (run.status !== PAYMENT_ORDER_STATUS.GENERATED)
    throw await redirectWithToast(request, BACK, { type: 'error', message: NOT_OPEN })
  return { run }
}

/** Annuls with the reason; a refusal stays here (page) or in the dialog (fetcher) with its message. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_generar')
  const id = idParam(params.id)
  const form = await request.formData()
  const reason = String(form.get('reason') ?? '')
  const parsed = PaymentOrderAnnulSchema.safeParse({ reason })
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, reason }, { status: 400 })
  try {
    await call(request, 'POST /supplier-runs/:id/annul', { params: { id }, body: parsed.data })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data({ error: error.messages.join(' '), reason }, { status: 400 })
    if (error instanceof ApiError && error.status < 500)
      return redirectWithToast(request, BACK, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  return redirectWithToast(request, BACK, {
    type: 'success',
    message: `Orden de pago N° ${id} anulada: sus comprobantes quedan libres para otra orden`,
  })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function AnnulSupplierRun() {
  const { run } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as { error?: string; reason?: string } | undefined
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="annul-title"
    >
      <h1 id="annul-title" className="text-xl font-semibold">
        Anular la orden de pago N° {run.id}
      </h1>
      <p className="mt-2 text-slate-700">
        {`${run.format}, pago del ${formatDate(run.paymentDate)}, ${formatMoney(run.totalCents / 100)} a ${run.lineCount} ${run.lineCount === 1 ? 'proveedor' : 'proveedores'}. `}
        La orden quedará ANULADO y sus comprobantes quedarán libres para otra orden. Hágalo solo si el banco
        no la procesó.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        {refused?.error ? (
          <p role="alert" className="w-full rounded bg-red-50 px-3 py-2 text-sm text-red-900">
            {refused.error}
          </p>
        ) : null}
        <AnnulReasonField defaultValue={refused?.reason} />
        <Link to={BACK} className={buttonClass('secondary')}>
          Cancelar
        </Link>
        <button type="submit" className={buttonClass('danger')}>
          Anular orden
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
