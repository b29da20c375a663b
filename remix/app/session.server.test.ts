import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

/** The Set-Cookie of a fresh session, with the module loaded under the current environment. */
async function sessionCookie() {
  vi.resetModules()
  const { sessionStorage } = await import('./session.server')
  return sessionStorage.commitSession(await sessionStorage.getSession())
}

describe('session cookie Secure flag', () => {
  it('follows an https WEB_URL when COOKIE_SECURE is unset', async () => {
    vi.stubEnv('COOKIE_SECURE', '')
    vi.stubEnv('WEB_URL', 'https://planillas.example.pe')
    expect(await sessionCookie()).toMatch(/; Secure/)
  })

  it('is off for a plain http WEB_URL', async () => {
    vi.stubEnv('COOKIE_SECURE', '')
    vi.stubEnv('WEB_URL', 'http://localhost:3000')
    expect(await sessionCookie()).not.toMatch(/; Secure/)
  })

  it('obeys COOKIE_SECURE over the scheme', async () => {
    vi.stubEnv('COOKIE_SECURE', 'false')
    vi.stubEnv('WEB_URL', 'https://planillas.example.pe')
    expect(await sessionCookie()).not.toMatch(/; Secure/)
  })
})

describe('reading the session cookie (remembered per header value)', () => {
  const tokenOf = (email: string) =>
    `e30.${Buffer.from(JSON.stringify({ email, name: email, roles: ['colaboradores_lista'], exp: 2e9 })).toString('base64url')}.firma`

  async function cookieOf(email: string, toast?: { type: 'info'; message: string }) {
    const { sessionStorage, storeTokens, flashToast } = await import('./session.server')
    const session = await sessionStorage.getSession()
    storeTokens(session, { accessToken: tokenOf(email), refreshToken: `r-${email}` })
    if (toast) flashToast(session, toast)
    return (await sessionStorage.commitSession(session)).split(';')[0]
  }

  /** The user a request with this Cookie header is signed in as (a new Request each time, as a page). */
  async function userOf(cookie: string) {
    const { getUser } = await import('./auth.server')
    return (await getUser(new Request('http://web.test/', { headers: { cookie } })))?.user.email
  }

  it('tells different users apart, however often each comes', async () => {
    const [ana, beto] = [await cookieOf('ana@planillas.pe'), await cookieOf('beto@planillas.pe')]
    for (let i = 0; i < 2; i++) {
      expect(await userOf(ana)).toBe('ana@planillas.pe')
      expect(await userOf(beto)).toBe('beto@planillas.pe')
    }
    expect(await userOf(`otra=1; ${ana}`)).toBe('ana@planillas.pe')
    // One character of the signature changed, away from its end: the last character of unpadded
    // base64 carries bits that decoding ignores, so changing it there may change nothing.
    const at = ana.length - 10
    const tampered = `${ana.slice(0, at)}${ana[at] === 'A' ? 'Q' : 'A'}${ana.slice(at + 1)}`
    expect(await userOf(tampered)).toBeUndefined()
  })

  it("gives every request its own session: one request's changes never reach the next", async () => {
    const { sessionStorage } = await import('./session.server')
    const cookie = await cookieOf('ana@planillas.pe', { type: 'info', message: 'Guardado' })
    const first = await sessionStorage.getSession(cookie)
    expect(first.get('toast')).toEqual({ type: 'info', message: 'Guardado' })
    first.unset('tokens')
    const second = await sessionStorage.getSession(cookie)
    expect(second.get('toast')).toEqual({ type: 'info', message: 'Guardado' })
    expect(second.has('tokens')).toBe(true)
  })
})
