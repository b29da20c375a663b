import type { LoaderFunctionArgs } from 'react-router'
import { PAYROLL_ABONOS } from '~/screens/payments/payment-batches'
import { downloadPaymentBatchFile } from '~/screens/payments/payment-batches.server'

/** The files of a payments upload (merged receipts, its Excel, its observations), from the API. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  downloadPaymentBatchFile(request, params, PAYROLL_ABONOS)
