import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CLIENT_ERROR_MESSAGES, MESSAGES } from '@planillas/domain'
import { rawExchange } from '@planillas/testing/raw-http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_EXPECTED, lastErrorHandler, METHOD_NOT_ALLOWED, requestGuard } from './request-guard'
import { createTimedServer } from './security'

let server: Server
let base = ''
let actionsRun = 0

beforeAll(async () => {
  const app = express()
  app.use(requestGuard())
  // A stand-in for Remix: any method reaching it runs the 'action'; /falla fails like a broken route.
  app.all('*', (req, _res, next) => {
    if (req.path === '/falla') return next(new Error(`fallo interno en ${process.cwd()}`))
    actionsRun++
    // Like an action, reads the whole body before answering.
    req.resume().on('end', () => _res.send('ok'))
  })
  app.use(lastErrorHandler())
  server = createTimedServer(app, 800)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

/** Raw bytes in, the whole answer out (fetch refuses TRACE and oversized headers itself). */
const raw = (text: string, dribble = false) =>
  rawExchange(Number(new URL(base).port), text, dribble ? { dribble } : { endAfterMs: 300 })

describe('the web tier before Remix', () => {
  it('answers TRACE with 405 and no details', async () => {
    const answer = await raw('TRACE /areas HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 405 /)
    expect(answer).toContain(METHOD_NOT_ALLOWED)
    expect(answer).not.toMatch(/at |\/work\/|node_modules/)
  })

  it('never runs a form action for PUT, PATCH or DELETE', async () => {
    const before = actionsRun
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${base}/areas/1`, {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'description=x',
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
      expect(await response.text()).toBe(METHOD_NOT_ALLOWED)
    }
    expect(actionsRun).toBe(before)
  })

  it('refuses a JSON body posted to a form with a Spanish 415', async () => {
    const response = await fetch(`${base}/areas/crear`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x' }),
    })
    expect(response.status).toBe(415)
    expect(await response.text()).toBe(FORM_EXPECTED)
  })

  it('lets forms (url-encoded and multipart) and bodiless posts through', async () => {
    const form = new FormData()
    form.set('a', '1')
    for (const body of [new URLSearchParams({ a: '1' }), form, undefined])
      expect((await fetch(`${base}/areas/crear`, { method: 'POST', body })).status).toBe(200)
  })

  it('answers a fault with the Spanish generic message, no stack trace nor paths', async () => {
    const response = await fetch(`${base}/falla`)
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).toBe(MESSAGES.generic)
    expect(text).not.toContain(process.cwd())
  })

  it('answers headers too large with a Spanish 431 and a slow request with a Spanish 408', async () => {
    const big = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(big).toMatch(/^HTTP\/1\.1 431 /)
    expect(big).toContain(CLIENT_ERROR_MESSAGES[431])
    const slow = await raw(
      'POST /areas/crear HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\na',
      true,
    )
    expect(slow).toMatch(/^HTTP\/1\.1 408 /)
    expect(slow).toContain(CLIENT_ERROR_MESSAGES[408])
  })
})
