import type { Executor } from '@planillas/db'
import { type PageQuery, type PageResponse, parseSort, type SortSpec } from '@planillas/domain'
import { asc, count, desc, is, type SQL, sql } from 'drizzle-orm'
import { PgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import { badRequest } from './errors'
import { guardedListQuery } from './list-guard'
import { runPrepared } from './prepared'

/** Resolves `sort` against a column map, or throws a 400 naming the allowed fields. */
export function orderByFor<F extends string>(
  sort: string | undefined,
  columns: Record<F, PgColumn | SQL>,
  fallback: SortSpec<F>,
  primaryKey: PgColumn,
): SQL[] {
  const spec = parseSort(sort, Object.keys(columns) as F[], fallback)
  if ('error' in spec) throw badRequest(spec.error)
  const direction = spec.direction === 'asc' ? asc : descending
  // Always end with the primary key so pages are stable (CONVENTIONS).
  return [direction(columns[spec.field]), direction(primaryKey)]
}

/**
 * `desc`, spelled `desc nulls last` for a NOT NULL column: the same order (there are no nulls),
 * and the one our descending indexes are built in (drizzle-kit writes `DESC NULLS LAST`). A plain
 * `desc` means `nulls first`, which those indexes cannot answer: the audit log sorted every
 * matching entry for its first page instead of walking `audit_logs_created_at_idx` (issue 12).
 */
export function descending(column: PgColumn | SQL): SQL {
  return is(column, PgColumn) && column.notNull ? sql`${column} desc nulls last` : desc(column)
}

/**
 * Counting stops here: past it a list answers 'más de 10,000' instead of counting a million rows
 * (a broad search counted every employee in 534 ms, issue 12).
 */
export const COUNT_BOUND = 10_000

/** How many rows a list has: exact, or at least `rows` when counting stopped at the bound. */
export type RowCount = { rows: number; exact: boolean }

/**
 * `select count(*) from (… limit 10001)`: exact up to COUNT_BOUND, else `{ rows: COUNT_BOUND, exact: false }`.
 * `rows` is the list's own `select … from … where …` (any columns), made dynamic.
 */
export async function boundedCount(db: Executor, rows: PgSelect, bound = COUNT_BOUND): Promise<RowCount> {
  const [{ n }] = await db.select({ n: count() }).from(rows.limit(bound + 1).as('bounded'))
  return bounded(n, bound)
}

/**
 * `boundedCount` prepared once per connection and shape (prepared.ts): `rows` builds the list's
 * rows with the placeholders whose `values` are given, and is only called the first time.
 */
export async function preparedCount(
  db: Executor,
  shape: string,
  values: Record<string, unknown>,
  rows: () => PgSelect,
  bound = COUNT_BOUND,
): Promise<RowCount> {
  const [{ n }] = await runPrepared(db, shape, values, () =>
    db.select({ n: count() }).from(
      rows()
        .limit(bound + 1)
        .as('bounded'),
    ),
  )
  return bounded(n, bound)
}

const bounded = (n: number, bound: number): RowCount =>
  n > bound ? { rows: bound, exact: false } : { rows: n, exact: true }

/** The rows a bounded count needs: only the `where` of the list, one constant column. */
export const countedRows = (db: Executor) => db.select({ one: sql<number>`1`.as('one') })

/**
 * A page as a list route asks for it (`listPage` in list-guard.ts), with the signal that cancels
 * its queries when the client goes away; `undefined` outside a request.
 */
export type ListPage = PageQuery & { signal: AbortSignal | undefined }

/**
 * One page of a list and its count, inside the list guard (statement timeout, cancelled when the
 * client goes away). The count is skipped when the page itself tells it (a short page).
 */
export async function paged<T>(
  db: Executor,
  query: ListPage,
  fetchPage: (db: Executor, limit: number, offset: number) => Promise<T[]>,
  countAll: (db: Executor) => Promise<RowCount | number>,
): Promise<PageResponse<T>> {
  const offset = query.page * query.size
  return guardedListQuery(
    db,
    async (tx) => {
      const content = await fetchPage(tx, query.size, offset)
      const shortPage = content.length > 0 && content.length < query.size
      const counted: RowCount =
        shortPage || (offset === 0 && content.length === 0)
          ? { rows: offset + content.length, exact: true }
          : asRowCount(await countAll(tx))
      return pageResponse(content, counted, query)
    },
    { signal: query.signal },
  )
}

const asRowCount = (n: RowCount | number): RowCount => (typeof n === 'number' ? { rows: n, exact: true } : n)

/**
 * The paging contract: `totalElements` is exact when `totalIsExact`, else a lower bound
 * ('más de 10,000'); `totalPages` then reaches at least one page past a full current page, so the
 * user can always page forward.
 */
export function pageResponse<T>(content: T[], counted: RowCount, query: PageQuery): PageResponse<T> {
  const offset = query.page * query.size
  const seen = offset + content.length + (content.length === query.size ? 1 : 0)
  const totalElements = counted.exact ? counted.rows : Math.max(counted.rows, offset + content.length)
  const totalPages = counted.exact
    ? Math.ceil(totalElements / query.size)
    : Math.max(Math.ceil(totalElements / query.size), Math.ceil(seen / query.size))
  return { content, totalElements, totalPages, totalIsExact: counted.exact }
}

/** Escapes `%` and `_` so a search term is matched literally by ILIKE. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`
}

/** A LIKE pattern for words that start with `term` (a btree `text_pattern_ops` index answers it). */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Trigram indexes need three characters: shorter words would scan the whole table. */
export const MIN_TRIGRAM_WORD = 3
