import { type BodyOf, MESSAGES } from '@planillas/domain'
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic'
import { createCookie, redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { ApiError, call } from './api.server'
import { webConfig } from './config.server'
import { cookieSecrets, secureCookies, type Tokens } from './session.server'

/**
 * Sign-in with the identity provider (docs/architecture.md): authorization code + PKCE + state + nonce.
 * The browser goes to the provider from here; the API exchanges the code and checks the ID token.
 */
/** What the API's sign-in takes (`POST /auth`): the code, its PKCE verifier, the nonce, the return address. */
export type CodeGrant = BodyOf<'POST /auth'>
type Flow = { state: string; nonce: string; codeVerifier: string }

const SCOPES = ['openid', 'profile', 'email']

/** The provider's addresses and our client's, from the web tier's configuration. */
export function oidcSettings(config = webConfig()) {
  const webUrl = (config.WEB_URL ?? `http://localhost:${config.WEB_PORT}`).replace(/\/$/, '')
  return {
    issuer: (config.OIDC_ISSUER ?? `http://localhost:${config.IDP_PORT}`).replace(/\/$/, ''),
    clientId: config.OIDC_CLIENT_ID,
    redirectUri: config.OIDC_REDIRECT_URI ?? `${webUrl}/login/callback`,
    /** Where the provider's logout sends the browser back (registered at the provider). */
    postLogoutRedirectUri: config.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${webUrl}/login`,
    internalUrl: config.OIDC_INTERNAL_URL?.replace(/\/$/, ''),
  }
}
type Settings = ReturnType<typeof oidcSettings>

/** An error to show the user on /login. */
export class SignInError extends Error {}

/** State, nonce and verifier between leaving for the provider and coming back: signed, 10 minutes. */
export const flowCookie = createCookie('__planillas_oidc', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/login',
  maxAge: 600,
  secure: secureCookies(),
  secrets: cookieSecrets(),
})

/** The provider's endpoints the browser is sent to. */
type BrowserEndpoints = { authorization: string; endSession: string | null }

let discovery: { key: string; at: number; endpoints: Promise<BrowserEndpoints> } | null = null

/**
 * An address of the provider as the browser must see it. The server reads the discovery document
 * at OIDC_INTERNAL_URL (containers), and a provider that builds its URLs from the request's host
 * answers with that internal address, which the browser cannot reach: it becomes the issuer's.
 */
export function forBrowser(url: string, settings: Pick<Settings, 'issuer' | 'internalUrl'>): string {
  const { internalUrl, issuer } = settings
  if (!internalUrl || !url.startsWith(internalUrl)) return url
  const rest = url.slice(internalUrl.length)
  return rest === '' || /^[/?#]/.test(rest) ? issuer + rest : url
}

/** The provider's browser-facing endpoints, from its discovery document (cached for an hour). */
function browserEndpoints(settings: Settings): Promise<BrowserEndpoints> {
  const key = `${settings.issuer} ${settings.internalUrl ?? ''}`
  if (discovery && discovery.key === key && Date.now() - discovery.at < 3_600_000) return discovery.endpoints
  const endpoints = (async () => {
    const url = `${settings.internalUrl ?? settings.issuer}/.well-known/openid-configuration`
    const response = await fetch(url).catch(() => null)
    if (!response?.ok)
      throw new SignInError('No se pudo contactar al proveedor de identidad, por favor intente nuevamente')
    const document = (await response.json()) as {
      authorization_endpoint: string
      end_session_endpoint?: string
    }
    return {
      authorization: forBrowser(String(document.authorization_endpoint), settings),
      endSession: document.end_session_endpoint
        ? forBrowser(String(document.end_session_endpoint), settings)
        : null,
    }
  })()
  discovery = { key, at: Date.now(), endpoints }
  endpoints.catch(() => {
    if (discovery?.endpoints === endpoints) discovery = null
  })
  return endpoints
}

/**
 * Where the browser goes after our own logout: the provider's end_session_endpoint (RP-initiated
 * logout) with the sign-in's ID token as `id_token_hint` (or our client id without one), so the
 * provider's session ends too and a shared PC does not sign the same user straight back in. Null
 * when the provider offers no logout or cannot be reached: then only our session ends.
 */
export async function providerLogoutUrl(idTokenHint: string | null): Promise<string | null> {
  const settings = oidcSettings()
  const endpoints = await browserEndpoints(settings).catch(() => null)
  if (!endpoints?.endSession) return null
  const url = new URL(endpoints.endSession)
  if (idTokenHint) url.searchParams.set('id_token_hint', idTokenHint)
  else url.searchParams.set('client_id', settings.clientId)
  url.searchParams.set('post_logout_redirect_uri', settings.postLogoutRedirectUri)
  return url.toString()
}

const PROVIDER_ERRORS: Record<string, string> = {
  access_denied: 'Se canceló el inicio de sesión',
  login_required: 'Debe iniciar sesión en el proveedor de identidad',
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
        (await browserEndpoints(settings)).authorization,
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
    if (error) {
      // The provider's own description is English, or anything an address carries: logged, never shown.
      console.warn(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'warn',
          message: 'El proveedor de identidad rechazó el inicio de sesión',
          error: error.slice(0, 100),
          description: url.searchParams.get('error_description')?.slice(0, 500) ?? null,
        }),
      )
      throw new SignInError(PROVIDER_ERRORS[error] ?? MESSAGES.authState)
    }
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
  new OidcStrategy<Tokens>(({ request, grant }) => call(request, 'POST /auth', { body: grant, token: null })),
)

/** The Spanish message for anything that went wrong while signing in. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message
  if (error instanceof ApiError) return error.messages.join(' ')
  return MESSAGES.generic
}

export const clearFlowCookie = () => flowCookie.serialize('', { maxAge: 0 })
