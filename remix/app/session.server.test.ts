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
