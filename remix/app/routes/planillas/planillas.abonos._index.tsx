import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { PAYROLL_ABONOS, PaymentBatchList } from '~/screens/payments/payment-batches'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Carga de abonos')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'abonos')

/** 'Carga de abonos': the uploads of payroll payments made, newest first, refreshing while one runs. */
export default function PayrollPaymentBatchList() {
  return <PaymentBatchList place={PAYROLL_ABONOS} list={useLoaderData<typeof loader>()} />
}

export const ErrorBoundary = RouteErrorBoundary
