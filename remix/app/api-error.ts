import { MESSAGES } from '@planillas/domain'

/**
 * Marks an ApiError across copies of this module: the web server (remix/server) loads the built app
 * separately from its own imports, so `instanceof` cannot tell there; a registered symbol can.
 */
const API_ERROR = Symbol.for('planillas.api-error')

/** A failed call: its HTTP status and the API's Spanish messages. */
export class ApiError extends Error {
  readonly [API_ERROR] = true
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join('; ') || MESSAGES.generic)
  }
}

/** Whether a value is an ApiError, from whichever copy of this module threw it. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true
}
