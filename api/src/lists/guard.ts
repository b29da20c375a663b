import type { ServerResponse } from 'node:http'
import { type Executor, isQueryCanceled } from '@planillas/db'
import type { PageQuery } from '@planillas/domain'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type pg from 'pg'
import { HttpError } from '../lib/errors'
import { listConnectionsOf } from './connections'
import { prepareOn } from './prepared'

/** What a list answers when its query ran past the statement timeout (503). */
export const LIST_TIMEOUT_MESSAGE = 'La búsqueda tardó demasiado; afine los filtros'

/**
 * Statement timeout of list queries when the caller gives none; a route's `listPage` gives the API
 * configuration's `listTimeoutMs` (`LIST_TIMEOUT_MS`, read once at start).
 */
export const DEFAULT_LIST_TIMEOUT_MS = 3_000

/** The response of each request in flight, to tell when its client goes away. */
const responseOf = new WeakMap<FastifyRequest, ServerResponse>()

export const listGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    responseOf.set(request, reply.raw)
    done()
  })
})

/**
 * The page a list route was asked for, with the configured statement timeout and a signal aborted
 * when the client closes the connection before the answer is complete: `paged` hands both to
 * `guardedListQuery`, which then cancels the running query. Explicit, not carried by AsyncLocalStorage: that one's promise hooks
 * ran on every promise of every request, about a tenth of a list response's CPU.
 */
export function listPage<Q extends PageQuery>(
  request: FastifyRequest & { query: Q },
): Q & { signal: AbortSignal | undefined; timeoutMs: number } {
  const timeoutMs = request.server.config.listTimeoutMs
  const response = responseOf.get(request)
  if (!response) return { ...request.query, signal: undefined, timeoutMs }
  const controller = new AbortController()
  if (response.destroyed) controller.abort()
  else
    response.once('close', () => {
      if (!response.writableFinished) controller.abort()
    })
  return { ...request.query, signal: controller.signal, timeoutMs }
}

export type ListGuardOptions = { timeoutMs?: number; signal?: AbortSignal }

/** The client went away: nobody reads the answer (nginx's 499). */
export class ListCancelledError extends HttpError {
  constructor() {
    super(499, ['La consulta se canceló porque el cliente cerró la conexión'])
  }
}

/**
 * Runs a list's queries on one list connection (connections.ts): a statement timeout of its own
 * (503 with a Spanish message past it) and every execution of a prepared list query planned for
 * its values (prepared.ts). When the request's signal aborts, the running statement is cancelled.
 * PGlite has one connection and no cancel: there the work just runs.
 */
export async function guardedListQuery<T>(
  db: Executor,
  work: (db: Executor) => Promise<T>,
  options: ListGuardOptions = {},
): Promise<T> {
  const connections = listConnectionsOf(db)
  if (!connections) return work(db)
  const signal = options.signal
  if (signal?.aborted) throw new ListCancelledError()
  const client = await connections.connect(options.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS)
  let finished = false
  let cancelling: Promise<unknown> | undefined
  const cancel = () => {
    if (finished || cancelling) return
    cancelling = connections.cancel(client)
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
