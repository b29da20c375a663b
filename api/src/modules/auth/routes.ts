import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createOidcClient } from '../../auth/oidc'
import { envelopeOf, ok } from '../../lib/envelope'
import { unauthorized } from '../../lib/errors'
import { revoke, rotate, signIn } from './queries'

const tags = ['auth']
const ProfileSchema = z.object({ email: z.string(), name: z.string(), roles: z.array(z.string()) })
const TokensSchema = envelopeOf(z.object({ accessToken: z.string(), refreshToken: z.string() }))
const required = (label: string) =>
  z
    .string({ error: `${label} es requerido` })
    .trim()
    .min(1, `${label} es requerido`)

const SignInSchema = z.object({
  code: required('El código de autorización'),
  codeVerifier: required('El verificador PKCE'),
  nonce: required('El nonce'),
  redirectUri: z.url({ error: 'La dirección de retorno no es válida' }).optional(),
})
const RefreshSchema = z.object({ refreshToken: required('El token de actualización') })

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
    schema: { tags, security: [], body: SignInSchema, response: { 200: TokensSchema } },
    handler: async (req) => ok(await signIn(app.db, deps, await oidc.identify(req.body))),
  })

  app.post('/refresh-token', {
    config: { public: true },
    schema: { tags, security: [], body: RefreshSchema, response: { 200: TokensSchema } },
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
      body: RefreshSchema,
      response: { 200: envelopeOf(z.object({ idTokenHint: z.string().nullable() })) },
    },
    handler: async (req) => ok(await revoke(app.db, req.body.refreshToken), [SESSION_MESSAGES.loggedOut]),
  })

  app.get('/me', {
    schema: { tags, response: { 200: envelopeOf(ProfileSchema) } },
    handler: async (req) => ok({ email: req.user.email, name: req.user.name, roles: req.user.roles }),
  })

  /** Validates the access token (the auth plugin already did; reaching here means it is valid). */
  app.get('/token', {
    schema: { tags, response: { 200: envelopeOf(z.object({ valid: z.boolean() })) } },
    handler: async () => ok({ valid: true }),
  })
}
