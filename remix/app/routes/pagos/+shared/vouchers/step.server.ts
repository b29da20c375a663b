import { parseWithZod } from '@conform-to/zod/v4'
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
import { asTyped, type FieldOfMessage, idParam, messageErrors } from '~/form.server'
import { orBackToList, refusalOrBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { DATE_FIELDS_KEY, withIsoDates } from '~/utils/date-fields'
import { sameOriginPath } from '~/utils/same-origin-path'
import { BACK_PARAM, STEP_SCHEMAS } from './step-data'
import type { StepResult } from './step-form'

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

/** The text fields of a posted form (files left out), dates typed DD/MM/AAAA read as ISO. */
export function textFields(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of withIsoDates(formData).entries()) {
    if (typeof value === 'string' && name !== DATE_FIELDS_KEY) values[name] = value
  }
  return values
}

/** The page a step's form was opened from, as posted (`volver`). */
export const backOf = (formData: FormData) => {
  const back = formData.get(BACK_PARAM)
  return typeof back === 'string' ? back : null
}

/** How a step form's post is checked, sent, and answered. */
export type StepPost<S extends z.ZodType> = {
  schema: S
  /** Problems the schema cannot see (a missing file), by field. */
  extra?: (formData: FormData) => Record<string, string>
  /** Sends the checked form: its text as posted (dates as ISO), its value as the schema read it, its files. */
  send: (fields: Record<string, string>, value: z.output<S>, formData: FormData) => Promise<unknown>
  /** The API's refusals that belong beside a field (the rest go above the form). */
  fieldOfMessage: FieldOfMessage
  /** Where a record the API no longer has sends the person (its list). */
  list: string
  /** Where to go once done, and the toast that says so. */
  done: { to: string; message: string }
}

/**
 * A step form's post (a voucher's step, a detracción's deposit): checked with conform and the shared
 * schema (the API's own), sent, then back where it was opened with a toast. A refusal answers conform's
 * reply with what was typed: the schema's messages beside their fields with 400; the API's with its
 * status (400, a 409 when someone acted first or the state does not allow it, a 403), each beside its
 * field (`fieldOfMessage`) or above the form.
 */
export async function postStep<S extends z.ZodType>(request: Request, formData: FormData, post: StepPost<S>) {
  const submission = parseWithZod(withIsoDates(formData), { schema: post.schema })
  const refused = (result: StepResult['result'], status: number) =>
    data<StepResult>({ result: asTyped(result, formData) }, { status })
  const extra = Object.entries(post.extra?.(formData) ?? {})
  if (submission.status !== 'success' || extra.length)
    return refused(
      submission.reply({
        fieldErrors: Object.fromEntries(extra.map(([field, message]) => [field, [message]])),
      }),
      400,
    )
  try {
    await post.send(textFields(formData), submission.value as z.output<S>, formData)
  } catch (error) {
    const refusal = await refusalOrBackToList(request, post.list, error)
    return refused(submission.reply(messageErrors(refusal.messages, post.fieldOfMessage)), refusal.status)
  }
  return redirectWithToast(request, post.done.to, { type: 'success', message: post.done.message })
}

/**
 * The action of a step: checks the form with the step's shared schema (`STEP_SCHEMAS`, the API's
 * own), sends it, and goes back with 'Estado actualizado correctamente'. A refusal comes back to the
 * form with each message beside its field and what was typed; a 409 (someone acted first, or the
 * state does not allow the step) or 403 (the voucher is the user's own) shows the API's Spanish
 * message above the form.
 */
export async function stepAction(
  request: Request,
  paymentId: string | undefined,
  step: VoucherAction,
  options: {
    /** Sends the checked form to the API (the raw text the API parses itself, and any file). */
    send: (id: number, fields: Record<string, string>, formData: FormData) => Promise<unknown>
    /** Problems the schema cannot see (a missing file), by field. */
    extra?: (formData: FormData) => Record<string, string>
  },
) {
  await requirePermission(request, VOUCHER_ACTIONS[step].permission)
  const id = idParam(paymentId)
  const formData = await request.formData()
  return postStep(request, formData, {
    schema: STEP_SCHEMAS[step],
    extra: options.extra,
    send: (fields) => options.send(id, fields, formData),
    fieldOfMessage: FIELD_OF_MESSAGE,
    list: '/pagos',
    done: { to: stepBack(backOf(formData), id), message: MESSAGES.statusUpdated },
  })
}
