import {
  VOUCHER_MESSAGES as M,
  MESSAGES,
  mayApprove,
  VOUCHER_ACTIONS,
  VOUCHER_STATUS_MESSAGES,
  type VoucherAction,
  voucherTransitionProblem,
} from '@planillas/domain'
import { data } from 'react-router'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { DATE_FIELDS_KEY } from '~/components/form/fields'
import { idParam } from '~/form.server'
import { orBackToList, refusalOrBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { withIsoDates } from '~/utils/date-fields'
import { sameOriginPath } from '~/utils/same-origin-path'
import { BACK_PARAM, type StepResult, stepSlug } from './voucher-steps'

/** The API's messages that belong beside a field of a step's form (the rest go above it). */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [M.projectTypeRequired]: 'projectTypeId',
  [M.periodRequired]: 'period',
  [M.periodMax]: 'period',
  [M.periodFormat]: 'period',
  [M.rejectReasonRequired]: 'rejectReasonId',
  [M.paymentTypeRequired]: 'paymentType',
  [M.spotCodeInvalid]: 'spotCode',
  [M.spotCodeUnknown]: 'spotCode',
  [M.noDetractionAccount]: 'spotCode',
  [M.referenceValueInvalid]: 'referenceValue',
  [M.referenceValuePositive]: 'referenceValue',
  [M.referenceValueOnly027]: 'referenceValue',
  [M.percentage]: 'detractionRate',
  [M.rateReasonRequired]: 'rateReason',
  [M.retentionReasonRequired]: 'retentionReason',
  [M.paidAmountRequired]: 'paidAmount',
  [M.paidAmountPositive]: 'paidAmount',
  [M.noCommas]: 'paidAmount',
  [M.amountInvalid]: 'paidAmount',
  [M.paidDateRequired]: 'paidOn',
  [M.paidDateFuture]: 'paidOn',
  [M.cancelDateRequired]: 'requestDate',
  [M.cancelDateFuture]: 'requestDate',
  [M.cancelReasonRequired]: 'reason',
  [M.cancelReasonMax]: 'reason',
  [M.requesterRequired]: 'requestedBy',
  [M.requesterInvalid]: 'requestedBy',
  [M.evidenceRequired]: 'file',
  [M.pdfType]: 'file',
  [M.pdfUnreadable]: 'file',
  [M.fileSize]: 'file',
}

/** Where a step goes back to: the page it was opened from (list or details), else the voucher's details. */
export const stepBack = (value: string | null | undefined, id: number) => {
  const path = sameOriginPath(value, `/pagos/${id}/detalle`)
  return path.startsWith('/pagos') ? path : `/pagos/${id}/detalle`
}

/**
 * What a step's page (and its dialog, which loads the same data) needs: the voucher (back to the
 * list with a toast when it is gone) and, when its state no longer allows the step, why not (the
 * page then says so instead of offering the form; after a refused post the form stays, with the API's
 * own message).
 */
export async function loadStep(request: Request, paymentId: string | undefined, step: VoucherAction) {
  const { user } = await requirePermission(request, VOUCHER_ACTIONS[step].permission)
  const id = idParam(paymentId)
  const voucher = await voucherOrBackToList(request, paymentId)
  const back = stepBack(new URL(request.url).searchParams.get(BACK_PARAM), id)
  // Who registered it is told before filling the form, not after (the API refuses it too).
  const own = step === 'approve' && !mayApprove(voucher.createdBy ?? '', user.email)
  return {
    user,
    voucher,
    back,
    problem: own ? VOUCHER_STATUS_MESSAGES.ownVoucherPage : voucherTransitionProblem(voucher.status, step),
  }
}

/** The voucher a page is about; one the API refuses (gone, an id it cannot take) goes back to the list with its message. */
export const voucherOrBackToList = (request: Request, paymentId: string | undefined) =>
  orBackToList(request, '/pagos', () =>
    call(request, 'GET /payments/:id', { params: { id: idParam(paymentId) } }),
  )

/**
 * A voucher page's change answered: sent (`send`), back to the voucher's details with 'saved'; refused,
 * the API's messages for the form and what to keep in it (`kept`); the voucher gone, back to the list.
 */
export async function sendVoucherChange<K extends object>(
  request: Request,
  id: number,
  send: () => Promise<unknown>,
  kept = {} as K,
) {
  try {
    await send()
  } catch (error) {
    const refusal = await refusalOrBackToList(request, '/pagos', error)
    return data({ errors: refusal.messages, ...kept }, { status: refusal.status })
  }
  return redirectWithToast(request, `/pagos/${id}/detalle`, { type: 'success', message: MESSAGES.saved })
}

/** The text fields of a posted form (files left out), dates typed DD/MM/AAAA read as ISO. */
export function textFields(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of withIsoDates(formData).entries()) {
    if (typeof value === 'string' && name !== DATE_FIELDS_KEY) values[name] = value
  }
  return values
}

/** The form's typed values, for showing it again (dates as typed, not as ISO). */
function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && name !== DATE_FIELDS_KEY) values[name] = value
  }
  return values
}

/**
 * The action of a step: checks the form with the shared schema (the API's own), sends it, and goes
 * back with 'Estado actualizado correctamente'. A refusal comes back to the form with each message
 * beside its field and what was typed; a 409 (someone acted first, or the state does not allow the
 * step) or 403 (the voucher is the user's own) shows the API's Spanish message above the form.
 */
export async function stepAction(
  request: Request,
  paymentId: string | undefined,
  step: VoucherAction,
  options: {
    schema: z.ZodType
    /** Sends the checked form to the API (the raw text the API parses itself, and any file). */
    send: (id: number, fields: Record<string, string>, formData: FormData) => Promise<unknown>
    /** Problems the schema cannot see (a missing file), by field. */
    extra?: (formData: FormData) => Record<string, string>
  },
) {
  await requirePermission(request, VOUCHER_ACTIONS[step].permission)
  const id = idParam(paymentId)
  const formData = await request.formData()
  const fields = textFields(formData)
  const values = typedValues(formData)
  const back = stepBack(fields[BACK_PARAM], id)
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }
  const parsed = options.schema.safeParse(fields)
  if (!parsed.success)
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message)
  for (const [field, message] of Object.entries(options.extra?.(formData) ?? {})) add(field, message)
  const refused = (status: number): ReturnType<typeof data<StepResult>> =>
    data({ step: stepSlug(step), errors, values }, { status })
  if (Object.keys(errors).length) return refused(400)
  try {
    await options.send(id, fields, formData)
  } catch (error) {
    const refusal = await refusalOrBackToList(request, '/pagos', error)
    for (const message of refusal.messages) add(FIELD_OF_MESSAGE[message] ?? '', message)
    return refused(refusal.status)
  }
  return redirectWithToast(request, back, { type: 'success', message: MESSAGES.statusUpdated })
}
