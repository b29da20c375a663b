import { closeWithDatabase, type Database, directConnectionConfig, type Executor } from '@planillas/db'
import pg from 'pg'

/**
 * The connections list queries run on, beside a database's own pool: sessions with a
 * `statement_timeout` (a connection parameter, not a `SET LOCAL` in a transaction: BEGIN, SET and
 * COMMIT were three more round trips per page) whose prepared list queries are planned for every
 * execution's values (`plan_cache_mode = force_custom_plan`: a generic plan made for a common word
 * would walk the whole table for a rare one, prepared.ts). One pool per timeout, as large as the
 * database's pool, closed with the database (`closeWithDatabase`).
 *
 * A running list query is cancelled with `pg_cancel_backend` sent on a connection of a small pool
 * of its own: list queries that hold every list connection (the ones to cancel) cannot hold up
 * their cancel, and nothing of the driver's internals is needed, only the backend's pid.
 */
export class ListConnections {
  private readonly byTimeout = new Map<number, pg.Pool>()
  /** The backend pid of each list connection, asked once, before its first statement. */
  private readonly pids = new WeakMap<pg.ClientBase, number | undefined>()
  private canceller: pg.Pool | undefined

  constructor(private readonly config: pg.PoolConfig) {}

  /** A connection whose statements stop after `timeoutMs` (SQLSTATE 57014); release it when done. */
  async connect(timeoutMs: number): Promise<pg.PoolClient> {
    const client = await this.poolFor(timeoutMs).connect()
    // A new connection: its pid first, awaited, so that no statement is sent while another runs
    // on the same connection (node-postgres queues them today and will refuse them in version 9).
    if (!this.pids.has(client)) {
      const pid = await client
        .query<{ pid: number }>('select pg_backend_pid() as pid')
        .then((result) => result.rows[0]?.pid)
        .catch(() => undefined)
      this.pids.set(client, pid)
    }
    return client
  }

  /**
   * Cancels the statement `client` is running, if any (a cancel reaching an idle session does
   * nothing). Resolves once PostgreSQL has signalled the backend, or after two seconds.
   */
  async cancel(client: pg.ClientBase): Promise<void> {
    const pid = this.pids.get(client)
    if (pid === undefined) return
    this.canceller ??= this.newPool({ max: 2, allowExitOnIdle: true })
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      this.canceller.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 2_000)
      }),
    ])
    clearTimeout(timer)
  }

  async close(): Promise<void> {
    const pools = [...this.byTimeout.values(), ...(this.canceller ? [this.canceller] : [])]
    this.byTimeout.clear()
    this.canceller = undefined
    await Promise.allSettled(pools.map((pool) => pool.end()))
  }

  private poolFor(timeoutMs: number): pg.Pool {
    let pool = this.byTimeout.get(timeoutMs)
    if (!pool) {
      pool = this.newPool({
        statement_timeout: timeoutMs,
        options: [this.config.options, '-c plan_cache_mode=force_custom_plan'].filter(Boolean).join(' '),
      })
      this.byTimeout.set(timeoutMs, pool)
    }
    return pool
  }

  private newPool(config: pg.PoolConfig): pg.Pool {
    const pool = new pg.Pool({ ...this.config, ...config })
    // An idle connection the server ends is dropped and replaced; unheard, the error would end the process.
    pool.on('error', () => undefined)
    return pool
  }
}

/** The list connections of each database pool, made on first use. */
const byPool = new WeakMap<pg.Pool, ListConnections>()

/**
 * The list connections of a node-postgres database; undefined for PGlite (one connection, no
 * cancel: the work just runs there) and for a transaction (it already holds its connection).
 */
export function listConnectionsOf(db: Executor): ListConnections | undefined {
  const pool = (db as { $client?: unknown }).$client
  if (!(pool instanceof pg.Pool)) return undefined
  let connections = byPool.get(pool)
  if (!connections) {
    const created = new ListConnections(directConnectionConfig(pool))
    connections = created
    byPool.set(pool, created)
    closeWithDatabase(db as Database, async () => {
      byPool.delete(pool)
      await created.close()
    })
  }
  return connections
}
