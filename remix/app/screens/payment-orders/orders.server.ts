import { isoFromDayMonthYear, PaymentOrderAnnulSchema } from '@planillas/domain'
import { data } from 'react-router'
import type { z } from 'zod'
import { ApiError } from '~/api.server'
import { redirectWithToast } from '~/session.server'
import type { OrderFormValues } from './order-form'

/** A refused order: every problem, and what was posted so the form shows it again. */
export type RefusedOrder<V extends OrderFormValues> = { errors: string[]; values: V }

/**
 * The payment's data as posted ('Datos del pago' and the replacement's confirmation), whatever
 * the order pays: the values to show again and the body's fields as the API's schemas read them.
 */
export function postedOrder(form: FormData, defaultFormat: string) {
  const value = (name: string) => String(form.get(name) ?? '').trim()
  const values: OrderFormValues = {
    companyAccountId: value('companyAccountId'),
    format: value('format') || defaultFormat,
    paymentDate: value('paymentDate'),
    reference: String(form.get('reference') ?? ''),
    confirmReplace: form.get('confirmReplace') === 'on',
  }
  const body = {
    companyAccountId: values.companyAccountId || 0,
    format: values.format,
    paymentDate: isoFromDayMonthYear(values.paymentDate),
    reference: values.reference,
    replacesOrderId: value('replacesOrderId') || undefined,
    confirmReplace: values.confirmReplace,
  }
  return { values, body }
}

/**
 * Generates an order: checked here with the API's own schema (same messages), then posted; the API
 * checks every line first and answers every problem (400, 409 for an open order to replace, 422), or
 * the order. A refusal comes back with what was posted; the order, to `successTo` with its message.
 */
export async function generateOrder<S extends z.ZodType, V extends OrderFormValues, Created>(
  request: Request,
  options: {
    schema: S
    body: unknown
    values: V
    post: (body: z.output<S>) => Promise<Created>
    successTo: string
    message: (created: Created) => string
  },
) {
  const refuse = (errors: string[], status: number) =>
    data<RefusedOrder<V>>({ errors, values: options.values }, { status })
  const order = options.schema.safeParse(options.body)
  if (!order.success) return refuse([...new Set(order.error.issues.map((i) => i.message))], 400)
  let created: Created
  try {
    created = await options.post(order.data)
  } catch (error) {
    if (error instanceof ApiError && [400, 409, 422].includes(error.status))
      return refuse(error.messages, error.status)
    throw error
  }
  return redirectWithToast(request, options.successTo, { type: 'success', message: options.message(created) })
}

/** A refused annulment: its message and the reason as typed (the page or the dialog shows both). */
export type RefusedAnnul = { error?: string; reason?: string }

/**
 * Annuls an open order with the posted reason (required). A refusal of the reason stays on the
 * page or in the dialog; any other refusal (the order is no longer open) goes `back` with its
 * message, as does the annulment with `message`.
 */
export async function annulOrder(
  request: Request,
  options: {
    back: string
    post: (body: z.output<typeof PaymentOrderAnnulSchema>) => Promise<unknown>
    message: string
  },
) {
  const form = await request.formData()
  const reason = String(form.get('reason') ?? '')
  const parsed = PaymentOrderAnnulSchema.safeParse({ reason })
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, reason }, { status: 400 })
  try {
    await options.post(parsed.data)
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return data({ error: error.messages.join(' '), reason }, { status: 400 })
    if (error instanceof ApiError && error.status < 500)
      return redirectWithToast(request, options.back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  return redirectWithToast(request, options.back, { type: 'success', message: options.message })
}
