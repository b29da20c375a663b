import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webOriginCheck } from './origin-check'

const WEB_URL = 'http://localhost:4321'
let servers: Server[] = []
let configured: string
let hostOnly: string
let actions = 0

/** The check in front of a stand-in for Remix that counts the actions it runs. */
async function serve(webUrl: string | undefined): Promise<string> {
  const app = express()
  app.use(webOriginCheck(webUrl))
  app.all('*', (_req, res) => {
    actions++
    res.set('Set-Cookie', '__planillas=nuevo').send('ok')
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  configured = await serve(WEB_URL)
  hostOnly = await serve(undefined)
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  servers = []
})

async function post(base: string, path: string, headers: Record<string, string>) {
  const before = actions
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: 'description=Intrusa',
    redirect: 'manual',
  })
  return { response, ran: actions > before, body: await response.text() }
}

describe('web origin check', () => {
  it.each([
    ['a form post', '/areas/crear'],
    ['a legacy ?_data= post', '/areas/crear?_data=routes%2Fareas.crear'],
    ['a single-fetch .data post', '/areas/crear.data'],
    ['a status change', '/estado/areas/1?status=0&_data=routes%2Festado.%24resource.%24id'],
  ])('refuses %s from another origin with a Spanish 403 that keeps the session', async (_, path) => {
    const { response, ran, body } = await post(configured, path, { Origin: 'http://evil.example' })
    expect(response.status).toBe(403)
    expect(ran).toBe(false)
    expect(body).toContain('Solicitud rechazada')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it.each([
    ['Origin: null', { Origin: 'null' }],
    ['another port of our host', { Origin: 'http://localhost:9999' }],
    ['no Origin but a foreign Referer', { Referer: 'http://evil.example/trampa' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses %s', async (_, headers) => {
    const { response, ran } = await post(configured, '/areas/crear?_data=routes%2Fareas.crear', headers)
    expect(response.status).toBe(403)
    expect(ran).toBe(false)
  })

  it.each(['PUT', 'DELETE', 'PATCH'])('refuses a foreign %s too', async (method) => {
    const before = actions
    const response = await fetch(`${configured}/areas/1`, {
      method,
      headers: { Origin: 'http://evil.example' },
    })
    expect(response.status).toBe(403)
    expect(actions).toBe(before)
  })

  it.each([
    ['a form post from our page', { Origin: WEB_URL, 'Sec-Fetch-Site': 'same-origin' }],
    ['a post with only our Referer', { Referer: `${WEB_URL}/areas/crear` }],
    ['a post without any origin header (not a browser)', {}],
  ])('lets %s through', async (_, headers) => {
    const { response, ran } = await post(configured, '/areas/crear.data', headers)
    expect(response.status).toBe(200)
    expect(ran).toBe(true)
  })

  it('lets reads through whatever their origin', async () => {
    const response = await fetch(`${configured}/areas?_data=routes%2Fareas._index`, {
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(response.status).toBe(200)
  })

  it("without WEB_URL, compares with the request's own Host", async () => {
    expect((await post(hostOnly, '/areas/crear', { Origin: hostOnly })).response.status).toBe(200)
    expect((await post(hostOnly, '/areas/crear', { Origin: 'http://evil.example' })).response.status).toBe(
      403,
    )
    expect((await post(hostOnly, '/areas/crear', { Referer: 'http://evil.example/' })).response.status).toBe(
      403,
    )
  })
})
