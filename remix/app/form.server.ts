import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { MAX_ID, MESSAGES } from '@planillas/domain'
import { data } from 'react-router'
import { z } from 'zod'
import { DATE_FIELDS_KEY, withIsoDates } from '~/utils/date-fields'
import { ApiError } from './api.server'
import { redirectWithToast } from './session.server'

/** Where the API's messages go: beside a field (its name), or above the form (undefined). */
export type FieldOfMessage = Record<string, string> | ((message: string) => string | undefined)

export type SaveOptions<S extends z.ZodType, Key extends number | string = number> = {
  schema: S
  /** Creates or updates through the API; returns the record id (or its code, for banks). */
  save: (value: z.output<S>) => Promise<Key>
  /** Where to go after saving: the edit route of the (new) record. */
  successTo: (id: Key) => string
  /**
   * Server messages that belong beside a field rather than above the form: by message, or a function
   * for messages that name data (it answers the field, or undefined for above the form).
   */
  fieldOfMessage?: FieldOfMessage
  /** The toast after saving; 'saved' unless the action says more (e.g. what hiring registered). */
  message?: string
}

/**
 * The action of every form: validate with the shared schema (the same the API uses), save, then
 * redirect with the 'saved' toast; any error comes back beside its field with status 400.
 */
export async function saveForm<S extends z.ZodType, Key extends number | string = number>(
  request: Request,
  formData: FormData,
  options: SaveOptions<S, Key>,
) {
  const submission = parseWithZod(withIsoDates(formData), { schema: options.schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  let id: Key
  try {
    id = await options.save(submission.value as z.output<S>)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data(
      { result: submission.reply(messageErrors(error.messages, options.fieldOfMessage)) },
      { status: 400 },
    )
  }
  return redirectWithToast(request, options.successTo(id), {
    type: 'success',
    message: options.message ?? MESSAGES.saved,
  })
}

/**
 * The API's messages as conform's reply takes them: each beside its field (`fieldOfMessage`), the
 * rest above the form.
 */
export function messageErrors(messages: readonly string[], fieldOfMessage?: FieldOfMessage) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const message of messages) {
    const field = typeof fieldOfMessage === 'function' ? fieldOfMessage(message) : fieldOfMessage?.[message]
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), message]
    else formErrors.push(message)
  }
  return { formErrors, fieldErrors }
}

/**
 * A reply that gives the form back as it was posted: a date as typed (DD/MM/AAAA, or whatever was
 * typed), not as the schema read it (`withIsoDates`' ISO date).
 */
export function asTyped(result: SubmissionResult<string[]>, formData: FormData): SubmissionResult<string[]> {
  const typed = new FormData()
  for (const [name, value] of formData) if (name !== DATE_FIELDS_KEY) typed.append(name, value)
  return { ...result, initialValue: echoForm(typed).initialValue }
}

/**
 * The form as posted, answered back without validating it: the steps a form takes without
 * JavaScript before it is saved (a search, 'Calcular') re-render it with what was typed.
 */
export const echoForm = (formData: FormData) => parseWithZod(formData, { schema: z.object({}) }).reply()

/** A record id from the route, or 404. */
export function idParam(value: string | undefined): number {
  // Decimal digits only: Number() would read '0x10' as 16, '1e3' as 1000 and ' 7 ' as 7.
  const id = /^[1-9][0-9]{0,9}$/.test(value ?? '') ? Number(value) : 0
  // Ids are `integer` columns: a larger number names no record, it is not a fault.
  if (id <= 0 || id > MAX_ID) throw new Response('No encontrado', { status: 404 })
  return id
}
