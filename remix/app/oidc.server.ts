import { MESSAGES } from '@planillas/domain'
import { createCookie, redirect } from '@remix-run/node'
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic'
import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { ApiError, api } from './api.server'
import { cookieSecrets, secureCookies, type Tokens } from './session.server'

/**
 * Sign-in with the identity provider (DESIGN §3): authorization code + PKCE + state + nonce.
 * The browser goes to the provider from here; the API exchanges the code and checks the ID token.
 */
export type CodeGrant = { code: string; codeVerifier: string; nonce: string; redirectUri: string }
type Flow = { state: string; nonce: string; codeVerifier: string }

const SCOPES = ['openid', 'profile', 'email']
const env = (name: string) => process.env[name] || undefined

export function oidcSettings() {
  const webUrl = env('WEB_URL') ?? `http://localhost:${env('WEB_PORT') ?? 3000}`
  return {
    issuer: (env('OIDC_ISSUER') ?? `http://localhost:${env('IDP_PORT') ?? 3002}`).replace(/\/$/, ''),
    clientId: env('OIDC_CLIENT_ID') ?? 'planillas-web',
    redirectUri: env('OIDC_REDIRECT_URI') ?? `${webUrl.replace(/\/$/, '')}/login/callback`,
    internalUrl: env('OIDC_INTERNAL_URL')?.replace(/\/$/, ''),
  }
}

/** An error to show the user on /login. */
export class SignInError extends Error {}

/** State, nonce and verifier between leaving for the provider and coming back: signed, 10 minutes. */
export const flowCookie = createCookie('__planillas_oidc', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/login',
  maxAge: 600,
  secure: secureCookies(),
  secrets: cookieSecrets,
})

let discovery: { issuer: string; at: number; endpoint: Promise<string> } | null = null

/** The provider's authorization endpoint, from its discovery document (cached for an hour). */
function authorizationEndpoint(settings: ReturnType<typeof oidcSettings>): Promise<string> {
  if (discovery && discovery.issuer === settings.issuer && Date.now() - discovery.at < 3_600_000) {
    return discovery.endpoint
  }
  const endpoint = (async () => {
    const url = `${settings.internalUrl ?? settings.issuer}/.well-known/openid-configuration`
    const response = await fetch(url).catch(() => null)
    if (!response?.ok)
      throw new SignInError('No se pudo contactar al proveedor de identidad, por favor intenta nuevamente')
    return String(((await response.json()) as { authorization_endpoint: string }).authorization_endpoint)
  })()
  discovery = { issuer: settings.issuer, at: Date.now(), endpoint }
  endpoint.catch(() => {
    if (discovery?.endpoint === endpoint) discovery = null
  })
  return endpoint
}

const PROVIDER_ERRORS: Record<string, string> = {
  access_denied: 'Se canceló el inicio de sesión',
  login_required: 'Debes iniciar sesión en el proveedor de identidad',
}

/** A small remix-auth strategy over arctic's OAuth2Client. */
export class OidcStrategy<User> extends Strategy<User, { request: Request; grant: CodeGrant }> {
  name = 'oidc'

  override async authenticate(request: Request): Promise<User> {
    const settings = oidcSettings()
    const url = new URL(request.url)
    const code = url.searchParams.get('code')
    const error = url.searchParams.get('error')
    if (!code && !error) {
      const flow: Flow = {
        state: generateState(),
        nonce: generateState(),
        codeVerifier: generateCodeVerifier(),
      }
      const client = new OAuth2Client(settings.clientId, null, settings.redirectUri)
      const target = client.createAuthorizationURLWithPKCE(
        await authorizationEndpoint(settings),
        flow.state,
        CodeChallengeMethod.S256,
        flow.codeVerifier,
        SCOPES,
      )
      target.searchParams.set('nonce', flow.nonce)
      throw redirect(target.toString(), { headers: { 'Set-Cookie': await flowCookie.serialize(flow) } })
    }
    const flow = (await flowCookie.parse(request.headers.get('Cookie'))) as Flow | null
    if (!flow?.state || flow.state !== url.searchParams.get('state'))
      throw new SignInError(MESSAGES.authState)
    if (error)
      throw new SignInError(
        PROVIDER_ERRORS[error] ?? url.searchParams.get('error_description') ?? MESSAGES.authState,
      )
    const grant = {
      code: code!,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      redirectUri: settings.redirectUri,
    }
    return this.verify({ request, grant })
  }
}

/** Completes the sign-in through the API: it answers our own access and refresh tokens. */
export const authenticator = new Authenticator<Tokens>().use(
  new OidcStrategy<Tokens>(({ request, grant }) =>
    api<Tokens>(request, '/auth', { body: grant, token: null }),
  ),
)

/** The Spanish message for anything that went wrong while signing in. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message
  if (error instanceof ApiError) return error.messages.join(' ')
  return MESSAGES.generic
}

export const clearFlowCookie = () => flowCookie.serialize('', { maxAge: 0 })
