import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { CLIENT_ADDRESS_HEADER, WEB_TIER_SECRET_HEADER } from '@planillas/domain'
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

  it('tells no cache to keep an answer: lists, records, exports and files alike', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/api/v1/employees/list', payload: {} },
      { method: 'GET' as const, url: '/api/v1/areas/1' },
      { method: 'POST' as const, url: '/api/v1/areas/xlsx', payload: {} },
      { method: 'GET' as const, url: '/api/v1/payment-batches/template/xlsx' },
      { method: 'GET' as const, url: '/api/v1/payment-batches/1/file' },
    ]) {
      const response = await t.app.inject({ ...request, headers: await t.as('admin') })
      expect(response.statusCode, request.url).toBeLessThan(500)
      expect(response.headers['cache-control'], request.url).toBe('no-store')
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/employees/list', payload: {} })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
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
    expect(body.messages[0]).toMatch(/^Demasiados intentos\. Espere \d+ segundos? y vuelva a intentarlo\.$/)
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

describe('the throttle keys on the browser behind the web tier', () => {
  let web: TestApp
  beforeAll(async () => {
    web = await createTestApp({
      authRateLimit: { max: 3, windowMs: 60_000 },
      clientAddressSecret: 's'.repeat(40),
    })
  })
  afterAll(() => web.close())

  // Every call comes from the web tier's address; the header names the browser.
  const viaWeb = (browser: string, secret = 's'.repeat(40)) =>
    web.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      remoteAddress: '127.0.0.1',
      headers: { [CLIENT_ADDRESS_HEADER]: browser, [WEB_TIER_SECRET_HEADER]: secret },
      payload: {},
    })

  it('locks out the browser that floods the sign-in, not every other user of the web tier', async () => {
    for (let i = 0; i < 3; i++) expect((await viaWeb('203.0.113.7')).statusCode).not.toBe(429)
    expect((await viaWeb('203.0.113.7')).statusCode).toBe(429)
    expect((await viaWeb('198.51.100.20')).statusCode).not.toBe(429)
    expect((await viaWeb('2001:db8::1')).statusCode).not.toBe(429)
  })

  it('believes the address only with the shared secret: a forged header counts against its own connection', async () => {
    for (let i = 0; i < 3; i++) {
      const forged = await web.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        remoteAddress: '192.0.2.50',
        headers: { [CLIENT_ADDRESS_HEADER]: `10.9.9.${i}`, [WEB_TIER_SECRET_HEADER]: 'adivinado' },
        payload: {},
      })
      expect(forged.statusCode).not.toBe(429)
    }
    const fourth = await web.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      remoteAddress: '192.0.2.50',
      headers: { [CLIENT_ADDRESS_HEADER]: '10.9.9.99' },
      payload: {},
    })
    expect(fourth.statusCode).toBe(429)
    // Not a garbage address either.
    expect((await viaWeb('no es una dirección')).statusCode).not.toBe(429)
  })
})

describe.runIf(process.env.REDIS_URL)('the throttle of several API processes', () => {
  const apps: TestApp[] = []
  const prefix = `limit-test-${process.pid}-${Date.now()}`
  afterAll(() => Promise.all(apps.map((a) => a.close())))
  const signIn = (app: TestApp, from: string) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth', remoteAddress: from, payload: {} })

  it('counts one limit in Redis for every process, not one each', async () => {
    for (let i = 0; i < 2; i++)
      apps.push(
        await createTestApp({
          authRateLimit: { max: 3, windowMs: 60_000 },
          redisUrl: process.env.REDIS_URL,
          queuePrefix: prefix,
        }),
      )
    const [one, two] = apps
    // Three attempts spread over both processes use up the one limit of three.
    expect((await signIn(one, '10.7.0.1')).statusCode).not.toBe(429)
    expect((await signIn(two, '10.7.0.1')).statusCode).not.toBe(429)
    expect((await signIn(one, '10.7.0.1')).statusCode).not.toBe(429)
    expect((await signIn(two, '10.7.0.1')).statusCode).toBe(429)
    expect((await signIn(one, '10.7.0.1')).statusCode).toBe(429)
    expect((await signIn(two, '10.7.0.2')).statusCode).not.toBe(429)
  })

  it('lets sign-in through, unthrottled, while Redis cannot be reached', async () => {
    const down = await createTestApp({
      authRateLimit: { max: 1, windowMs: 60_000 },
      redisUrl: 'redis://127.0.0.1:1',
      queuePrefix: prefix,
    })
    apps.push(down)
    for (let i = 0; i < 3; i++) {
      const response = await signIn(down, '10.7.0.3')
      expect(response.statusCode).toBeLessThan(500)
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
