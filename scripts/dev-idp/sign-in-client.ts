import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic'

/**
 * Drives the development provider's login form with plain fetch, as a browser would without
 * JavaScript: follows redirects, keeps cookies, posts the form. Tests use it to get a real code.
 */
export type ProviderSignIn = { callbackUrl: URL; code: string; state: string }

export async function signInThroughProvider(
  authorizationUrl: string,
  email: string,
  password: string,
  /** The browser's cookies; pass the same map to sign in again in the same browser. */
  jar = new Map<string, string>(),
): Promise<ProviderSignIn> {
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const index = pair.indexOf('=')
      const [name, value] = [pair.slice(0, index), pair.slice(index + 1)]
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name)
      else jar.set(name, value)
    }
  }
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookieHeader() },
    })
    remember(response)
    return response
  }
  /** Follows redirects until a page answers, or the browser would leave for the client's callback. */
  const follow = async (first: Response, from: string, callbackPrefix: string) => {
    let response = first
    let url = from
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      url = new URL(response.headers.get('location')!, url).toString()
      if (url.startsWith(callbackPrefix)) return { url, response: null }
      response = await request(url)
    }
    return { url, response }
  }

  const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri')!
  const page = await follow(await request(authorizationUrl), authorizationUrl, redirectUri)
  if (!page.response) throw new Error('the provider did not ask for credentials')
  const html = await page.response.text()
  const action = html.match(/<form method="post" action="([^"]+\/login)"/)?.[1]
  if (!action) throw new Error(`no login form at ${page.url}: ${html.slice(0, 200)}`)
  const loginUrl = new URL(action, page.url).toString()
  const posted = await request(loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  })
  if (posted.status === 401) throw new Error('wrong credentials')
  if (posted.status === 429) throw new Error('too many attempts')
  const done = await follow(posted, loginUrl, redirectUri)
  if (done.response)
    throw new Error(`sign-in did not return to the client (${done.response.status} at ${done.url})`)
  const callbackUrl = new URL(done.url)
  const code = callbackUrl.searchParams.get('code')
  if (!code) throw new Error(`no code in ${callbackUrl}`)
  return { callbackUrl, code, state: callbackUrl.searchParams.get('state') ?? '' }
}

/** What the provider's discovery document says, of what the tests read. */
export type ProviderDiscovery = {
  authorization_endpoint: string
  token_endpoint: string
  claims_supported: string[]
}

export const discoveryOf = async (issuer: string): Promise<ProviderDiscovery> =>
  (await fetch(`${issuer}/.well-known/openid-configuration`)).json()

/** The web tier's client at the development provider, called back at `webUrl`'s /login/callback. */
export const webClientAt = (webUrl: string) =>
  new OAuth2Client('planillas-web', 'planillas-dev-secret', `${webUrl}/login/callback`)

/** Where the web tier sends a browser to sign in: code flow with PKCE (S256 of `verifier`) and a nonce. */
export function authorizationUrlOf(client: OAuth2Client, discovery: ProviderDiscovery, verifier: string) {
  const url = client.createAuthorizationURLWithPKCE(
    discovery.authorization_endpoint,
    generateState(),
    CodeChallengeMethod.S256,
    verifier,
    ['openid', 'profile', 'email'],
  )
  url.searchParams.set('nonce', 'n')
  return url.toString()
}

/** A whole sign-in through the provider, its code exchanged as the web tier does: the raw ID token. */
export async function idTokenThroughProvider(
  client: OAuth2Client,
  discovery: ProviderDiscovery,
  email: string,
  password: string,
  jar?: Map<string, string>,
): Promise<string> {
  const verifier = generateCodeVerifier()
  const { code } = await signInThroughProvider(
    authorizationUrlOf(client, discovery, verifier),
    email,
    password,
    jar,
  )
  return (await client.validateAuthorizationCode(discovery.token_endpoint, code, verifier)).idToken()
}
