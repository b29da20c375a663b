import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { PAYROLL_ABONOS, PaymentObservations } from '~/screens/payments/payment-batches'
import { loadPaymentObservations } from '~/screens/payments/payment-batches.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle(({ params }) => `Observaciones de la carga #${params.id}`)

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadPaymentObservations(request, params.id, PAYROLL_ABONOS)

/** What a payments upload could not apply, row by row, with the reason (and the file-level errors). */
export default function Observations() {
  return <PaymentObservations place={PAYROLL_ABONOS} {...useLoaderData<typeof loader>()} />
}

export const ErrorBoundary = RouteErrorBoundary
