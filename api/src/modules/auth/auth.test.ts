import { refreshTokens, users } from '@planillas/db'
import { type DevIdp, startDevIdp } from '@planillas/dev-idp'
import { signInThroughProvider } from '@planillas/dev-idp/sign-in-client'
import { DEMO_ROLES } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic'
import { eq, sql } from 'drizzle-orm'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rolesClaim } from '../../auth/oidc'
import { signIn } from './queries'

const WEB_URL = 'http://localhost:3999'
const REDIRECT_URI = `${WEB_URL}/login/callback`
let idp: DevIdp
let t: TestApp

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, webUrls: [WEB_URL] })
  t = await createTestApp({
    oidc: {
      issuer: idp.issuer,
      clientId: 'planillas-web',
      clientSecret: 'planillas-dev-secret',
      redirectUri: REDIRECT_URI,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

/** A real authorization code from the development provider, as the web tier would get it. */
async function authorize(email: string, password: string) {
  const discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()
  const codeVerifier = generateCodeVerifier()
  const state = generateState()
  const nonce = generateState()
  const client = new OAuth2Client('planillas-web', null, REDIRECT_URI)
  const url = client.createAuthorizationURLWithPKCE(
    discovery.authorization_endpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ['openid', 'profile', 'email'],
  )
  url.searchParams.set('nonce', nonce)
  const result = await signInThroughProvider(url.toString(), email, password)
  expect(result.state).toBe(state)
  return { code: result.code, codeVerifier, nonce, redirectUri: REDIRECT_URI }
}

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })

async function signInAs(email: string, password: string) {
  const response = await post('/api/v1/auth', await authorize(email, password))
  expect(response.statusCode).toBe(200)
  return response.json().payload as { accessToken: string; refreshToken: string }
}

describe('sign-in through the development provider', () => {
  it('exchanges a real code, upserts the user, audits the LOGIN and answers a working token pair', async () => {
    const tokens = await signInAs('rrhh@planillas.pe', 'rrhh')
    expect(tokens.refreshToken).toMatch(/^[\w-]{40,}$/)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(tokens.accessToken),
    })
    expect(me.json().payload).toEqual({
      email: 'rrhh@planillas.pe',
      name: 'Rosa Recursos Humanos',
      roles: [...DEMO_ROLES.rrhh],
    })
    const valid = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/token',
      headers: bearer(tokens.accessToken),
    })
    expect(valid.json().payload).toEqual({ valid: true })

    const [user] = await t.handle.db.select().from(users).where(eq(users.email, 'rrhh@planillas.pe'))
    expect(user.subject).toBe('demo-rrhh')
    expect(user.lastLoginAt).toBeInstanceOf(Date)
    const [stored] = await t.handle.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))
    expect(stored.tokenHash).not.toBe(tokens.refreshToken)

    const audit = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/audit-logs/list',
      payload: { search: 'rrhh@' },
    })
    expect(
      audit.body.payload.content.map((r: { action: string; actor: string }) => [r.action, r.actor]),
    ).toEqual([['LOGIN', 'rrhh@planillas.pe']])
  })

  it('refuses a code used twice and a nonce that does not match, in Spanish', async () => {
    const grant = await authorize('lector@planillas.pe', 'lector')
    expect((await post('/api/v1/auth', grant)).statusCode).toBe(200)
    const again = await post('/api/v1/auth', grant)
    expect(again.statusCode).toBe(401)
    expect(again.json().messages).toEqual([
      'El código de autorización no es válido o ya fue usado, por favor inicie sesión nuevamente',
    ])
    const forged = await post('/api/v1/auth', {
      ...(await authorize('lector@planillas.pe', 'lector')),
      nonce: 'otro',
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().messages).toEqual([
      'No se pudo verificar la identidad del usuario, por favor intente nuevamente',
    ])
  })

  it('answers 400 with one message per missing field', async () => {
    const response = await post('/api/v1/auth', { code: ' ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().messages).toEqual([
      'El código de autorización es requerido',
      'El verificador PKCE es requerido',
      'El nonce es requerido',
    ])
  })

  it("takes the roles from the user's row when the provider sends no roles claim", async () => {
    await t.handle.db
      .insert(users)
      .values({ email: 'sinrol@planillas.pe', name: 'Sin Claim', roles: ['dashboard', 'areas_lista'] })
    const deps = { tokens: t.app.tokens, refreshTokenTtlDays: 7 }
    const pair = await signIn(t.handle.db, deps, {
      subject: 'x-1',
      email: 'sinrol@planillas.pe',
      name: 'Sin Claim',
    })
    expect((await t.app.tokens.verify(pair.accessToken))?.roles).toEqual(['dashboard', 'areas_lista'])
  })
})

describe('the roles claim', () => {
  it.each([
    [
      ['dashboard', 'areas_lista'],
      ['dashboard', 'areas_lista'],
    ],
    ['dashboard areas_lista', ['dashboard', 'areas_lista']],
    ['  dashboard   areas_lista\tcargos_lista ', ['dashboard', 'areas_lista', 'cargos_lista']],
    ['dashboard', ['dashboard']],
    ['', []],
    [[], []],
  ])('reads %j as %j', (claim, roles) => {
    expect(rolesClaim(claim)).toEqual(roles)
  })

  it('is absent when the provider sends none (the stored roles stay)', () => {
    expect(rolesClaim(undefined)).toBeUndefined()
    expect(rolesClaim(null)).toBeUndefined()
  })

  it("replaces the stored roles when present, string or array: an admin the provider calls 'dashboard' is not an admin", async () => {
    const deps = { tokens: t.app.tokens, refreshTokenTtlDays: 7 }
    await t.handle.db
      .insert(users)
      .values({ email: 'jefa@planillas.pe', name: 'Jefa', roles: [...DEMO_ROLES.admin] })
    const identity = { subject: 'j-1', email: 'jefa@planillas.pe', name: 'Jefa' }
    const fromString = await signIn(t.handle.db, deps, { ...identity, roles: rolesClaim('dashboard') })
    expect((await t.app.tokens.verify(fromString.accessToken))?.roles).toEqual(['dashboard'])
    const fromArray = await signIn(t.handle.db, deps, {
      ...identity,
      roles: rolesClaim(['dashboard', 'auditoria_lista']),
    })
    expect((await t.app.tokens.verify(fromArray.accessToken))?.roles).toEqual([
      'dashboard',
      'auditoria_lista',
    ])
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'jefa@planillas.pe'))
    expect(row.roles).toEqual(['dashboard', 'auditoria_lista'])
  })
})

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) => post('/api/v1/auth/refresh-token', { refreshToken })

  it('rotates: the new pair works, carries the roles over, and the old token is revoked', async () => {
    const first = await signInAs('auditor@planillas.pe', 'auditor')
    const rotated = await refresh(first.refreshToken)
    expect(rotated.statusCode).toBe(200)
    const second = rotated.json().payload
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect((await t.app.tokens.verify(second.accessToken))?.roles).toEqual([...DEMO_ROLES.auditor])
    expect((await refresh(second.refreshToken)).statusCode).toBe(200)
  })

  it('gives parallel requests with the same token fresh pairs, and treats a late reuse as theft', async () => {
    const first = await signInAs('admin@planillas.pe', 'admin')
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().payload.refreshToken).not.toBe(b.json().payload.refreshToken)

    // 31 seconds later the rotated token comes back: someone else holds it.
    await t.handle.db.execute(
      sql`update refresh_tokens set revoked_at = now() - interval '31 seconds' where revoked_at is not null and replaced_by_id is not null`,
    )
    const stolen = await refresh(first.refreshToken)
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().messages).toEqual([
      'Su sesión fue cerrada por seguridad, por favor inicie sesión nuevamente',
    ])
    // Every session of that user is gone, the legitimate ones included, access tokens and all.
    expect((await refresh(a.json().payload.refreshToken)).statusCode).toBe(401)
    expect((await refresh(b.json().payload.refreshToken)).statusCode).toBe(401)
    expect((await me(a.json().payload.accessToken)).statusCode).toBe(401)
    expect((await me(first.accessToken)).statusCode).toBe(401)
  })

  it("carries the user's roles as they are now: a role removed is gone at the next refresh", async () => {
    const first = await signInAs('lector@planillas.pe', 'lector')
    await t.handle.db
      .update(users)
      .set({ roles: ['dashboard', 'areas_lista'] })
      .where(eq(users.email, 'lector@planillas.pe'))
    const rotated = await refresh(first.refreshToken)
    expect(rotated.statusCode).toBe(200)
    expect((await me(rotated.json().payload.accessToken)).json().payload.roles).toEqual([
      'dashboard',
      'areas_lista',
    ])
    const employees = await t.app.inject({
      method: 'GET',
      url: '/api/v1/employees',
      headers: bearer(rotated.json().payload.accessToken),
    })
    expect(employees.statusCode).toBe(403)
  })

  it('refuses an access token that names no session (issued before sessions existed)', async () => {
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, 'lector@planillas.pe'))
    const legacy = await new SignJWT({ email: user.email, name: user.name, roles: user.roles })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('planillas-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('test-secret'))
    expect((await me(legacy)).statusCode).toBe(401)
  })

  it("refuses a token that names another user's live session (a forged token cannot borrow it)", async () => {
    const lector = await signInAs('lector@planillas.pe', 'lector')
    const admin = await signInAs('admin@planillas.pe', 'admin')
    const sid = (token: string) => decodeJwt(token).sid as number
    const [ana] = await t.handle.db.select().from(users).where(eq(users.email, 'admin@planillas.pe'))
    const forge = (sessionId: number) =>
      new SignJWT({ email: ana.email, name: ana.name, roles: ana.roles, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(ana.id))
        .setIssuer('planillas-api')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('test-secret'))
    // The lector's session is live (their own token works, and works again once remembered).
    expect((await me(lector.accessToken)).statusCode).toBe(200)
    expect((await me(lector.accessToken)).statusCode).toBe(200)
    const borrowed = await forge(sid(lector.accessToken))
    expect((await me(borrowed)).statusCode).toBe(401)
    const employees = await t.app.inject({
      method: 'GET',
      url: '/api/v1/employees',
      headers: bearer(borrowed),
    })
    expect(employees.statusCode).toBe(401)
    // The same claims with Ana's own session are hers.
    expect((await me(await forge(sid(admin.accessToken)))).statusCode).toBe(200)
  })

  it('refuses an unknown token and an expired one', async () => {
    expect((await refresh('no-existe')).statusCode).toBe(401)
    const tokens = await signInAs('lector@planillas.pe', 'lector')
    await t.handle.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second'`)
    const expired = await refresh(tokens.refreshToken)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().messages).toEqual(['Su sesión ha expirado, por favor inicie sesión nuevamente'])
  })
})

describe('logout', () => {
  it('revokes the refresh token: it cannot be rotated afterwards', async () => {
    const tokens = await signInAs('rrhh@planillas.pe', 'rrhh')
    expect((await me(tokens.accessToken)).statusCode).toBe(200)
    const out = await post('/api/v1/auth/logout', { refreshToken: tokens.refreshToken })
    expect(out.statusCode).toBe(200)
    expect(out.json().messages).toEqual(['Sesión cerrada correctamente'])
    // The provider's ID token of that sign-in, for the provider's own logout.
    const hint = out.json().payload.idTokenHint
    expect(decodeJwt(hint)).toMatchObject({ aud: 'planillas-web', email: 'rrhh@planillas.pe' })
    const after = await post('/api/v1/auth/refresh-token', { refreshToken: tokens.refreshToken })
    expect(after.statusCode).toBe(401)
    expect(after.json().messages).toEqual(['Su sesión ha expirado, por favor inicie sesión nuevamente'])
  })

  it('ends the access token at once, and only that session', async () => {
    const other = await signInAs('rrhh@planillas.pe', 'rrhh')
    const tokens = await signInAs('rrhh@planillas.pe', 'rrhh')
    // A rotation just before logout: the session ends whichever token of it is presented.
    const rotated = (await post('/api/v1/auth/refresh-token', { refreshToken: tokens.refreshToken })).json()
      .payload
    expect((await post('/api/v1/auth/logout', { refreshToken: tokens.refreshToken })).statusCode).toBe(200)
    expect((await me(tokens.accessToken)).statusCode).toBe(401)
    expect((await me(rotated.accessToken)).statusCode).toBe(401)
    expect(
      (await post('/api/v1/auth/refresh-token', { refreshToken: rotated.refreshToken })).statusCode,
    ).toBe(401)
    expect((await me(other.accessToken)).statusCode).toBe(200)
  })

  it('serves the OpenAPI document without a token, sign-in routes included', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(docs.statusCode).toBe(200)
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/', '/api/v1/auth/refresh-token', '/api/v1/auth/logout']),
    )
  })

  it('asks for a token to answer /auth/me', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401)
  })
})
