import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Database } from './executor'
import { loadReferenceData } from './reference'
import * as schema from './schema/index'

export type { Database, Executor, Schema, Transaction } from './executor'

export type DatabaseHandle = {
  db: Database
  kind: 'postgres' | 'pglite'
  url?: string
  /** `DATABASE_DIRECT_URL`: PostgreSQL itself when `url` is a pooler. */
  directUrl?: string
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')
export const DEFAULT_DATA_DIR = path.resolve(process.cwd(), '.data/pglite')

export type DatabaseOptions = {
  /** node-postgres connection string; without it PGlite is used. */
  url?: string
  /**
   * A connection straight to PostgreSQL when `url` is a transaction pooler (PgBouncer): what needs
   * one session for longer than a transaction goes there (see `directConnectionConfig`).
   */
  directUrl?: string
  /** PGlite data directory; 'memory://' keeps it in memory. */
  dataDir?: string
  poolSize?: number
  migrate?: boolean
  /**
   * Hears an idle connection the server ended (PostgreSQL only). The API and the worker pass their
   * outage watch (outage.ts): one line per outage, not one per connection. Default: one JSON line.
   */
  onConnectionError?: (error: Error) => void
}

/** The client factory: node-postgres when a URL is given, else PGlite (docs/architecture.md). */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = options.url
    ? openPostgres(options.url, options.poolSize, options.onConnectionError, options.directUrl)
    : await openPglite(options.dataDir)
  if (options.migrate !== false) await migrateDatabase(handle)
  return handle
}

function openPostgres(
  url: string,
  poolSize = 10,
  onConnectionError: (error: Error) => void = logIdleConnectionLost,
  directUrl?: string,
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  directUrls.set(pool, directUrl || url)
  // An idle connection the server ends (a restart, a terminated backend, the end of a test database)
  // is dropped by the pool and replaced on the next query. Unheard, the pool's 'error' event would
  // end the whole process.
  let closing = false
  pool.on('error', (error) => {
    if (!closing) onConnectionError(error)
  })
  // pg-pool listens to a client only while it is idle and removes that listener when it hands the
  // client out: the server ending the connection of an open transaction (a restart, a terminated
  // backend) would then be an unheard 'error' on the client and end the process. Every client gets
  // its own listener for its whole life; the holder still sees the failure on its next query, and
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', ignoreClientError)
  })
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database
  return {
    db,
    kind: 'postgres',
    url,
    directUrl: directUrl || undefined,
    close: async () => {
      closing = true
      await closeCompanions(db)
      await pool.end()
    },
  }
}

/** One JSON line, like every other line the API and the worker print. */
function logIdleConnectionLost(error: Error) {
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'warn',
      message: 'PostgreSQL cerró una conexión inactiva; se abrirá otra',
      error: error.message,
    }),
  )
}

/** The failure reaches the query that uses the client; the pool's own 'error' reports idle ones. */
function ignoreClientError() {}

async function openPglite(dataDir = DEFAULT_DATA_DIR): Promise<DatabaseHandle> {
  // Loaded only when used: PGlite costs ~45 MB of memory in every process that imports it.
  // The extensions the migrations create: pg_trgm (0002) and unaccent (`fold_search`, migration fold-search-function).
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ])
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await closeCompanions(db)
      await client.close()
    },
  }
}

/** The direct address of each pool's database (its own address when there is no pooler). */
const directUrls = new WeakMap<pg.Pool, string>()

/**
 * Settings for a connection straight to PostgreSQL, bypassing a transaction pooler, for what keeps
 * state in its session past one transaction: LISTEN (live sessions), named prepared statements and
 * session settings (the list pools), session advisory locks (migrations). Everything else, row locks
 * included (they end with their transaction), goes through the pool's own address.
 */
export function directConnectionConfig(pool: pg.Pool): pg.ClientConfig {
  return { ...pool.options, connectionString: directUrls.get(pool) ?? pool.options.connectionString }
}

/**
 * Whether the pool reaches PostgreSQL through a transaction pooler (a `directUrl` other than its
 * own): then a named prepared statement may meet a server connection that already has it, or
 * lacks it (PgBouncer 1.18 keeps none), and must not be used on the pool.
 */
export function behindPooler(pool: pg.Pool): boolean {
  const direct = directUrls.get(pool)
  return direct !== undefined && direct !== pool.options.connectionString
}

/** What closes with each database, before its own connections (`closeWithDatabase`). */
const companions = new WeakMap<Database, Set<() => Promise<void>>>()

/**
 * Ties something a module opened beside a database (more connections to it, a LISTEN session) to
 * that database's life: `close` runs when the database's handle closes, before its connections
 * end. Returns the function that unties it (when it was closed another way).
 */
export function closeWithDatabase(db: Database, close: () => Promise<void>): () => void {
  let closers = companions.get(db)
  if (!closers) {
    closers = new Set()
    companions.set(db, closers)
  }
  const registered = closers
  registered.add(close)
  return () => void registered.delete(close)
}

async function closeCompanions(db: Database) {
  const closers = companions.get(db)
  companions.delete(db)
  // One that fails must not keep the others, or the database, open.
  await Promise.allSettled([...(closers ?? [])].map((close) => close()))
}

/** Applies pending migrations; idempotent, and serialised across processes on PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER }
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type
    await migratePglite(handle.db as any, config)
    await loadReferenceData(handle.db)
    return
  }
  // One session holds an advisory lock so that api and worker starting together do not race.
  // A session advisory lock: straight to PostgreSQL, never through a transaction pooler.
  const client = new pg.Client({ connectionString: handle.directUrl ?? handle.url })
  await client.connect()
  try {
    const db = drizzlePg(client, { casing: 'snake_case' })
    await db.execute(sql`select pg_advisory_lock(727274)`)
    await migratePg(db, config)
    await db.execute(sql`select pg_advisory_unlock(727274)`)
  } finally {
    await client.end()
  }
  // Reference data (ubigeo, banks, countries) is part of the schema's contract: every start,
  // migrate and test database has it, not only seeded ones. Idempotent and cheap to repeat.
  await loadReferenceData(handle.db)
}

/** Rows of a raw `execute` on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}
