import { formatDate, formatMoney, PAYMENT_ORDER_STATUS, PaymentOrderAnnulSchema } from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { AnnulReasonField } from '~/screens/payment-orders/annul-action'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Anular orden de pago')

const NOT_OPEN = 'La orden de pago no existe en esta planilla o ya no está vigente'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  const orderId = idParam(params.orderId)
  const back = `/planillas/${payrollId}/pago`
  let orders: Awaited<ReturnType<typeof call<'GET /payment-orders'>>>
  try {
    orders = await call(request, 'GET /payment-orders', { query: { payrollId } })
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      throw await redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  const order = orders.find((o) => o.id === orderId && o.status === PAYMENT_ORDER_STATUS.GENERATED)
  if (!order) throw await redirectWithToast(request, back, { type: 'error', message: NOT_OPEN })
  return { order, back }
}

/** Annuls with the reason; a refusal stays here (page) or in the dialog (fetcher) with its message. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  const orderId = idParam(params.orderId)
  const back = `/planillas/${payrollId}/pago`
  const form = await request.formData()
  const reason = String(form.get('reason') ?? '')
  const parsed = PaymentOrderAnnulSchema.safeParse({ reason })
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, reason }, { status: 400 })
  try {
    await call(request, 'POST /payment-orders/:id/annul', { params: { id: orderId }, body: parsed.data })
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data({ error: error.messages.join(' '), reason }, { status: 400 })
    if (error instanceof ApiError && error.status < 500)
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  return redirectWithToast(request, back, {
    type: 'success',
    message: `Orden de pago N° ${orderId} anulada: sus líneas quedan libres para otro archivo`,
  })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function AnnulPaymentOrder() {
  const { order, back } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as { error?: string; reason?: string } | undefined
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="annul-title"
    >
      <h1 id="annul-title" className="text-xl font-semibold">
        Anular la orden de pago N° {order.id}
      </h1>
      <p className="mt-2 text-slate-700">
        {`${order.format}, pago del ${formatDate(order.paymentDate)}, ${formatMoney(order.totalAmount)}. `}
        La orden quedará ANULADO y sus líneas quedarán libres para generar otro archivo. Hágalo solo si el
        banco no la procesó.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        {refused?.error ? (
          <p role="alert" className="w-full rounded bg-red-50 px-3 py-2 text-sm text-red-900">
            {refused.error}
          </p>
        ) : null}
        <AnnulReasonField defaultValue={refused?.reason} />
        <Link to={back} className={buttonClass('secondary')}>
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
