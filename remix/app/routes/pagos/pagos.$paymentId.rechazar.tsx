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

export const meta = pageTitle('Rechazar comprobante')

export async function loader({ request, params }: LoaderFunctionArgs): Promise<StepData> {
  const { voucher, back, problem } = await loadStep(request, params.paymentId, 'reject')
  const reasons = await call(request, 'GET /reject-reasons')
  return { step: 'reject', voucher: stepSummary(voucher), back, problem, reasons }
}

/** REGISTRADO or AUTORIZADO → RECHAZADO with a reason of the catalogue. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  stepAction(request, params.paymentId, 'reject', {
    send: (id, fields) =>
      call(request, 'POST /payments/:id/reject', {
        params: { id },
        body: { rejectReasonId: fields.rejectReasonId, note: fields.note || null },
      }),
  })

export default function RejectVoucher() {
  return <StepPage data={useLoaderData<typeof loader>() as StepData} result={useActionData<StepResult>()} />
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
