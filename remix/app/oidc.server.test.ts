import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DevIdp, startDevIdp } from '@planillas/dev-idp'
import { discoveryOf, idTokenThroughProvider, webClientAt } from '@planillas/dev-idp/sign-in-client'
import { MESSAGES } from '@planillas/domain'
import type { Env } from '@planillas/domain/env'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadWebConfig } from '../server/config'
import { handOverWebConfig } from './config.server'
import { authenticator, forBrowser, providerLogoutUrl, signInErrorMessage } from './oidc.server'

const WEB_URL = 'http://localhost:3998'
let idp: DevIdp

/** The web tier's configuration with these variables, as the web server hands it over at start. */
const configureWith = (env: Env) => handOverWebConfig(loadWebConfig({ ...process.env, ...env }))

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, webUrls: [WEB_URL] })
})
afterAll(() => idp?.close())
afterEach(() => configureWith({}))

/** A browser's cookie jar signed in at the provider, and the raw ID token of that sign-in. */
async function signedInAtProvider(email: string, password: string) {
  const jar = new Map<string, string>()
  const idToken = await idTokenThroughProvider(
    webClientAt(WEB_URL),
    await discoveryOf(idp.issuer),
    email,
    password,
    jar,
  )
  return { jar, idToken }
}

const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

describe('RP-initiated logout', () => {
  it("sends the browser to the provider's end_session_endpoint with id_token_hint, and the provider ends its session and returns to /login", async () => {
    configureWith({ OIDC_ISSUER: idp.issuer, WEB_URL: WEB_URL })
    const { jar, idToken } = await signedInAtProvider('rrhh@planillas.pe', 'rrhh')
    expect(jar.has('planillas_idp_session')).toBe(true)

    const logout = new URL((await providerLogoutUrl(idToken)) ?? '')
    expect(`${logout.origin}${logout.pathname}`).toBe(`${idp.issuer}/session/end`)
    expect(logout.searchParams.get('id_token_hint')).toBe(idToken)
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${WEB_URL}/login`)

    // The provider's page (Spanish) posts its confirmation form by itself; a browser without
    // JavaScript presses its one button. Either way the form below is what is sent.
    const page = await fetch(logout, { headers: { cookie: cookieOf(jar) } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Cerrar sesión')
    const action = html.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)?.[1]
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1]
    expect(html).toContain('name="logout" value="yes"')
    const confirmed = await fetch(new URL(action ?? '', idp.issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieOf(jar), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
    })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe(`${WEB_URL}/login`)
    const ended = confirmed.headers.getSetCookie().find((c) => c.startsWith('planillas_idp_session='))
    expect(ended).toMatch(/expires=Thu, 01 Jan 1970/i)
  })

  it('names our client instead when there is no ID token', async () => {
    configureWith({ OIDC_ISSUER: idp.issuer, WEB_URL: WEB_URL })
    const logout = new URL((await providerLogoutUrl(null)) ?? '')
    expect(logout.searchParams.get('client_id')).toBe('planillas-web')
    expect(logout.searchParams.has('id_token_hint')).toBe(false)
  })

  it('leaves the provider alone when it cannot be reached (only our session ends)', async () => {
    configureWith({ OIDC_ISSUER: 'http://127.0.0.1:9' })
    expect(await providerLogoutUrl('x')).toBeNull()
  })
})

describe('OIDC_INTERNAL_URL', () => {
  let internal: Server
  let internalUrl: string
  const fetched: string[] = []

  beforeAll(async () => {
    // A provider that writes its endpoints with the address it was reached at (as Keycloak does
    // without a fixed hostname): from inside the containers, that is the internal address.
    internal = createServer((req, res) => {
      fetched.push(req.url ?? '')
      const self = `http://${req.headers.host}/realms/planillas`
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          issuer: 'https://sso.example/realms/planillas',
          authorization_endpoint: `${self}/protocol/openid-connect/auth`,
          end_session_endpoint: `${self}/protocol/openid-connect/logout`,
        }),
      )
    })
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
    internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/realms/planillas`
  })
  afterAll(() => new Promise((resolve) => internal?.close(resolve)))

  it('is used for the server to read the discovery document, never as the browser’s address', async () => {
    configureWith({
      OIDC_ISSUER: 'https://sso.example/realms/planillas',
      OIDC_INTERNAL_URL: internalUrl,
      WEB_URL: WEB_URL,
    })
    const signIn = await authenticator
      .authenticate('oidc', new Request(`${WEB_URL}/login`, { method: 'POST' }))
      .catch((response: unknown) => response)
    expect(signIn).toBeInstanceOf(Response)
    const location = (signIn as Response).headers.get('location') ?? ''
    expect(location.startsWith('https://sso.example/realms/planillas/protocol/openid-connect/auth?')).toBe(
      true,
    )
    const logout = (await providerLogoutUrl('hint')) ?? ''
    expect(logout.startsWith('https://sso.example/realms/planillas/protocol/openid-connect/logout?')).toBe(
      true,
    )
    expect(fetched).toContain('/realms/planillas/.well-known/openid-configuration')
  })

  it('maps only addresses under the internal URL', () => {
    const settings = { issuer: 'https://sso.example', internalUrl: 'http://idp:8080' }
    expect(forBrowser('http://idp:8080/auth?x=1', settings)).toBe('https://sso.example/auth?x=1')
    expect(forBrowser('http://idp:8080', settings)).toBe('https://sso.example')
    expect(forBrowser('http://idp:80801/auth', settings)).toBe('http://idp:80801/auth')
    expect(forBrowser('https://sso.example/auth', settings)).toBe('https://sso.example/auth')
    expect(
      forBrowser('http://idp:8080/auth', { issuer: 'https://sso.example', internalUrl: undefined }),
    ).toBe('http://idp:8080/auth')
  })
})

describe("the provider's error on the callback", () => {
  it("shows a fixed Spanish message, never the provider's error_description", async () => {
    configureWith({ OIDC_ISSUER: idp.issuer, WEB_URL: WEB_URL })
    const start = await authenticator
      .authenticate('oidc', new Request(`${WEB_URL}/login`, { method: 'POST' }))
      .then(
        () => Promise.reject(new Error('Debía redirigir al proveedor')),
        (thrown: unknown) => thrown as Response,
      )
    const state = new URL(start.headers.get('Location') ?? '').searchParams.get('state')
    const cookie = (start.headers.get('Set-Cookie') ?? '').split(';')[0]
    const description = 'Internal error: <b>stack at /srv/idp</b>'
    const callback = new URL(`${WEB_URL}/login/callback`)
    callback.search = new URLSearchParams({
      error: 'server_error',
      error_description: description,
      state: state ?? '',
    }).toString()
    const error = await authenticator
      .authenticate('oidc', new Request(callback, { headers: { cookie } }))
      .catch((thrown: unknown) => thrown)
    expect(signInErrorMessage(error)).toBe(MESSAGES.authState)
    expect(signInErrorMessage(error)).not.toContain('Internal')
  })
})
