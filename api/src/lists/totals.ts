import { type Executor, rowsOf } from '@planillas/db'
import { count, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { explainPrepared, runPrepared, type Shaped } from './prepared'

/**
 * Counting stops here: past it a list answers 'más de 10,000' instead of counting a million rows
 * (a broad search counted every employee in 534 ms).
 */
export const COUNT_BOUND = 10_000

/**
 * From this many estimated rows a full page does not count: the planner's estimate is the total
 * ('unos 32,000'). 1.5 × COUNT_BOUND: single search conditions were off by at most ±25 % on a
 * million employees (docs/decisions/list-totals.md), so an estimate this large means more than COUNT_BOUND rows,
 * where the bounded count could only have said 'más de 10,000'.
 */
export const ESTIMATE_FROM = (COUNT_BOUND * 3) / 2

/**
 * Up to this many estimated rows a list that can cut its page from its matches (`fewMatches`) does
 * so in one statement: the search runs once for the page and the count.
 */
export const FEW_MATCHES = 1_000

/**
 * Up to this many estimated rows a list sorted by another column than its filters' (`sorted` in
 * `paged`) is cut from its matches too, counted exactly up to this many. Walking the sort's index
 * reads about size ÷ selectivity entries for a page when filter and order are independent, and up
 * to the whole index when they are not: at a million employees, 'sorted by name, status 1, areas
 * 1 and 2' (16,667 matches whose names all sort late) read 166,842 entries, p95 847 ms. Sorting
 * 20,000 matches costs a few milliseconds more than the independent walk, and never more.
 */
export const SORTED_MATCHES = 20_000

/**
 * How many rows a list has: exact; at least `rows` when counting stopped at the bound; or about
 * `rows` (`estimate`), the planner's figure.
 */
export type RowCount = { rows: number; exact: boolean; estimate?: boolean }

/**
 * `select count(*) from (… limit 10001)`: exact up to COUNT_BOUND, else `{ rows: COUNT_BOUND, exact: false }`.
 * `rows` is the list's own `select … from … where …` (any columns), made dynamic.
 */
export async function boundedCount(db: Executor, rows: PgSelect, bound = COUNT_BOUND): Promise<RowCount> {
  const [{ n }] = await db.select({ n: count() }).from(rows.limit(bound + 1).as('bounded'))
  return bounded(n, bound)
}

/**
 * `boundedCount` of a list prepared per shape (prepared.ts): `rows` builds the list's rows with the
 * placeholders whose values `shaped` holds, and is only called the first time.
 */
export async function preparedCount(db: Executor, shaped: Shaped, rows: () => PgSelect): Promise<RowCount> {
  const [{ n }] = await runPrepared(db, `${shaped.shape}:count`, shaped.values, () =>
    db.select({ n: count() }).from(
      rows()
        .limit(COUNT_BOUND + 1)
        .as('bounded'),
    ),
  )
  return bounded(n, COUNT_BOUND)
}

const bounded = (n: number, bound: number): RowCount =>
  n > bound ? { rows: bound, exact: false } : { rows: n, exact: true }

/**
 * The planner's estimate of how many rows `rows` returns (`explain (format json)`: planned, not run;
 * a fraction of a millisecond). Undefined when the plan does not say (then the list counts).
 */
export async function estimatedRows(db: Executor, rows: PgSelect): Promise<number | undefined> {
  const [first] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) ${rows.getSQL()}`),
  )
  return planRowsOf(first)
}

/** `estimatedRows` of a list prepared per shape: its `explain` compiled once per shape (prepared.ts). */
export async function preparedEstimate(
  db: Executor,
  shaped: Shaped,
  rows: () => PgSelect,
): Promise<number | undefined> {
  const plan = await explainPrepared(db, shaped.shape, shaped.values, rows)
  return plan === null ? estimatedRows(db, rows()) : planRowsOf(plan)
}

function planRowsOf(first: Record<string, unknown> | undefined): number | undefined {
  const raw = first ? Object.values(first)[0] : undefined
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | [{ Plan?: { 'Plan Rows'?: unknown } }]
    | undefined
  const estimate = plan?.[0]?.Plan?.['Plan Rows']
  return typeof estimate === 'number' && Number.isFinite(estimate) ? Math.round(estimate) : undefined
}
