import type { ServerResponse } from 'node:http'
import { type Executor, isQueryCanceled } from '@planillas/db'
import type { PageQuery } from '@planillas/domain'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import { HttpError } from './errors'
import { prepareOn } from './prepared'

/** What a list answers when its query ran past the statement timeout (503). */
export const LIST_TIMEOUT_MESSAGE = 'La búsqueda tardó demasiado; afine los filtros'

/** Default statement timeout of list queries; `LIST_TIMEOUT_MS` changes it. */
export const DEFAULT_LIST_TIMEOUT_MS = 3_000

const listTimeoutMs = () => Number(process.env.LIST_TIMEOUT_MS) || DEFAULT_LIST_TIMEOUT_MS

/** The response of each request in flight, to tell when its client goes away. */
const responseOf = new WeakMap<FastifyRequest, ServerResponse>()

export const listGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    responseOf.set(request, reply.raw)
    done()
  })
})

/**
 * The page a list route was asked for, with a signal aborted when the client closes the
 * connection before the answer is complete: `paged` hands it to `guardedListQuery`, which then
 * cancels the running query. Explicit, not carried by AsyncLocalStorage: that one's promise hooks
 * ran on every promise of every request, about a tenth of a list response's CPU (issue 12).
 */
export function listPage<Q extends PageQuery>(
  request: FastifyRequest & { query: Q },
): Q & { signal: AbortSignal | undefined } {
  const response = responseOf.get(request)
  if (!response) return { ...request.query, signal: undefined }
  const controller = new AbortController()
  if (response.destroyed) controller.abort()
  else
    response.once('close', () => {
      if (!response.writableFinished) controller.abort()
    })
  return { ...request.query, signal: controller.signal }
}

export type ListGuardOptions = { timeoutMs?: number; signal?: AbortSignal }

/** The client went away: nobody reads the answer (nginx's 499). */
export class ListCancelledError extends HttpError {
  constructor() {
    super(499, ['La consulta se canceló porque el cliente cerró la conexión'])
  }
}

/**
 * Runs a list's queries on one connection of a list pool whose sessions have `statement_timeout`
 * (503 with a Spanish message past it) and plan every execution of a prepared list query
 * (prepared.ts), and cancels the running statement (PostgreSQL's cancel request) when the
 * request's signal aborts. The timeout is a connection parameter, not a
 * `SET LOCAL` in a transaction: BEGIN, SET and COMMIT were three more round trips per page.
 * PGlite has one connection and no cancel: there the work just runs.
 */
export async function guardedListQuery<T>(
  db: Executor,
  work: (db: Executor) => Promise<T>,
  options: ListGuardOptions = {},
): Promise<T> {
  const pool = postgresPoolOf(db)
  if (!pool) return work(db)
  const signal = options.signal
  if (signal?.aborted) throw new ListCancelledError()
  const client = await listPool(pool, options.timeoutMs ?? listTimeoutMs()).connect()
  let finished = false
  let cancelling: Promise<unknown> | undefined
  const cancel = () => {
    if (finished || cancelling) return
    cancelling = sendCancelRequest(client as unknown as pg.Client)
  }
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    if (signal?.aborted) throw new ListCancelledError()
    return await work(drizzleOn(client))
  } catch (error) {
    if (isQueryCanceled(error)) {
      if (signal?.aborted) throw new ListCancelledError()
      throw new HttpError(503, [LIST_TIMEOUT_MESSAGE])
    }
    throw error
  } finally {
    finished = true
    signal?.removeEventListener('abort', cancel)
    // A cancel still on its way must be handled before the connection serves another request.
    await cancelling
    client.release()
  }
}

/** One list pool per database pool and timeout, as large as the database pool. */
const listPools = new WeakMap<pg.Pool, Map<number, pg.Pool>>()
function listPool(pool: pg.Pool, timeoutMs: number): pg.Pool {
  let byTimeout = listPools.get(pool)
  if (!byTimeout) {
    byTimeout = new Map()
    listPools.set(pool, byTimeout)
    const pools = byTimeout
    // Ends with the database pool (tests and shutdown close only that one).
    const end = pool.end.bind(pool)
    pool.end = (async () => {
      await Promise.all([...pools.values()].map((p) => p.end()))
      return end()
    }) as typeof pool.end
  }
  let found = byTimeout.get(timeoutMs)
  if (!found) {
    const config = pool.options as pg.PoolConfig
    found = new pg.Pool({
      ...config,
      statement_timeout: timeoutMs,
      // List queries are prepared once per shape (prepared.ts) and planned for every execution's
      // own values: a generic plan made for a common word would walk the whole table for a rare one.
      options: [config.options, '-c plan_cache_mode=force_custom_plan'].filter(Boolean).join(' '),
    })
    found.on('error', () => undefined)
    byTimeout.set(timeoutMs, found)
  }
  return found
}

/** A drizzle executor on a checked-out connection, made once per connection. */
const executors = new WeakMap<pg.PoolClient, Executor>()
function drizzleOn(client: pg.PoolClient): Executor {
  let executor = executors.get(client)
  if (!executor) {
    executor = drizzle(client, { casing: 'snake_case' }) as unknown as Executor
    executors.set(client, executor)
    prepareOn(executor)
  }
  return executor
}

/**
 * PostgreSQL's own cancel request (a new socket carrying the backend's key, no session and no
 * pool slot: a pool exhausted by the queries to cancel cannot hold it up). Resolves when the
 * server has closed that socket, i.e. has handled the request.
 */
function sendCancelRequest(client: pg.Client): Promise<void> {
  const internals = client as unknown as {
    _activeQuery: unknown
    processID: number
    secretKey: number
    host: string
    port: number
  }
  if (!internals._activeQuery) return Promise.resolve()
  const connection = (new pg.Client() as unknown as { connection: CancelConnection }).connection
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2_000)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    connection.once('end', done)
    connection.once('error', done)
    connection.once('connect', () => connection.cancel(internals.processID, internals.secretKey))
    if (internals.host.startsWith('/')) connection.connect(`${internals.host}/.s.PGSQL.${internals.port}`)
    else connection.connect(internals.port, internals.host)
  })
}

/** The part of node-postgres' Connection a cancel request uses (what `Client#cancel` does). */
type CancelConnection = NodeJS.EventEmitter & {
  connect: (portOrPath: number | string, host?: string) => void
  cancel: (processID: number, secretKey: number) => void
}

/** node-postgres' Pool behind a drizzle database (not a transaction, not PGlite). */
function postgresPoolOf(db: Executor): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : undefined
}
