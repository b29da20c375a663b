import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { createOidcClient } from '../../auth/oidc'
import { ok, routeSchema } from '../../lib/envelope'
import { unauthorized } from '../../lib/errors'
import { revoke, rotate, signIn } from './queries'

const tags = ['auth']

export const SESSION_MESSAGES = {
  invalidRefresh: 'Su sesión ha expirado, por favor inicie sesión nuevamente',
  theft: 'Su sesión fue cerrada por seguridad, por favor inicie sesión nuevamente',
  loggedOut: 'Sesión cerrada correctamente',
} as const

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const oidc = createOidcClient(app.config.oidc)
  const deps = { tokens: app.tokens, refreshTokenTtlDays: app.config.refreshTokenTtlDays }

  /** Completes the sign-in: exchanges the provider's code and answers our own token pair. */
  app.post('/', {
    config: { public: true },
    schema: { tags, security: [], ...routeSchema('POST /auth') },
    handler: async (req) => ok(await signIn(app.db, deps, await oidc.identify(req.body))),
  })

  app.post('/refresh-token', {
    config: { public: true },
    schema: { tags, security: [], ...routeSchema('POST /auth/refresh-token') },
    handler: async (req) => {
      const result = await rotate(app.db, deps, req.body.refreshToken)
      if (result.kind === 'theft') {
        req.log.warn('refresh token reused after rotation: every session of its user was revoked')
        throw unauthorized(SESSION_MESSAGES.theft)
      }
      if (result.kind === 'invalid') throw unauthorized(SESSION_MESSAGES.invalidRefresh)
      return ok(result.pair)
    },
  })

  /**
   * Ends the session at once (its access tokens stop working) and answers the provider's ID token
   * of that sign-in, for the provider's own logout (`id_token_hint`).
   */
  app.post('/logout', {
    config: { public: true },
    schema: {
      tags,
      security: [],
      ...routeSchema('POST /auth/logout'),
    },
    handler: async (req) => ok(await revoke(app.db, req.body.refreshToken), [SESSION_MESSAGES.loggedOut]),
  })

  app.get('/me', {
    schema: { tags, ...routeSchema('GET /auth/me') },
    handler: async (req) => ok({ email: req.user.email, name: req.user.name, roles: req.user.roles }),
  })

  /** Validates the access token (the auth plugin already did; reaching here means it is valid). */
  app.get('/token', {
    schema: { tags, ...routeSchema('GET /auth/token') },
    handler: async () => ok({ valid: true }),
  })
}
