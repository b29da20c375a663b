import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokenFor, sessionCookieWith } from '../app/session-cookie.test-support'
import { replaceCookie, tokenRefresh } from './token-refresh'

describe('replaceCookie', () => {
  it('swaps one cookie and keeps the others', () => {
    expect(replaceCookie('a=1; __planillas=viejo; b=2', '__planillas', '__planillas=nuevo')).toBe(
      'a=1; b=2; __planillas=nuevo',
    )
    expect(replaceCookie('__planillas_oidc=x', '__planillas', '__planillas=n')).toBe(
      '__planillas_oidc=x; __planillas=n',
    )
  })
})

/** An access token (only its claims are read) that expires in `seconds`. */
const tokenExpiringIn = (seconds: number, email = 'ana@planillas.pe') =>
  accessTokenFor({ email, name: 'Ana', roles: [] }, seconds)

const servers: Server[] = []
let web = ''
let apiAddress = ''
let refreshes = 0

beforeAll(async () => {
  const api = createServer((_req, res) => {
    refreshes++
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ payload: { accessToken: tokenExpiringIn(900), refreshToken: 'r2' } }))
  })
  const app = express()
  const listen = (server: Server) =>
    new Promise<string>((resolve) => {
      servers.push(server)
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      )
    })
  apiAddress = await listen(api)
  app.use(tokenRefresh(apiAddress))
  app.get('/', (req, res) => res.send(req.headers.cookie ?? ''))
  web = await listen(createServer(app))
})
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))))

const visit = (cookie: string) => fetch(web, { headers: { cookie } })

describe('tokenRefresh', () => {
  it('leaves a session with time left alone, however often it comes', async () => {
    const cookie = await sessionCookieWith(tokenExpiringIn(900))
    for (let i = 0; i < 3; i++) {
      const response = await visit(cookie)
      expect(response.headers.getSetCookie()).toEqual([])
      expect(await response.text()).toBe(cookie)
    }
    expect(refreshes).toBe(0)
  })

  it('rotates a token about to expire, on every request that still carries it', async () => {
    const dying = await sessionCookieWith(tokenExpiringIn(30, 'beto@planillas.pe'))
    for (const expected of [1, 2]) {
      const response = await visit(`otra=1; ${dying}`)
      const [fresh] = response.headers.getSetCookie()
      expect(fresh).toMatch(/^__planillas=/)
      // The loaders of this request already see the new cookie.
      expect(await response.text()).toBe(`otra=1; ${fresh.split(';')[0]}`)
      expect(refreshes).toBe(expected)
    }
  })

  it('goes to the next API address when the first refuses the connection (API_URL with several)', async () => {
    // An address nothing listens on: a port taken and given back.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))
    const app = express()
    app.use(tokenRefresh(`${gone},${apiAddress}`))
    app.get('/', (req, res) => res.send(req.headers.cookie ?? ''))
    const server = createServer(app)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const before = refreshes
    const dying = await sessionCookieWith(tokenExpiringIn(30, 'carla@planillas.pe'))
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      headers: { cookie: dying },
    })
    expect(response.headers.getSetCookie()[0]).toMatch(/^__planillas=/)
    expect(refreshes).toBe(before + 1)
  })
})
