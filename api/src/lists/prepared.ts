import type { Executor } from '@planillas/db'
import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm'

/**
 * Where a list's condition takes a value: `bind(name, value)`. Written once, a condition serves
 * both a query run once (the value itself, `direct`) and a query prepared once per shape
 * (`Bindings#bind`: a placeholder, the value kept aside).
 */
export type Bind = <V>(name: string, value: V) => V | SQLWrapper

/**
 * The value itself: the query is built and run as usual (exports, pickers). An array stays one
 * parameter (`= any(…)`); in a `sql` template Drizzle would spread it into a list.
 */
export const direct: Bind = (_name, value) => (Array.isArray(value) ? sql.param(value) : value)

/**
 * The values of one request's list query, bound as placeholders. The names bound, in order, are
 * the query's shape: a condition that is there or not binds a value or not, so two requests
 * that bound the same names build the same SQL and can share its prepared statement.
 */
export class Bindings {
  readonly values: Record<string, unknown> = {}
  private readonly boundNames: string[] = []

  readonly bind: Bind = (name, value) => {
    const key = `p${this.boundNames.length}`
    this.boundNames.push(name)
    this.values[key] = value
    return sql.placeholder(key)
  }

  /** The shape of the query built so far: the names bound, in order. */
  get shape(): string {
    return this.boundNames.join(',')
  }

  /** The names bound so far, in order. */
  get names(): readonly string[] {
    return this.boundNames
  }
}

/** A list prepared per shape: its shape and this request's bound values. */
export type Shaped = { shape: string; values: Record<string, unknown> }

/** What `.prepare(name)` answers on a Drizzle select (for either driver). */
type Prepared<T> = { execute: (values: Record<string, unknown>) => Promise<T[]> }
type Preparable<T> = { prepare: (name: string) => Prepared<T> }

/** Connections of the list pools (guard.ts marks them): their sessions plan every execution. */
const preparing = new WeakSet<Executor>()
export const prepareOn = (db: Executor) => void preparing.add(db)

/**
 * Statement names, one per query shape for the whole process. Past MAX_SHAPES (an odd filter
 * combination, or someone sending many) a query is built and run as usual, unnamed: neither this
 * map nor the statements each connection keeps can grow without bound.
 */
const statementNames = new Map<string, string>()
export const MAX_SHAPES = 500
const preparedOn = new WeakMap<Executor, Map<string, Prepared<unknown>>>()

/**
 * Runs a list query prepared once per connection and shape. Building a Drizzle query and
 * turning it into SQL cost about a quarter of a list response's CPU; here it is done
 * the first time a connection meets a shape, and every later request only binds its values to a
 * named statement, which PostgreSQL also keeps parsed. The list pool's sessions use
 * `plan_cache_mode = force_custom_plan` (connections.ts): each execution is still planned for its
 * own values, so a search for a rare word never runs on a plan made for a common one.
 * Elsewhere (PGlite, a transaction) the query is built and run as usual.
 */
export async function runPrepared<T>(
  db: Executor,
  shape: string,
  values: Record<string, unknown>,
  build: () => Preparable<T>,
): Promise<T[]> {
  let name = statementNames.get(shape)
  if (!name && statementNames.size < MAX_SHAPES) {
    name = `planillas_list_${statementNames.size + 1}`
    statementNames.set(shape, name)
  }
  if (!name || !preparing.has(db)) return build().prepare('').execute(values)
  let byShape = preparedOn.get(db)
  if (!byShape) {
    byShape = new Map()
    preparedOn.set(db, byShape)
  }
  let query = byShape.get(shape) as Prepared<T> | undefined
  if (!query) {
    query = build().prepare(name)
    byShape.set(shape, query as Prepared<unknown>)
  }
  return query.execute(values)
}

/** Compiled `explain` texts, by shape (no more shapes than statements are named). */
const explained = new Map<string, { sql: string; params: unknown[] }>()
type Driver = { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

/**
 * The first row of `explain (format json)` for a query prepared per shape: the `explain` text is
 * compiled once per shape and sent with `values` through the driver (pg or PGlite); an `explain`
 * cannot be a named statement. Null when it cannot be sent so (past MAX_SHAPES, no driver at hand):
 * the caller builds it as usual.
 */
export async function explainPrepared(
  db: Executor,
  shape: string,
  values: Record<string, unknown>,
  build: () => { toSQL: () => { sql: string; params: unknown[] } },
): Promise<Record<string, unknown> | null> {
  const driver = (db as { $client?: Partial<Driver> }).$client
  let compiled = explained.get(shape)
  if (!compiled && explained.size < MAX_SHAPES) {
    compiled = build().toSQL()
    explained.set(shape, compiled)
  }
  if (!compiled || typeof driver?.query !== 'function') return null
  const { rows } = await (driver as Driver).query(
    `explain (format json) ${compiled.sql}`,
    fillPlaceholders(compiled.params, values),
  )
  return rows[0] ?? {}
}
