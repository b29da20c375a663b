import { todayInLima } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadStep, stepAction } from '~/routes/pagos/+shared/vouchers/step.server'
import type { StepData } from '~/routes/pagos/+shared/vouchers/step-data'
import type { StepResult } from '~/routes/pagos/+shared/vouchers/step-form'
import { stepSummary } from '~/routes/pagos/+shared/vouchers/step-summary.server'
import { StepPage, stepShouldRevalidate } from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Marcar comprobante como pagado')

export async function loader({ request, params }: LoaderFunctionArgs): Promise<StepData> {
  const { voucher, back, problem } = await loadStep(request, params.paymentId, 'pay')
  return { step: 'pay', voucher: stepSummary(voucher), back, problem, today: todayInLima() }
}

/** APROBADO → PAGADO with the amount paid (no commas), its date (not after today) and its operation number. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  stepAction(request, params.paymentId, 'pay', {
    send: (id, fields) =>
      call(request, 'POST /payments/:id/pay', {
        params: { id },
        body: { paidAmount: fields.paidAmount, paidOn: fields.paidOn, paidOperation: fields.paidOperation },
      }),
  })

export default function PayVoucher() {
  return <StepPage data={useLoaderData<typeof loader>() as StepData} result={useActionData<StepResult>()} />
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
