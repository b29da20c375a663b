import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { helmetHeaders } from './security'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { max: 3, windowMs: 60_000 }, requestTimeoutMs: 800 })
})
afterAll(() => t.close())

describe('security headers', () => {
  it('answers the API with frame, nosniff, referrer and content-security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
  })

  it('sends every header helmet would, on answers, refusals and unknown routes alike', async () => {
    const expected = Object.entries(
      helmetHeaders({
        contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, frameAncestors: ["'none'"] } },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
      }),
    )
    expect(expected.length).toBeGreaterThan(10)
    for (const request of [
      { method: 'GET' as const, url: '/api/health' },
      { method: 'POST' as const, url: '/api/v1/employees/list' },
      { method: 'GET' as const, url: '/api/v1/no-existe' },
    ]) {
      const response = await t.app.inject(request)
      for (const [name, value] of expected)
        expect(response.headers[name], `${request.url} ${name}`).toBe(value)
    }
  })

  it('keeps the headers on the API docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
  })
})

describe('sign-in and refresh throttle', () => {
  const attempt = (url: string, from: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress: from, payload: { refreshToken: 'x'.repeat(20) } })

  it('answers 429 in Spanish, in the envelope, once a client passes the sign-in limit', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('/api/v1/auth', '10.0.0.1')).statusCode).not.toBe(429)
    const blocked = await attempt('/api/v1/auth', '10.0.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    const body = blocked.json()
    expect(body.status).toBe('ERROR')
    expect(body.messages[0]).toMatch(/^Demasiados intentos\. Espera \d+ segundos? y vuelve a intentarlo\.$/)
    // Another client is not affected.
    expect((await attempt('/api/v1/auth', '10.0.0.2')).statusCode).not.toBe(429)
  })

  it('throttles the token refresh on its own count', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt('/api/v1/auth/refresh-token', '10.0.0.3')).statusCode).toBe(401)
    }
    expect((await attempt('/api/v1/auth/refresh-token', '10.0.0.3')).statusCode).toBe(429)
  })

  it('leaves the other routes alone', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.4' })
      expect(response.statusCode).not.toBe(429)
    }
  })
})

describe('slow request bodies', () => {
  it('cuts off a body dribbled slower than the request timeout', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const socket = connect(port, '127.0.0.1')
    const started = Date.now()
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.write(
      'POST /api/v1/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    )
    // One byte every 100 ms: the connection never idles, but the body would take 100 s.
    const dribble = setInterval(() => socket.writable && socket.write(' '), 100)
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - started))
      socket.on('error', () => undefined)
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000)
    })
    clearInterval(dribble)
    socket.destroy()
    expect(closedAfter).toBeLessThan(5_000)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })
})
