import type { IncomingMessage, ServerResponse } from 'node:http'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { clientAddress } from '../auth/client-address'
import { HttpError } from '../lib/errors'

/** The routes a guesser or a flood would hammer: the sign-in (code exchange) and the token refresh. */
const THROTTLED_ROUTES = new Set(['POST /api/v1/auth', 'POST /api/v1/auth/refresh-token'])

export const TOO_MANY_REQUESTS = (seconds: number) =>
  `Demasiados intentos. Espere ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} y vuelva a intentarlo.`

/**
 * Security headers on every answer (helmet's, worked out once: no framing, nosniff, no referrer, a CSP that
 * fits the JSON API and its Swagger UI) and a throttle on the sign-in and refresh routes
 * (@fastify/rate-limit, per client address: the browser's, passed by the web tier; counted in Redis when
 * the API has one, so that several API processes share one limit), answered 429 in the API's envelope.
 * Registered before the routes: the throttle finds its routes as they are added.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        // Over plain http (npm start, the end-to-end tests) an upgrade would break the docs' assets.
        upgradeInsecureRequests: null,
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  })
  // Every answer: nothing the API sends (people, accounts, amounts, bank files) is kept by a cache;
  // a route that may be cached sets its own Cache-Control.
  const answerHeaders = { ...headers, 'cache-control': 'no-store' }
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(answerHeaders)
    done()
  })

  const { max, windowMs } = app.config.authRateLimit
  // Before the plugin's own onRoute hook: marks the throttled routes as they are registered.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const url = route.url.replace(/\/$/, '')
    if (methods.some((method) => THROTTLED_ROUTES.has(`${method} ${url}`))) {
      route.config = { ...route.config, rateLimit: { max, timeWindow: windowMs } }
    }
  })
  // With Redis every API process counts in one place: two processes must not allow twice the
  // attempts. Without it (the embedded default, one process) the counts stay in memory. While
  // Redis is down the throttle is skipped rather than failing every sign-in (skipOnError).
  // BullMQ and ioredis load only then: an API without Redis never holds them in memory.
  const queue = app.config.redisUrl ? await import('@planillas/queue') : undefined
  const redis = app.config.redisUrl ? queue?.failFastRedis(app.config.redisUrl) : undefined
  if (redis) app.addHook('onClose', async () => void redis.disconnect())
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? {
          redis,
          nameSpace: `${app.config.queuePrefix ?? queue?.DEFAULT_QUEUE_PREFIX}:sign-in-limit:`,
          skipOnError: true,
        }
      : {}),
    // The browser's address as the web tier vouches for it: keyed on the web tier itself, 130
    // bogus callbacks locked every user out for a minute.
    keyGenerator: (request) => clientAddress(request, app.config.clientAddressSecret),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, [TOO_MANY_REQUESTS(Math.max(1, Math.ceil(context.ttl / 1000)))]),
  })
})

/**
 * The headers helmet sets with these options, worked out once: they are the same for every answer
 * (no nonce in the API), and running helmet's middleware on each request (as @fastify/helmet does)
 * was 5 % of a list response's CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value
    },
    removeHeader: () => undefined,
  }
  let done = false
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true
  })
  if (!done) throw new Error('helmet did not finish synchronously')
  return headers
}
