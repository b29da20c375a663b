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

export const meta = pageTitle('Autorizar comprobante')

export async function loader({ request, params }: LoaderFunctionArgs): Promise<StepData> {
  const { voucher, back, problem } = await loadStep(request, params.paymentId, 'authorize')
  const projectTypes = await call(request, 'GET /project-types')
  return { step: 'authorize', voucher: stepSummary(voucher), back, problem, projectTypes }
}

/** REGISTRADO → AUTORIZADO with a project type and a period (AAAAMM-NNN). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  stepAction(request, params.paymentId, 'authorize', {
    send: (id, fields) =>
      call(request, 'POST /payments/:id/authorize', {
        params: { id },
        body: { projectTypeId: fields.projectTypeId, period: fields.period },
      }),
  })

export default function AuthorizeVoucher() {
  return <StepPage data={useLoaderData<typeof loader>() as StepData} result={useActionData<StepResult>()} />
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
