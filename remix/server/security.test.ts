import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { sendResponse } from './remix-handler'
import { createTimedServer, cspNonceOf, noStore, securityHeaders } from './security'

const servers: import('node:http').Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** An express app with the web tier's headers that echoes the request's nonce, on a free port. */
async function serve(env: Record<string, string | undefined>, timeoutMs = 120_000) {
  const app = express()
  app.use(securityHeaders(env))
  app.get('/', (_req, res) => res.type('html').send(`<script nonce="${cspNonceOf(res)}"></script>`))
  app.post('/upload', (req, res) => {
    req.resume()
    req.on('end', () => res.send('ok'))
  })
  const server = createTimedServer(app, timeoutMs)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('web tier security headers', () => {
  it('sends frame, nosniff, referrer and a nonce-based CSP with a new nonce per request', async () => {
    const url = await serve({ WEB_URL: 'http://localhost:3000', OIDC_ISSUER: 'http://localhost:3002' })
    const [first, second] = await Promise.all([fetch(url), fetch(url)])
    expect(first.headers.get('x-frame-options')).toBe('DENY')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('same-origin')
    const csp = first.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(await first.text()).toContain(`nonce="${nonce}"`)
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self' http://localhost:3002")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(first.headers.get('strict-transport-security')).toBeNull()
    expect(second.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`)
  })

  it('asks for HTTPS only when the web address is HTTPS', async () => {
    const url = await serve({ WEB_URL: 'https://planillas.example.pe' })
    const response = await fetch(url)
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
  })
})

describe('web tier caching', () => {
  it("tells no cache to keep a page or a download, and lets a route's own Cache-Control stand", async () => {
    const app = express()
    app.use(noStore)
    app.get('/pagina', (_req, res) => res.type('html').send('<p>DNI 12345678</p>'))
    // As Remix's answer is copied onto the response: the route's header replaces the default.
    app.get('/publica', (_req, res) =>
      sendResponse(res, new Response('ok', { headers: { 'Cache-Control': 'public, max-age=60' } })),
    )
    const server = createTimedServer(app, 120_000)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    expect((await fetch(`${url}/pagina`)).headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${url}/publica`)).headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('web tier request timeout', () => {
  it('cuts off a body dribbled slower than the timeout, and lets a quick one through', async () => {
    const url = new URL(await serve({}, 800))
    const quick = await fetch(new URL('/upload', url), { method: 'POST', body: 'x'.repeat(1024 * 1024) })
    expect(await quick.text()).toBe('ok')

    const socket = connect(Number(url.port), url.hostname)
    const started = Date.now()
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('error', () => undefined)
    socket.write('POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\nx')
    const dribble = setInterval(() => socket.writable && socket.write('x'), 100)
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - started))
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000)
    })
    clearInterval(dribble)
    socket.destroy()
    expect(closedAfter).toBeLessThan(5_000)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })
})
