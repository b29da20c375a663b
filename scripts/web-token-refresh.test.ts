// Across the tiers: the web tier's refresh middleware against a real API and its database, so it lives
// with the launchers (scripts/ may import every workspace; remix/ never imports db or the API).
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTokenSigner } from '@planillas/api/auth/tokens'
import { signIn } from '@planillas/api/modules/auth/queries'
import { refreshTokens } from '@planillas/db'
import { readTokens, sessionStorage, storeTokens, type Tokens } from '@planillas/remix/app/session.server'
import { tokenRefresh } from '@planillas/remix/server/token-refresh'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let apiUrl: string
let web: Server
let webUrl: string
let apiTarget: string

beforeAll(async () => {
  // Access tokens that live 30 s: always within the middleware's one-minute margin.
  t = await createTestApp({ accessTokenTtlSeconds: 30 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  apiTarget = apiUrl
  const app = express()
  // The refresh middleware, then a stand-in for Remix that reports the tokens it sees.
  app.use((req, res, next) => tokenRefresh(apiTarget)(req, res, next))
  app.get('/', async (req, res) => {
    res.json({ tokens: readTokens(await sessionStorage.getSession(req.headers.cookie)) })
  })
  web = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise((resolve) => web?.close(resolve))
  await t?.close()
})

async function cookieWith(tokens: Tokens) {
  const session = await sessionStorage.getSession()
  storeTokens(session, tokens)
  return `otra=1; ${(await sessionStorage.commitSession(session)).split(';')[0]}`
}

async function visit(cookie: string) {
  const response = await fetch(webUrl, { headers: { cookie } })
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('__planillas='))
  const seen = ((await response.json()) as { tokens: Tokens | null }).tokens
  const sent = setCookie ? readTokens(await sessionStorage.getSession(setCookie.split(';')[0])) : undefined
  return { seen, sent, setCookie }
}

const deps = () => ({ tokens: t.app.tokens, refreshTokenTtlDays: 7 })
const identity = { subject: 's-1', email: 'lector@planillas.pe', name: 'Luis Lector', roles: ['dashboard'] }

describe('token refresh middleware', () => {
  it('rotates a token about to expire; this request and the browser both get the new pair', async () => {
    const original = await signIn(t.handle.db, deps(), identity)
    const { seen, sent } = await visit(await cookieWith(original))
    expect(seen?.refreshToken).toBeTruthy()
    expect(seen?.refreshToken).not.toBe(original.refreshToken)
    expect(sent).toEqual(seen)
    const rotated = await t.handle.db.select().from(refreshTokens)
    expect(rotated.filter((r) => r.replacedById !== null)).toHaveLength(1)
  })

  it('leaves a token with time left alone', async () => {
    const fresh = {
      accessToken: await createTokenSigner('otro', 900).sign({ id: 1, sessionId: 1, ...identity }),
      refreshToken: 'sin-uso',
    }
    const { seen, setCookie } = await visit(await cookieWith(fresh))
    expect(setCookie).toBeUndefined()
    expect(seen).toEqual(fresh)
  })

  it('clears the tokens when the API refuses the refresh token', async () => {
    const original = await signIn(t.handle.db, deps(), identity)
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: original.refreshToken },
    })
    const { seen, sent, setCookie } = await visit(await cookieWith(original))
    expect(setCookie).toBeDefined()
    expect(seen).toBeNull()
    expect(sent).toBeNull()
  })

  it('keeps the session as it is when the API cannot be reached', async () => {
    const original = await signIn(t.handle.db, deps(), identity)
    apiTarget = 'http://127.0.0.1:9'
    try {
      const { seen, setCookie } = await visit(await cookieWith(original))
      expect(setCookie).toBeUndefined()
      expect(seen).toEqual(original)
    } finally {
      apiTarget = apiUrl
    }
  })
})
