import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CLIENT_ADDRESS_HEADER } from '@planillas/domain'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remixRequest, sendResponse } from './remix-handler'

let server: Server
let base = ''
/** What the stand-in for Remix received, and the Fetch requests it was handed. */
let received: Request | null = null
let aborted: Promise<void> = Promise.resolve()

beforeAll(async () => {
  const app = express()
  // A middleware before Remix (the token refresh) sets a cookie and rewrites the request's.
  app.use((req, res, next) => {
    res.append('Set-Cookie', 'a=1; Path=/')
    req.headers.cookie = 'fresh=1'
    next()
  })
  app.all('*', async (req, res) => {
    const request = remixRequest(req, res)
    received = request
    aborted = new Promise((resolve) => request.signal.addEventListener('abort', () => resolve()))
    if (req.path === '/slow') return
    const text = req.method === 'POST' ? await request.text() : 'página'
    const headers = new Headers({ 'Content-Type': 'text/html' })
    headers.append('Set-Cookie', 'b=2; Path=/')
    await sendResponse(res, new Response(text, { status: 201, headers }))
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('the Remix adapter', () => {
  it('hands Remix the URL, method, headers (as rewritten before it) and body', async () => {
    const response = await fetch(`${base}/colaboradores?page=2`, {
      method: 'POST',
      headers: { 'X-Forwarded-Host': 'planillas.test:8443', 'X-Uno': 'sí' },
      body: 'name=Ñ',
    })
    expect(await response.text()).toBe('name=Ñ')
    expect(received?.url).toBe(`http://127.0.0.1:8443/colaboradores?page=2`)
    expect(received?.method).toBe('POST')
    expect(received?.headers.get('cookie')).toBe('fresh=1')
    expect(received?.headers.get('x-uno')).toBe('sí')
  })

  it("hands Remix the browser's own address, never one the browser claims", async () => {
    await fetch(`${base}/`, { headers: { [CLIENT_ADDRESS_HEADER]: '10.0.0.99' } })
    expect(received?.headers.get(CLIENT_ADDRESS_HEADER)).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
  })

  it('sends the status, the headers and every cookie, those set before Remix included', async () => {
    const response = await fetch(`${base}/`)
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await response.text()).toBe('página')
  })

  it('aborts the request when the browser leaves before the answer', async () => {
    const controller = new AbortController()
    const leaving = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => null)
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    await leaving
    await expect(aborted).resolves.toBeUndefined()
  })
})
