import { MESSAGES } from '@planillas/domain'
import { ApiError } from './api-error'
import { redirectWithToast } from './session.server'

/**
 * The one answer to a record that cannot be loaded: the error, then back to the
 * list. `load` reads the record (and what its page needs); the API's refusal (404: no such record,
 * 400: an id it cannot take) or an address that names no record (`idParam`'s 404, e.g. `/areas/0x10`)
 * becomes a redirect to `listPath` with the Spanish message as an error toast. An outage (5xx) is
 * not the record's fault: it goes to the error page with the API's message.
 */
export async function orBackToList<T>(
  request: Request,
  listPath: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const message =
      error instanceof ApiError && error.status < 500
        ? error.messages.join(' ') || MESSAGES.notFound
        : error instanceof Response && error.status === 404
          ? MESSAGES.notFound
          : null
    if (message === null) throw error
    throw await redirectWithToast(request, listPath, { type: 'error', message })
  }
}
