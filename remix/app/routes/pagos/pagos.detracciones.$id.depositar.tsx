import { DETRACTION_MESSAGES as D, DetractionDepositSchema, todayInLima } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { data, useActionData, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DATE_FIELDS_KEY } from '~/components/form/fields'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList, refusalOrBackToList } from '~/record.server'
import { type DepositData, DepositPage } from '~/routes/pagos/+shared/detractions/deposit'
import { textFields } from '~/routes/pagos/+shared/vouchers/step.server'
import {
  BACK_PARAM,
  type StepResult,
  stepShouldRevalidate,
} from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { redirectWithToast } from '~/session.server'
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
  const fields = textFields(formData)
  // As typed (the date DD/MM/AAAA), to show the form again.
  const values = Object.fromEntries(
    [...formData.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== DATE_FIELDS_KEY,
    ),
  )
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const refused = (status: number) => data<StepResult>({ step: 'depositar', errors, values }, { status })
  const parsed = DetractionDepositSchema.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message)
    return refused(400)
  }
  try {
    await call(request, 'POST /detractions/:id/deposit', { params: { id }, body: parsed.data })
  } catch (error) {
    const refusal = await refusalOrBackToList(request, LIST, error)
    for (const message of refusal.messages) add(FIELD_OF_MESSAGE[message] ?? '', message)
    return refused(refusal.status)
  }
  return redirectWithToast(request, backTo(fields[BACK_PARAM]), {
    type: 'success',
    message: 'Se registró el depósito de la detracción',
  })
}

export default function DepositDetraction() {
  return (
    <DepositPage data={useLoaderData<typeof loader>() as DepositData} result={useActionData<StepResult>()} />
  )
}

export const shouldRevalidate = stepShouldRevalidate

export const ErrorBoundary = RouteErrorBoundary
