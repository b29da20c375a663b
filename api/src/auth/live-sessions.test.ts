import { openDatabase, refreshTokens, rowsOf, users } from '@planillas/db'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { revoke } from '../modules/auth/queries'
import { liveSessionCacheOf, SESSION_REVOKED_CHANNEL } from './live-sessions'
import { openSession, revokeSession } from './sessions'
import { newRefreshToken } from './tokens'

// LISTEN/NOTIFY between processes is PostgreSQL's: these tests need the real server (CI has it).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
const { openTestDatabase } = await import('@planillas/testing/database')

// Two API processes on one database: `first` on the test handle, `second` on a pool of its own.
const handle = await openTestDatabase()
const other = await openDatabase({ url: handle.url as string, directUrl: handle.directUrl, poolSize: 2 })
const config = loadConfig({ jwtSecret: 'test-secret' })
let first: FastifyInstance
let second: FastifyInstance

beforeAll(async () => {
  first = await buildApp({ db: handle.db, config })
  second = await buildApp({ db: other.db, config })
})

afterAll(async () => {
  await first.close()
  await second.close()
  await other.close()
  await handle.close()
})

async function signedIn(email: string) {
  const [user] = await handle.db
    .insert(users)
    .values({ email, name: email, roles: ['dashboard'] })
    .onConflictDoUpdate({ target: users.email, set: { roles: ['dashboard'] } })
    .returning()
  const sessionId = await openSession(handle.db, user.id, email)
  const token = await first.tokens.sign({ id: user.id, email, name: email, roles: user.roles, sessionId })
  return { sessionId, headers: { authorization: `Bearer ${token}` } }
}

const me = async (app: FastifyInstance, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).statusCode

/** Until the LISTEN connection of that database pool is up (it starts with the first check). */
async function listening(db: typeof handle.db) {
  for (let i = 0; i < 100 && !liveSessionCacheOf(db)?.active; i++) await new Promise((r) => setTimeout(r, 20))
  expect(liveSessionCacheOf(db)?.active).toBe(true)
}

/** Polls for up to two seconds: a notification crosses to the other process in milliseconds. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return false
}

const revokeBySql = (sessionId: number) =>
  handle.db.execute(sql`update auth_sessions set revoked_at = now() where id = ${sessionId}`)

describe('the session check remembers live sessions (PostgreSQL)', () => {
  it('forgets at once in the process that logs out, before any notification', async () => {
    const { sessionId, headers } = await signedIn('jose@planillas.pe')
    const [user] = await handle.db.select().from(users).where(sql`email = 'jose@planillas.pe'`)
    const refresh = newRefreshToken()
    await handle.db.insert(refreshTokens).values({
      userId: user.id,
      sessionId,
      tokenHash: refresh.hash,
      roles: user.roles,
      expiresAt: new Date(Date.now() + 60_000),
    })
    await listening(handle.db)
    expect(await me(first, headers)).toBe(200)
    expect(liveSessionCacheOf(handle.db)?.has(sessionId, user.id)).toBe(true)
    await revoke(handle.db, refresh.token)
    expect(liveSessionCacheOf(handle.db)?.has(sessionId, user.id)).toBe(false)
    expect(await me(first, headers)).toBe(401)
  })

  it('refuses a remembered live session to a token of another user', async () => {
    const owner = await signedIn('dueno@planillas.pe')
    const [intruder] = await handle.db
      .insert(users)
      .values({ email: 'intruso@planillas.pe', name: 'Intruso', roles: ['dashboard'] })
      .returning()
    await listening(handle.db)
    expect(await me(first, owner.headers)).toBe(200)
    expect(liveSessionCacheOf(handle.db)?.has(owner.sessionId, intruder.id)).toBe(false)
    const token = await first.tokens.sign({
      id: intruder.id,
      email: intruder.email,
      name: intruder.name,
      roles: intruder.roles,
      sessionId: owner.sessionId,
    })
    expect(await me(first, { authorization: `Bearer ${token}` })).toBe(401)
    expect(await me(first, owner.headers)).toBe(200)
  })

  it('stops accepting a revoked session in every process once the revocation commits', async () => {
    const { sessionId, headers } = await signedIn('ana@planillas.pe')
    expect(await me(first, headers)).toBe(200)
    expect(await me(second, headers)).toBe(200)
    await listening(handle.db)
    await listening(other.db)
    expect(await me(first, headers)).toBe(200)
    expect(await me(second, headers)).toBe(200)
    // A logout elsewhere: the revoking transaction's NOTIFY reaches both pools.
    await handle.db.transaction((tx) => revokeSession(tx, sessionId))
    expect(await eventually(async () => (await me(second, headers)) === 401)).toBe(true)
    expect(await eventually(async () => (await me(first, headers)) === 401)).toBe(true)
  })

  it('answers from memory while listening, and reads the database again on any notification', async () => {
    const { sessionId, headers } = await signedIn('luis@planillas.pe')
    await listening(other.db)
    expect(await me(second, headers)).toBe(200)
    // Revoked by hand in SQL, without the announcement: the remembered answer still stands
    // (the round trip it saves is the point)…
    await revokeBySql(sessionId)
    expect(await me(second, headers)).toBe(200)
    // …until any revocation is announced: everything remembered is forgotten.
    await handle.db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, '')`)
    expect(await eventually(async () => (await me(second, headers)) === 401)).toBe(true)
  })

  it('remembers nothing while the LISTEN connection is down, and listens again', async () => {
    const { sessionId, headers } = await signedIn('rosa@planillas.pe')
    await listening(other.db)
    expect(await me(second, headers)).toBe(200)
    const listeners = rowsOf<{ pid: number }>(
      await handle.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${SESSION_REVOKED_CHANNEL}`}`,
      ),
    )
    expect(listeners.length).toBe(2)
    for (const { pid } of listeners) await handle.db.execute(sql`select pg_terminate_backend(${pid})`)
    expect(await eventually(async () => liveSessionCacheOf(other.db)?.active === false)).toBe(true)
    // Not listening: a revocation nobody announced is seen at once, from the database.
    await revokeBySql(sessionId)
    expect(await me(second, headers)).toBe(401)
    // Back after a second, empty.
    await listening(other.db)
    const again = await signedIn('rosa@planillas.pe')
    expect(await me(second, again.headers)).toBe(200)
    expect(await me(second, headers)).toBe(401)
  })
})
