import { formatDate, formatMoney, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { AnnulOrderPage, FREES_LINES } from '~/screens/payment-orders/annul-action'
import { annulOrder, type RefusedAnnul } from '~/screens/payment-orders/orders.server'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Anular orden de pago')

const NOT_OPEN = 'La orden de pago no existe en esta planilla o ya no está vigente'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  const orderId = idParam(params.orderId)
  const back = `/planillas/${payrollId}/pago`
  const orders = await orBackToList(request, back, () =>
    call(request, 'GET /payment-orders', { query: { payrollId } }),
  )
  const order = orders.find((o) => o.id === orderId && o.status === PAYMENT_ORDER_STATUS.GENERATED)
  if (!order) throw await redirectWithToast(request, back, { type: 'error', message: NOT_OPEN })
  return { order, back }
}

/** Annuls with the reason; a refusal stays here (page) or in the dialog (fetcher) with its message. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const payrollId = idParam(params.id)
  const orderId = idParam(params.orderId)
  return annulOrder(request, {
    back: `/planillas/${payrollId}/pago`,
    post: (body) => call(request, 'POST /payment-orders/:id/annul', { params: { id: orderId }, body }),
    message: `Orden de pago N° ${orderId} anulada: sus líneas quedan libres para otro archivo`,
  })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function AnnulPaymentOrder() {
  const { order, back } = useLoaderData<typeof loader>()
  return (
    <AnnulOrderPage
      orderId={order.id}
      summary={`${order.format}, pago del ${formatDate(order.paymentDate)}, ${formatMoney(order.totalAmount)}.`}
      freed={FREES_LINES}
      back={back}
      refused={useActionData<typeof action>() as RefusedAnnul | undefined}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
