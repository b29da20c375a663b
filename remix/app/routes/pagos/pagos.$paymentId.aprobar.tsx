import { NO_SPOT_CODE, solesToCents, takesReferenceValue } from '@planillas/domain'
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

export const meta = pageTitle('Aprobar comprobante')

const CHOICE = [
  'paymentType',
  'spotCode',
  'detractionRate',
  'referenceValue',
  'rateReason',
  'retention',
  'retentionReason',
]

/**
 * The voucher and what the dialog proposes for the SPOT code in the address (`?spotCode=`: the
 * dialog asks again as the code changes; without JavaScript, 'Calcular' reloads with the form).
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<StepData> {
  const { voucher, back, problem } = await loadStep(request, params.paymentId, 'approve')
  const url = new URL(request.url)
  // A code asked for ('' is 'Sin detracción'); else none chosen yet, and the API proposes the code the
  // voucher's XML declared, if any.
  const asked = url.searchParams.get('spotCode') ?? voucher.spotCode ?? undefined
  // 027 without JavaScript: 'Calcular' sends the valor referencial typed, and the proposal uses it.
  const referenceValueCents = solesToCents(url.searchParams.get('referenceValue')?.trim() ?? '')
  const proposal = await call(request, 'GET /payments/:id/approval-proposal', {
    params: { id: voucher.id },
    query: {
      spotCode: asked === undefined ? undefined : /^\d{3}$/.test(asked) ? asked : NO_SPOT_CODE,
      referenceValueCents: referenceValueCents && referenceValueCents > 0 ? referenceValueCents : undefined,
    },
  })
  const choice: Record<string, string> = {}
  for (const name of CHOICE) {
    const value = url.searchParams.get(name)
    if (value !== null) choice[name] = value
  }
  // A newly chosen code brings the table's rate (what the dialog does as the code changes).
  if (url.searchParams.has('spotCode')) {
    const table = proposal.detraction?.tableRateBp
    choice.detractionRate = table == null ? '' : String(table / 100)
  }
  return { step: 'approve', voucher: stepSummary(voucher), back, problem, proposal, choice }
}

/** AUTORIZADO → APROBADO: payment type, detracción by SPOT code and percentage, retención. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  stepAction(request, params.paymentId, 'approve', {
    send: (id, fields) =>
      call(request, 'POST /payments/:id/approve', {
        params: { id },
        body: {
          paymentType: fields.paymentType,
          spotCode: fields.spotCode || null,
          // Without a code there is no detracción: its percentage is not sent.
          detractionRate: fields.spotCode ? fields.detractionRate || null : null,
          // Only 027 takes a valor referencial: for any other code the field is not sent.
          referenceValue: takesReferenceValue(fields.spotCode) ? fields.referenceValue || null : null,
          rateReason: fields.rateReason || null,
          retention: fields.retention,
          retentionReason: fields.retentionReason || null,
        },
      }),
  })

export default function ApproveVoucher() {
  return <StepPage data={useLoaderData<typeof loader>() as StepData} result={useActionData<StepResult>()} />
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
