import { timingSafeEqual } from 'node:crypto'
import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'
import type { FastifyRequest } from 'fastify'

/** A plausible IPv4 or IPv6 address (what a header may name; anything else is ignored). */
const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/

/**
 * Who is calling: the browser's address the web tier vouches for (its header next to the shared
 * secret), else the connection's own address. Without a configured secret nobody is believed.
 */
export function clientAddress(request: FastifyRequest, secret: string | undefined): string {
  const given = request.headers[WEB_TIER_SECRET_HEADER]
  const address = request.headers[CLIENT_ADDRESS_HEADER]
  if (secret && typeof given === 'string' && typeof address === 'string' && ADDRESS.test(address)) {
    const a = Buffer.from(given)
    const b = Buffer.from(secret)
    if (a.length === b.length && timingSafeEqual(a, b)) return address
  }
  return request.ip
}
