import { decodeIdToken, generateCodeVerifier } from 'arctic'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevIdp, startDevIdp } from './index'
import {
  authorizationUrlOf,
  discoveryOf,
  idTokenThroughProvider,
  type ProviderDiscovery,
  signInThroughProvider,
  webClientAt,
} from './sign-in-client'

const WEB_URL = 'http://localhost:3999'
const REDIRECT_URI = `${WEB_URL}/login/callback`
let idp: DevIdp
let discovery: ProviderDiscovery

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, webUrls: [WEB_URL] })
  discovery = await discoveryOf(idp.issuer)
})
afterAll(() => idp?.close())

const client = webClientAt(WEB_URL)
const authorizationUrl = (verifier: string) => authorizationUrlOf(client, discovery, verifier)

const idTokenOf = async (email: string, password: string, jar?: Map<string, string>) =>
  decodeIdToken(await idTokenThroughProvider(client, discovery, email, password, jar)) as Record<
    string,
    unknown
  >

describe('development identity provider', () => {
  it('puts e-mail, name and roles in the ID token', async () => {
    expect(discovery.claims_supported).toContain('roles')
    const claims = await idTokenOf('auditor@planillas.pe', 'auditor')
    expect(claims).toMatchObject({
      sub: 'demo-auditor',
      email: 'auditor@planillas.pe',
      name: 'Aurelio Auditor',
      roles: ['dashboard', 'auditoria_lista', 'auditoria_descarga_excel'],
      nonce: 'n',
    })
  })

  it('asks who signs in every time, so the same browser can switch demo users', async () => {
    const jar = new Map<string, string>()
    expect((await idTokenOf('admin@planillas.pe', 'admin', jar)).sub).toBe('demo-admin')
    expect((await idTokenOf('lector@planillas.pe', 'lector', jar)).sub).toBe('demo-lector')
  })

  it('refuses a wrong password with its Spanish page', async () => {
    await expect(
      signInThroughProvider(authorizationUrl(generateCodeVerifier()), 'admin@planillas.pe', 'x'),
    ).rejects.toThrow('wrong credentials')
  })

  it('holds back wrong passwords for one account after too many, never the right one nor another account', async () => {
    const strict = await startDevIdp({
      port: 0,
      webUrls: ['http://localhost:3999'],
      loginThrottle: { maxFailures: 3, windowMs: 1_500 },
    })
    try {
      const strictDiscovery = await (await fetch(`${strict.issuer}/.well-known/openid-configuration`)).json()
      const url = () => {
        const u = new URL(authorizationUrl(generateCodeVerifier()))
        const own = new URL(strictDiscovery.authorization_endpoint)
        u.protocol = own.protocol
        u.host = own.host
        return u.toString()
      }
      for (let i = 0; i < 3; i++) {
        await expect(signInThroughProvider(url(), 'admin@planillas.pe', 'x')).rejects.toThrow(
          'wrong credentials',
        )
      }
      // More guesses for that account wait…
      await expect(signInThroughProvider(url(), 'admin@planillas.pe', 'y')).rejects.toThrow(
        'too many attempts',
      )
      // …but whoever floods it cannot lock its owner out, nor another account.
      expect((await signInThroughProvider(url(), 'admin@planillas.pe', 'admin')).code).toBeTruthy()
      await expect(signInThroughProvider(url(), 'rrhh@planillas.pe', 'x')).rejects.toThrow(
        'wrong credentials',
      )
      await new Promise((resolve) => setTimeout(resolve, 1_600))
      await expect(signInThroughProvider(url(), 'admin@planillas.pe', 'y')).rejects.toThrow(
        'wrong credentials',
      )
    } finally {
      await strict.close()
    }
  })

  it('requires PKCE and a registered redirect URI', async () => {
    const withoutPkce = new URL(discovery.authorization_endpoint)
    for (const [k, v] of Object.entries({
      client_id: 'planillas-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: REDIRECT_URI,
    })) {
      withoutPkce.searchParams.set(k, v)
    }
    const refused = await fetch(withoutPkce, { redirect: 'manual' })
    expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('invalid_request')

    const elsewhere = new URL(authorizationUrl(generateCodeVerifier()))
    elsewhere.searchParams.set('redirect_uri', 'http://evil.example/login/callback')
    const page = await fetch(elsewhere, { redirect: 'manual' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('La dirección de retorno de la aplicación no está registrada.')
  })
})
