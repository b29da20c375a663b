import { ENDPOINTS, type Endpoint, envelopeOf } from '@planillas/domain'

// The shared shapes live in the domain, with the endpoints that use them (domain/src/<subject>/*-api.ts).
export {
  CreatedSchema,
  envelopeOf,
  IdParamsSchema,
  pageOf,
  StatusQuerySchema,
  UploadRefusedSchema,
} from '@planillas/domain'

/** Every response: { status, payload, messages } (docs/architecture.md). */
export type Envelope<T> = { status: 'OK' | 'ERROR'; payload: T; messages: string[] }

export const ok = <T>(payload: T, messages: string[] = []): Envelope<T> => ({
  status: 'OK',
  payload,
  messages,
})
export const failure = (messages: string[]): Envelope<null> => ({ status: 'ERROR', payload: null, messages })

/**
 * A route's schema from the API contract (`ENDPOINTS` in the domain): its params, querystring and
 * body as declared there, and its 200 answer as the envelope of the declared payload.
 */
export function routeSchema<E extends Endpoint>(endpoint: E) {
  const { response, form: _, ...request } = ENDPOINTS[endpoint] as (typeof ENDPOINTS)[E] & { form?: true }
  return { ...request, response: { 200: envelopeOf(response as (typeof ENDPOINTS)[E]['response']) } }
}
