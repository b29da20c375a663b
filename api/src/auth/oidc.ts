import { ArcticFetchError, OAuth2Client, OAuth2RequestError } from 'arctic'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import type { ApiConfig } from '../config'
import { HttpError, unauthorized } from '../lib/errors'

/**
 * Who the provider says signed in. `roles` is undefined when the provider sent no such claim;
 * `idToken` is the provider's ID token (the hint of its logout).
 */
export type Identity = { subject: string; email: string; name: string; roles?: string[]; idToken?: string }

/**
 * The `roles` claim as permission codes: an array, or a space-separated string (as some providers
 * send scope-like claims). Undefined when there is no such claim, so the stored roles are kept.
 */
export function rolesClaim(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map((r) => String(r).trim()).filter(Boolean)
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean)
  return undefined
}

type Discovery = { issuer: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string }

const DISCOVERY_TTL_MS = 60 * 60 * 1000
export const AUTH_MESSAGES = {
  badCode: 'El código de autorización no es válido o ya fue usado, por favor inicie sesión nuevamente',
  badIdToken: 'No se pudo verificar la identidad del usuario, por favor intente nuevamente',
  noEmail: 'El proveedor de identidad no envió el correo electrónico del usuario',
  providerDown: 'No se pudo contactar al proveedor de identidad, por favor intente nuevamente',
} as const

const providerDown = () => new HttpError(503, [AUTH_MESSAGES.providerDown])

/**
 * The API's side of the sign-in (docs/architecture.md): exchanges the authorization code with arctic and
 * verifies the ID token against the provider's keys (issuer, audience, expiry, nonce).
 */
export function createOidcClient(oidc: ApiConfig['oidc']) {
  let cached: {
    at: number
    value: Promise<{ discovery: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>
  } | null = null
  const issuer = oidc.issuer.replace(/\/$/, '')
  // Servers may reach the provider at another address than the browser (containers).
  const forServer = (url: string) =>
    oidc.internalUrl && url.startsWith(issuer)
      ? oidc.internalUrl.replace(/\/$/, '') + url.slice(issuer.length)
      : url

  function discover() {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value
    const value = (async () => {
      const response = await fetch(forServer(`${issuer}/.well-known/openid-configuration`)).catch(() => null)
      if (!response?.ok) throw providerDown()
      const discovery = (await response.json()) as Discovery
      return { discovery, jwks: createRemoteJWKSet(new URL(forServer(discovery.jwks_uri))) }
    })()
    cached = { at: Date.now(), value }
    value.catch(() => {
      if (cached?.value === value) cached = null
    })
    return value
  }

  async function userinfo(endpoint: string | undefined, accessToken: string): Promise<JWTPayload> {
    if (!endpoint) return {}
    const response = await fetch(forServer(endpoint), {
      headers: { Authorization: `Bearer ${accessToken}` },
    }).catch(() => null)
    return response?.ok ? ((await response.json()) as JWTPayload) : {}
  }

  return {
    async identify(input: {
      code: string
      codeVerifier: string
      nonce: string
      redirectUri?: string
    }): Promise<Identity> {
      const { discovery, jwks } = await discover()
      const client = new OAuth2Client(oidc.clientId, oidc.clientSecret, input.redirectUri ?? oidc.redirectUri)
      let idToken: string
      let accessToken: string
      try {
        const tokens = await client.validateAuthorizationCode(
          forServer(discovery.token_endpoint),
          input.code,
          input.codeVerifier,
        )
        idToken = tokens.idToken()
        accessToken = tokens.accessToken()
      } catch (error) {
        if (error instanceof ArcticFetchError) throw providerDown()
        if (error instanceof OAuth2RequestError) throw unauthorized(AUTH_MESSAGES.badCode)
        throw unauthorized(AUTH_MESSAGES.badIdToken)
      }
      let claims: JWTPayload
      try {
        ;({ payload: claims } = await jwtVerify(idToken, jwks, {
          issuer: discovery.issuer,
          audience: oidc.clientId,
        }))
      } catch {
        throw unauthorized(AUTH_MESSAGES.badIdToken)
      }
      if (claims.nonce !== input.nonce || !claims.sub) throw unauthorized(AUTH_MESSAGES.badIdToken)
      const profile = claims.email
        ? claims
        : { ...(await userinfo(discovery.userinfo_endpoint, accessToken)), ...claims }
      const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : ''
      if (!email) throw unauthorized(AUTH_MESSAGES.noEmail)
      const roles = rolesClaim(profile.roles)
      const name = typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : email
      return { subject: claims.sub, email, name, roles, idToken }
    },
  }
}
export type OidcClient = ReturnType<typeof createOidcClient>
