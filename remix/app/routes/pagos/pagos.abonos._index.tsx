import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { PaymentBatchList, SUPPLIER_ABONOS } from '~/screens/payments/payment-batches'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Abonos de proveedores')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'pagos-abonos')

/**
 * 'Abonos de proveedores' (the specified payments-made-batch-list): the uploads of the bank's proof
 * that a supplier payment run was paid, newest first, refreshing while one runs.
 */
export default function SupplierPaymentBatchList() {
  return <PaymentBatchList place={SUPPLIER_ABONOS} list={useLoaderData<typeof loader>()} />
}

export const ErrorBoundary = RouteErrorBoundary
