import { parseWithZod } from '@conform-to/zod/v4'
import { MAX_ID, MESSAGES } from '@planillas/domain'
import { data } from 'react-router'
import { z } from 'zod'
import { withIsoDates } from '~/utils/date-fields'
import { ApiError } from './api.server'
import { redirectWithToast } from './session.server'

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
  fieldOfMessage?: Record<string, string> | ((message: string) => string | undefined)
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
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const message of error.messages) {
      const field =
        typeof options.fieldOfMessage === 'function'
          ? options.fieldOfMessage(message)
          : options.fieldOfMessage?.[message]
      if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), message]
      else formErrors.push(message)
    }
    return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, options.successTo(id), {
    type: 'success',
    message: options.message ?? MESSAGES.saved,
  })
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
