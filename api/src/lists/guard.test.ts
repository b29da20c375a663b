import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { auditLogs, rowsOf } from '@planillas/db'
import type { PageQuery } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { guardedListQuery, LIST_TIMEOUT_MESSAGE, listPage } from './guard'
import { countedRows, type ListPage, paged } from './paging'

// Statement timeouts and cancel requests are PostgreSQL's: these tests need the real server
// (CI has it; DATABASE_URL points elsewhere).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
const { openTestDatabase } = await import('@planillas/testing/database')

const handle = await openTestDatabase()
let app: FastifyInstance
let base: string
const marker = `list_guard_${process.pid}`

/** A list whose page query sleeps: a stand-in for a search that reads a million rows. */
const sleepingList = (seconds: number, page: ListPage = { page: 0, size: 10, signal: undefined }) =>
  paged(
    handle.db,
    page,
    async (db) => {
      await db.execute(sql.raw(`select pg_sleep(${seconds}) /* ${marker} */`))
      return [{ id: 1 }]
    },
    (db) => countedRows(db).from(auditLogs).$dynamic(),
  )

/** Watched from a connection of its own: the pool may be full of sleepers. */
const watcher = new pg.Client({ connectionString: handle.url })
const sleepersRunning = async () =>
  (
    await watcher.query(
      `select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and query not like '%pg_stat_activity%'`,
      [`%${marker} */%`],
    )
  ).rows[0].n as number

beforeAll(async () => {
  await watcher.connect()
  // LIST_TIMEOUT_MS goes through the configuration, as at start, into every route's listPage.
  app = await buildApp({
    db: handle.db,
    config: loadConfig({ jwtSecret: 'test-secret' }, { LIST_TIMEOUT_MS: '200' }),
  })
  app.get<{ Querystring: PageQuery }>('/test/sleeping-list', { config: { public: true } }, async (req) => {
    req.query = { page: 0, size: 10 }
    // Longer than the sleep: this one ends by the client's going away, not by the timeout.
    return sleepingList(30, { ...listPage(req), timeoutMs: 60_000 })
  })
  app.get<{ Querystring: PageQuery }>('/test/slow-list', { config: { public: true } }, async (req) => {
    req.query = { page: 0, size: 10 }
    return sleepingList(5, listPage(req))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await watcher.end()
  await app.close()
  await handle.close()
})

describe('list queries on PostgreSQL', () => {
  it('answer 503 with a Spanish message when they pass the statement timeout', async () => {
    const response = await fetch(`${base}/test/slow-list`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      status: 'ERROR',
      payload: null,
      messages: [LIST_TIMEOUT_MESSAGE],
    })
    expect(await sleepersRunning()).toBe(0)
  })

  it('are cancelled in the database when the client goes away', async () => {
    const request = http.get(`${base}/test/sleeping-list`)
    request.on('error', () => undefined)
    await until(async () => (await sleepersRunning()) === 1)
    request.destroy()
    // pg_sleep(30) would hold its connection for half a minute; the cancel ends it at once.
    await until(async () => (await sleepersRunning()) === 0)
    // The pool's connections still serve the next query.
    expect(rowsOf<{ one: number }>(await handle.db.execute(sql`select 1 as one`))[0].one).toBe(1)
  })

  it('are all cancelled even when they hold every connection of the pool', async () => {
    // The test database's pool has 5 connections: a cancel that needed one of them would wait forever.
    const controllers = Array.from({ length: 5 }, () => new AbortController())
    const lists = controllers.map((controller) =>
      guardedListQuery(handle.db, async (db) => db.execute(sql.raw(`select pg_sleep(30) /* ${marker} */`)), {
        signal: controller.signal,
      }).catch((error: { statusCode?: number }) => error.statusCode),
    )
    await until(async () => (await sleepersRunning()) === 5)
    for (const controller of controllers) controller.abort()
    expect(await Promise.all(lists)).toEqual([499, 499, 499, 499, 499])
    expect(await sleepersRunning()).toBe(0)
  })

  it('run with a statement timeout of their own, not the connection’s', async () => {
    const inside = await guardedListQuery(
      handle.db,
      async (db) =>
        rowsOf<{ statement_timeout: string }>(await db.execute(sql`show statement_timeout`))[0]
          .statement_timeout,
      { timeoutMs: 1234 },
    )
    expect(inside).toBe('1234ms')
    expect(
      rowsOf<{ statement_timeout: string }>(await handle.db.execute(sql`show statement_timeout`))[0]
        .statement_timeout,
    ).toBe('0')
  })

  it('stop before touching the database when the request was already abandoned', async () => {
    const controller = new AbortController()
    controller.abort()
    let ran = false
    await expect(
      guardedListQuery(
        handle.db,
        async () => {
          ran = true
        },
        { signal: controller.signal },
      ),
    ).rejects.toMatchObject({ statusCode: 499 })
    expect(ran).toBe(false)
  })
})

async function until(condition: () => Promise<boolean>, attempts = 200) {
  for (let i = 0; i < attempts; i++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not reached')
}
