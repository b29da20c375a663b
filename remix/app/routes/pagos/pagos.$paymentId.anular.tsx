import { VOUCHER_MESSAGES as M, todayInLima } from '@planillas/domain'
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

export const meta = pageTitle('Anular comprobante')

export async function loader({ request, params }: LoaderFunctionArgs): Promise<StepData> {
  const { voucher, back, user, problem } = await loadStep(request, params.paymentId, 'cancel')
  return {
    step: 'cancel',
    voucher: stepSummary(voucher),
    back,
    problem,
    today: todayInLima(),
    email: user.email,
  }
}

const evidenceOf = (formData: FormData) => {
  const file = formData.get('file')
  return file instanceof File && file.size > 0 ? file : null
}

/** AUTORIZADO or APROBADO → ANULADO: request date, reason, requester and the evidence PDF (multipart). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  stepAction(request, params.paymentId, 'cancel', {
    extra: (formData): Record<string, string> => (evidenceOf(formData) ? {} : { file: M.evidenceRequired }),
    send: (id, fields, formData) => {
      const body = new FormData()
      for (const name of ['requestDate', 'reason', 'requestedBy']) body.append(name, fields[name] ?? '')
      const file = evidenceOf(formData) as File
      body.append('file', file, file.name)
      return call(request, 'POST /payments/:id/cancel', { params: { id }, body })
    },
  })

export default function CancelVoucher() {
  return <StepPage data={useLoaderData<typeof loader>() as StepData} result={useActionData<StepResult>()} />
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
