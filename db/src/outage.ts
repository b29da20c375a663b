import { sql } from 'drizzle-orm'
import { errorChain, isDatabaseUnavailable } from './errors'
import type { Database } from './executor'

/**
 * The words that say what went wrong: the innermost message of the chain ('Connection terminated
 * unexpectedly', not Drizzle's 'Failed query: rollback' around it), with its code when it has one.
 */
export function errorCause(error: unknown): string {
  const inner = [...errorChain(error)].at(-1)
  if (!inner) return String(error)
  const message = typeof inner.message === 'string' ? inner.message : String(inner)
  return typeof inner.code === 'string' && inner.code ? `${message} (${inner.code})` : message
}

export { isDatabaseUnavailable }

export type OutageLogger = { warn: (message: string, details?: Record<string, unknown>) => void }

export const DATABASE_DOWN = 'Base de datos no disponible: se reintenta hasta que vuelva'
export const DATABASE_UP = 'Base de datos disponible de nuevo'

/** Raised by `waitUntilAvailable` when the database stayed away longer than the caller waits. */
export class DatabaseStillUnavailableError extends Error {
  constructor(waitedMs: number) {
    super(`La base de datos sigue sin responder después de ${Math.round(waitedMs / 1000)} s`)
  }
}

export type DatabaseWatch = {
  /** False from the first failure that was an outage until a probe gets an answer again. */
  readonly available: boolean
  /** Feed any failure: true when it is an outage (the first one of the outage is logged). */
  failed: (error: unknown) => boolean
  /** Resolves once the database answers (at once when it is not known down); rejects after `maxMs`. */
  waitUntilAvailable: (maxMs: number) => Promise<void>
  close: () => void
}

/**
 * One process's view of database outages. A lost database fails every query, each pool connection
 * and every request at once; this turns them into one line when the outage starts (with its cause)
 * and one when it ends, and probes the database every `probeEveryMs` meanwhile so that whoever waits
 * for it (a worker's job) goes on as soon as it is back.
 */
export function watchDatabase(
  db: Database,
  log: OutageLogger,
  { probeEveryMs = 1000 }: { probeEveryMs?: number } = {},
): DatabaseWatch {
  let downSince: number | null = null
  let probe: NodeJS.Timeout | undefined
  let waiters: (() => void)[] = []
  let probing = false

  const recovered = () => {
    clearInterval(probe)
    probe = undefined
    const downMs = Date.now() - (downSince ?? Date.now())
    downSince = null
    log.warn(DATABASE_UP, { downSeconds: Math.round(downMs / 1000) })
    for (const resolve of waiters) resolve()
    waiters = []
  }
  const tryOnce = async () => {
    if (probing) return
    probing = true
    try {
      await db.execute(sql`select 1`)
      if (downSince !== null) recovered()
    } catch {
      // Still down: the next tick asks again.
    } finally {
      probing = false
    }
  }

  return {
    get available() {
      return downSince === null
    },
    failed(error) {
      if (!isDatabaseUnavailable(error)) return false
      if (downSince === null) {
        downSince = Date.now()
        log.warn(DATABASE_DOWN, { error: errorCause(error) })
        probe = setInterval(() => void tryOnce(), probeEveryMs)
        probe.unref()
      }
      return true
    },
    waitUntilAvailable(maxMs) {
      if (downSince === null) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== done)
          reject(new DatabaseStillUnavailableError(maxMs))
        }, maxMs)
        const done = () => {
          clearTimeout(timer)
          resolve()
        }
        waiters.push(done)
      })
    },
    close() {
      clearInterval(probe)
    },
  }
}
