import type { AuthTokens } from '@planillas/domain'
import { type Cookie, createCookie, createCookieSessionStorage, redirect, type Session } from 'react-router'
import type { WebConfig } from '../server/config'
import { webConfig } from './config.server'
import { createSealer } from './utils/crypto.server'
import { memoByString } from './utils/memo'

/**
 * The web tier's session: an httpOnly, SameSite=Lax cookie holding the API tokens (sealed with
 * AES-GCM) and flash toasts (docs/architecture.md). No server-side state, so the web tier scales out.
 */
export const SESSION_COOKIE = '__planillas'

/** COOKIE_SECURE when set; else the scheme of WEB_URL: behind HTTPS the cookies get `Secure`. */
export function secureCookies(config: Pick<WebConfig, 'COOKIE_SECURE' | 'WEB_URL'> = webConfig()): boolean {
  if (config.COOKIE_SECURE !== undefined) return config.COOKIE_SECURE
  return (config.WEB_URL ?? '').startsWith('https:')
}

/**
 * The cookie and the token sealer, made on first use from the configuration the web server handed
 * over (config.server.ts), not when this module loads: the server's token refresh imports it before
 * `npm start` has put the generated SESSION_SECRET in place. The development secret only outside
 * production: there the web server refuses to start without a long, private SESSION_SECRET
 * (remix/server/config.ts).
 */
let made: { cookie: Cookie; sealer: ReturnType<typeof createSealer>; secrets: string[] } | undefined
function sessionParts() {
  if (!made) {
    const config = webConfig()
    const secret = config.SESSION_SECRET || 'planillas-dev-session-secret'
    const cookie = createCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: secureCookies(config),
      secrets: [secret],
      maxAge: 60 * 60 * 24 * 7,
    })
    made = { cookie, sealer: createSealer(secret), secrets: [secret] }
  }
  return made
}

/**
 * A Cookie header read once per distinct value: checking its signature and decoding it was about
 * 0.3 ms of every page, and a browser sends the same header until the cookie changes.
 * The data is shared between requests; a session copies it into its own map (createSession).
 */
const parseHeader = memoByString((header: string) => sessionParts().cookie.parse(header) as Promise<unknown>)
const rememberingCookie: Cookie = {
  name: SESSION_COOKIE,
  // Always signed (with SESSION_SECRET or the development secret); known before the cookie is made.
  isSigned: true,
  get expires() {
    return sessionParts().cookie.expires
  },
  parse: (header, options) =>
    header && !options ? parseHeader(header) : sessionParts().cookie.parse(header, options),
  serialize: (value, options) => sessionParts().cookie.serialize(value, options),
}

export const sessionStorage = createCookieSessionStorage({ cookie: rememberingCookie })

/** The sealed tokens opened (AES-GCM) once per sealed value, not on every guard of every request. */
const openTokens = memoByString((sealed: string): Tokens | null => {
  const plain = sessionParts().sealer.open(sealed)
  return plain ? Object.freeze(JSON.parse(plain) as Tokens) : null
})

/** The secret of the session cookie, for the web tier's other signed cookies (the sign-in flow). */
export const cookieSecrets = () => sessionParts().secrets

/** The API's token pair, as the session cookie keeps it. */
export type Tokens = AuthTokens
export type SessionUser = { email: string; name: string; roles: string[] }
export type Toast = { type: 'success' | 'error' | 'info'; message: string }

const sessions = new WeakMap<Request, Promise<Session>>()

/** The session of this request, read once and shared by everything that handles it. */
export function getSession(request: Request): Promise<Session> {
  let session = sessions.get(request)
  if (!session) {
    session = sessionStorage.getSession(request.headers.get('Cookie'))
    sessions.set(request, session)
  }
  return session
}

export function readTokens(session: Session): Tokens | null {
  const sealed = session.get('tokens')
  return typeof sealed === 'string' ? openTokens(sealed) : null
}

export function storeTokens(session: Session, tokens: Tokens) {
  session.set('tokens', sessionParts().sealer.seal(JSON.stringify(tokens)))
}

/** The claims of our own API's access token (it came from the API over a trusted channel). */
export const decodeAccessToken: (token: string) => (SessionUser & { exp: number }) | null = memoByString(
  (token) => {
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
      const roles = Object.freeze([...(payload.roles ?? [])]) as string[]
      return Object.freeze({ email: payload.email, name: payload.name, roles, exp: payload.exp })
    } catch {
      return null
    }
  },
)

export function flashToast(session: Session, toast: Toast) {
  session.flash('toast', toast)
}

export async function commitSession(request: Request): Promise<Record<string, string>> {
  return { 'Set-Cookie': await sessionStorage.commitSession(await getSession(request)) }
}

/** Redirects with a flash toast (the usual ending of a successful action). */
export async function redirectWithToast(request: Request, url: string, toast: Toast): Promise<Response> {
  flashToast(await getSession(request), toast)
  return redirect(url, { headers: await commitSession(request) })
}

export async function destroySessionHeaders(request: Request): Promise<Record<string, string>> {
  return { 'Set-Cookie': await sessionStorage.destroySession(await getSession(request)) }
}
