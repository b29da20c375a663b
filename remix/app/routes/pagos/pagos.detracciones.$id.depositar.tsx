import { DETRACTION_MESSAGES as D, DetractionDepositSchema, todayInLima } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import { type DepositData, DepositPage } from '~/routes/pagos/+shared/detractions/deposit'
import { backOf, postStep } from '~/routes/pagos/+shared/vouchers/step.server'
import { BACK_PARAM } from '~/routes/pagos/+shared/vouchers/step-data'
import type { StepResult } from '~/routes/pagos/+shared/vouchers/step-form'
import { stepShouldRevalidate } from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { pageTitle } from '~/utils/page-title'
import { sameOriginPath } from '~/utils/same-origin-path'

export const meta = pageTitle('Registrar depósito de detracción')

const LIST = '/pagos/detracciones'
/** Back to the page it was opened from (the list as it was), else the list. */
const backTo = (value: string | null | undefined) => {
  const path = sameOriginPath(value, LIST)
  return path.startsWith('/pagos') ? path : LIST
}

/** The API's own refusals that belong beside a field (the rest go above the form). */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [D.constancia]: 'constancia',
  [D.future]: 'depositedOn',
  [D.beforeIssue]: 'depositedOn',
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<DepositData> {
  await requirePermission(request, 'pagos_pagar')
  const id = idParam(params.id)
  const v = await orBackToList(request, LIST, () => call(request, 'GET /payments/:id', { params: { id } }))
  const problem =
    v.detractionCents <= 0
      ? D.none
      : v.detractionDepositedOn && v.detractionConstancia
        ? D.already(v.detractionConstancia, v.detractionDepositedOn)
        : ![3, 4].includes(v.status)
          ? D.notYet
          : null
  return {
    voucher: {
      id: v.id,
      type: v.type,
      fullNumber: v.fullNumber,
      supplierName: v.supplierName,
      issueDate: v.issueDate,
      detractionCents: v.detractionCents,
    },
    back: backTo(new URL(request.url).searchParams.get(BACK_PARAM)),
    today: todayInLima(),
    problem,
  }
}

/**
 * The constancia (digits) and the deposit's date (DD/MM/AAAA, not after today): checked with the
 * API's own schema, then recorded; a refusal comes back with each message beside its field and
 * what was typed, a 409 (deposited meanwhile) above the form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  const id = idParam(params.id)
  const formData = await request.formData()
  return postStep(request, formData, {
    schema: DetractionDepositSchema,
    send: (_fields, body) => call(request, 'POST /detractions/:id/deposit', { params: { id }, body }),
    fieldOfMessage: FIELD_OF_MESSAGE,
    list: LIST,
    done: { to: backTo(backOf(formData)), message: 'Se registró el depósito de la detracción' },
  })
}

export default function DepositDetraction() {
  return (
    <DepositPage data={useLoaderData<typeof loader>() as DepositData} result={useActionData<StepResult>()} />
  )
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
