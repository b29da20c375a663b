import { MESSAGES } from '@planillas/domain'
import { ApiError } from './api-error'
import { redirectWithToast } from './session.server'

/**
 * The one answer to a record that cannot be loaded: the error, then back to the list. `load` reads
 * the record (and what its page needs); the API's refusal (404: no such record, 400: an id it cannot
 * take) becomes a redirect to `listPath` with the Spanish message as an error toast. An address that
 * cannot name a record at all (`idParam`'s 404: `/areas/0x10`, an id past the column's range) stays
 * the 404 page, and an outage (5xx) is not the record's fault: the error page with the API's message.
 */
export async function orBackToList<T>(
  request: Request,
  listPath: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    throw await redirectWithToast(request, listPath, {
      type: 'error',
      message: error.messages.join(' ') || MESSAGES.notFound,
    })
  }
}

/**
 * An action's answer to the API's refusal: a record that is gone (404) sends the person back to the
 * list with the message, as `orBackToList` does for a page; any other refusal (400, 409) is returned
 * for the form to show beside what was typed. An outage (5xx) or anything else is thrown on.
 */
export async function refusalOrBackToList(
  request: Request,
  listPath: string,
  error: unknown,
): Promise<ApiError> {
  if (!(error instanceof ApiError) || error.status >= 500) throw error
  if (error.status !== 404) return error
  throw await redirectWithToast(request, listPath, {
    type: 'error',
    message: error.messages.join(' ') || MESSAGES.notFound,
  })
}
