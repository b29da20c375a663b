import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'
import type { Executor } from '@planillas/db'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import { HttpError } from './errors'

/** What a list answers when its query ran past the statement timeout (503). */
export const LIST_TIMEOUT_MESSAGE = 'La búsqueda tardó demasiado; afine los filtros'

/** Default statement timeout of list queries; `LIST_TIMEOUT_MS` changes it. */
export const DEFAULT_LIST_TIMEOUT_MS = 3_000

const listTimeoutMs = () => Number(process.env.LIST_TIMEOUT_MS) || DEFAULT_LIST_TIMEOUT_MS

/**
 * The signal of the request being served: aborted when the client goes away before the answer.
 * Carried by AsyncLocalStorage so list queries see it without every route passing it down.
 */
const requestSignal = new AsyncLocalStorage<AbortSignal>()
const scopeOf = new WeakMap<FastifyRequest, AsyncResource>()

/**
 * Gives every request an abort signal (client closed the connection before the response ended).
 * The body parser runs in the socket's async context, so the scope is entered again before
 * validation (as @fastify/request-context does).
 */
export const listGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort()
    })
    requestSignal.run(controller.signal, () => {
      const scope = new AsyncResource('planillas-request')
      scopeOf.set(request, scope)
      scope.runInAsyncScope(done, request.raw)
    })
  })
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopeOf.get(request)
    if (scope) scope.runInAsyncScope(done, request.raw)
    else done()
  })
})

export type ListGuardOptions = { timeoutMs?: number; signal?: AbortSignal }

/** The client went away: nobody reads the answer (nginx's 499). */
export class ListCancelledError extends HttpError {
  constructor() {
    super(499, ['La consulta se canceló porque el cliente cerró la conexión'])
  }
}

/**
 * Runs a list's queries in one read transaction with `statement_timeout` (503 with a Spanish
 * message past it) and cancels the running statement (PostgreSQL's cancel request) when the
 * request's signal aborts. PGlite has one connection and no cancel: there the
 * work just runs.
 */
export async function guardedListQuery<T>(
  db: Executor,
  work: (db: Executor) => Promise<T>,
  options: ListGuardOptions = {},
): Promise<T> {
  if (!isPostgresPool(db)) return work(db)
  const signal = options.signal ?? requestSignal.getStore()
  if (signal?.aborted) throw new ListCancelledError()
  const timeoutMs = options.timeoutMs ?? listTimeoutMs()
  let connection: pg.Client | undefined
  let finished = false
  let cancelling: Promise<unknown> | undefined
  const cancel = () => {
    if (!connection || finished || cancelling) return
    cancelling = sendCancelRequest(connection)
  }
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`)
      connection = clientOf(tx)
      if (signal?.aborted) cancel()
      try {
        return await work(tx)
      } finally {
        finished = true
        // A cancel still on its way must land while this backend is idle in this transaction,
        // never on the next request's query once the connection is back in the pool.
        await cancelling
      }
    })
  } catch (error) {
    if (isQueryCanceled(error)) {
      if (signal?.aborted) throw new ListCancelledError()
      throw new HttpError(503, [LIST_TIMEOUT_MESSAGE])
    }
    throw error
  } finally {
    signal?.removeEventListener('abort', cancel)
  }
}

/**
 * PostgreSQL's own cancel request (a new socket carrying the backend's key, no session and no
 * pool slot: a pool exhausted by the queries to cancel cannot hold it up). Resolves when the
 * server has closed that socket, i.e. has handled the request.
 */
function sendCancelRequest(client: pg.Client): Promise<void> {
  const running = (client as unknown as { activeQuery?: unknown }).activeQuery
  if (!running) return Promise.resolve()
  const canceller = new pg.Client(
    (client as unknown as { connectionParameters: pg.ClientConfig }).connectionParameters,
  )
  return new Promise((resolve) => {
    const connection = (canceller as unknown as { connection: NodeJS.EventEmitter }).connection
    const timer = setTimeout(resolve, 2_000)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    connection.once('end', done)
    connection.once('error', done)
    ;(canceller as unknown as { cancel: (c: pg.Client, q: unknown) => void }).cancel(client, running)
  })
}

/** The node-postgres connection under a drizzle transaction. */
function clientOf(tx: Executor): pg.Client | undefined {
  const client = (tx as { session?: { client?: unknown } }).session?.client
  return client instanceof pg.Client ? client : undefined
}

/** node-postgres' Pool behind a drizzle database (not a transaction, not PGlite). */
function isPostgresPool(db: Executor): boolean {
  const client = (db as { $client?: { totalCount?: unknown; connect?: unknown } }).$client
  return typeof client?.connect === 'function' && typeof client.totalCount === 'number'
}

/** SQLSTATE 57014: statement timeout or cancel request (drizzle wraps the driver's error). */
function isQueryCanceled(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code === '57014') return true
    current = current.cause as typeof current
  }
  return false
}
