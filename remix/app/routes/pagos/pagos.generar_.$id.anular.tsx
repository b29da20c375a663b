import { formatCents, formatDate, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { AnnulOrderPage, FREES_VOUCHERS } from '~/screens/payment-orders/annul-action'
import { annulOrder, type RefusedAnnul } from '~/screens/payment-orders/orders.server'
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
  return annulOrder(request, {
    back: BACK,
    post: (body) => call(request, 'POST /supplier-runs/:id/annul', { params: { id }, body }),
    message: `Orden de pago N° ${id} anulada: sus comprobantes quedan libres para otra orden`,
  })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function AnnulSupplierRun() {
  const { run } = useLoaderData<typeof loader>()
  return (
    <AnnulOrderPage
      orderId={run.id}
      summary={`${run.format}, pago del ${formatDate(run.paymentDate)}, ${formatCents(run.totalCents)} a ${run.lineCount} ${run.lineCount === 1 ? 'proveedor' : 'proveedores'}.`}
      freed={FREES_VOUCHERS}
      back={BACK}
      refused={useActionData<typeof action>() as RefusedAnnul | undefined}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
