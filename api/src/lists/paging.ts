import { type Executor, foldedSearch, searchPattern } from '@planillas/db'
import { type PageQuery, type PageResponse, parseSort, type SortSpec } from '@planillas/domain'
import { asc, desc, is, type SQL, sql } from 'drizzle-orm'
import { PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core'
import { badRequest } from '../lib/errors'
import { guardedListQuery } from './guard'
import type { Shaped } from './prepared'
import {
  boundedCount,
  COUNT_BOUND,
  ESTIMATE_FROM,
  estimatedRows,
  FEW_MATCHES,
  preparedCount,
  preparedEstimate,
  type RowCount,
  SORTED_MATCHES,
} from './totals'

/** The sort a request asks for among `fields`, or a 400 naming the allowed fields. */
export function sortOf<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  fallback: SortSpec<F>,
) {
  const spec = parseSort(sort, fields as F[], fallback)
  if ('error' in spec) throw badRequest(spec.error)
  return spec
}

/** How a list's sort columns are indexed and which of them hold names (`orderOf`). */
export type OrderOptions<F extends string> = { ascendingIndexes?: boolean; names?: readonly F[] }

/**
 * The ORDER BY of `spec` over `column` (the column of `spec.field`), ending with `primaryKey` so
 * pages are stable (docs/conventions.md).
 * `ascendingIndexes`: the list's sort columns are served by ascending indexes ending in the
 * primary key (the employees' list), so a descending order is written as a backward scan of them
 * reads it (`desc`, nulls first) rather than `desc nulls last` (for descending indexes, below).
 * `names`: the fields holding people's or companies' names, sorted in Spanish (`spanish`).
 */
export function orderOf<F extends string>(
  spec: SortSpec<F>,
  column: PgColumn | SQL | SQL.Aliased,
  primaryKey: PgColumn | SQL.Aliased,
  { ascendingIndexes = false, names = [] }: OrderOptions<F> = {},
): SQL[] {
  const name = names.includes(spec.field)
  const direction = spec.direction === 'asc' ? asc : ascendingIndexes || name ? desc : descending
  return [direction(name ? spanish(column) : column), direction(primaryKey)]
}

/** `orderOf` the sort a request asks for among a column map's fields (`sortOf`). */
export function orderByFor<F extends string>(
  sort: string | undefined,
  columns: Record<F, PgColumn | SQL>,
  fallback: SortSpec<F>,
  primaryKey: PgColumn,
  options: OrderOptions<F> = {},
): SQL[] {
  const spec = sortOf(sort, Object.keys(columns) as F[], fallback)
  return orderOf(spec, columns[spec.field], primaryKey, options)
}

/**
 * A name as a Spanish reader sorts it: the `es_pe` ICU collation of migration 0044 (Ñ after N, Á with
 * A; docs/decisions/spanish-collation.md). Each sorted name column has an index on this very
 * expression and the id, which a page walks (backward when descending) instead of sorting the table.
 */
export const spanish = (column: PgColumn | SQL | SQL.Aliased): SQL => sql`${column} collate es_pe`

/**
 * `desc`, spelled `desc nulls last` for a NOT NULL column: the same order (there are no nulls),
 * and the one our descending indexes are built in (drizzle-kit writes `DESC NULLS LAST`). A plain
 * `desc` means `nulls first`, which those indexes cannot answer: the audit log sorted every
 * matching entry for its first page instead of walking `audit_logs_created_at_idx`.
 */
export function descending(column: PgColumn | SQL | SQL.Aliased): SQL {
  return is(column, PgColumn) && column.notNull ? sql`${column} desc nulls last` : desc(column)
}

/** The rows a count needs: only the `where` of the list, one constant column. */
export const countedRows = (db: Executor) => db.select({ one: sql<number>`1`.as('one') })

/** A list's select (`.$dynamic()`, with its joins), left open for the page's clauses. */
export type OpenSelect<T> = {
  where(condition: SQL | undefined): OpenSelect<T>
  orderBy(...columns: SQL[]): OpenSelect<T>
  limit(limit: number): OpenSelect<T>
  offset(offset: number): OpenSelect<T>
} & PromiseLike<T[]>

/**
 * A page of the rows of `select` that meet `condition`, in `orderBy`; counted on `table` alone
 * (the joins of `select` add columns, never rows).
 */
export function pagedList<T>(
  db: Executor,
  page: ListPage,
  table: PgTable,
  select: (db: Executor) => OpenSelect<T>,
  condition: SQL | undefined,
  orderBy: SQL[],
) {
  return paged(
    db,
    page,
    async (db, limit, offset) =>
      select(db)
        .where(condition)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(table).where(condition).$dynamic(),
  )
}

/** One page of a list. */
export type FetchPage<T> = (db: Executor, limit: number, offset: number) => Promise<T[]>

/**
 * One page cut from the list's first `bound + 1` matches in one statement, with how many there were
 * (`total`); `total` is undefined when the page came back empty (it says nothing then).
 */
export type FetchFewMatches<T> = (
  db: Executor,
  limit: number,
  offset: number,
  bound: number,
) => Promise<{ content: T[]; total: number | undefined }>

/**
 * A page as a list route asks for it (`listPage` in guard.ts), with the signal that cancels
 * its queries when the client goes away; `undefined` outside a request.
 */
/** A page with what the list guard needs: the client's signal and the statement timeout (`listPage`). */
export type ListPage = PageQuery & { signal: AbortSignal | undefined; timeoutMs?: number }

export type PagedOptions<T> = {
  /** The page and the count of a list with few matches, in one statement (below). */
  fewMatches?: FetchFewMatches<T>
  /** The list is prepared per shape: so are its count and its estimate. */
  shaped?: Shaped
  /**
   * The page is sorted by a column its filters do not lead to (a name under a status and areas):
   * up to SORTED_MATCHES estimated rows it is cut from its matches (`fewMatches`), not walked.
   */
  sorted?: boolean
}

/**
 * One page of a list and its total, inside the list guard (statement timeout, cancelled when the
 * client goes away). `counted` is the list's `select … where …` (`countedRows`), made dynamic.
 * - A short page (or an empty first page) tells its exact total: nothing more runs.
 * - A full page asks the planner: an estimate from ESTIMATE_FROM rows is the total, marked
 *   `totalIsEstimate`; below it the rows are counted (`boundedCount`).
 * - An empty page past the end counts (never estimates), so the list can offer its real last page.
 * - A list with `fewMatches` asks the planner first: up to FEW_MATCHES estimated rows (SORTED_MATCHES
 *   when `sorted`), the page and the count come from one statement; when that finds more than its
 *   bound of matches (the estimate was low) or an empty page, the steps above run instead.
 */
export async function paged<T>(
  db: Executor,
  query: ListPage,
  fetchPage: FetchPage<T>,
  counted: (db: Executor) => PgSelect,
  { fewMatches, shaped, sorted = false }: PagedOptions<T> = {},
): Promise<PageResponse<T>> {
  const offset = query.page * query.size
  const estimateOf = (tx: Executor) =>
    shaped ? preparedEstimate(tx, shaped, () => counted(tx)) : estimatedRows(tx, counted(tx))
  const countOf = (tx: Executor) =>
    shaped ? preparedCount(tx, shaped, () => counted(tx)) : boundedCount(tx, counted(tx))
  return guardedListQuery(
    db,
    async (tx) => {
      let estimate = fewMatches ? await estimateOf(tx) : undefined
      let beyondBound: number | undefined
      const bound = matchesBound(estimate, sorted)
      if (fewMatches && bound !== undefined) {
        const few = await fewMatches(tx, query.size, offset, bound)
        if (few.total !== undefined && few.total <= bound) {
          return pageResponse(few.content, { rows: few.total, exact: true }, query)
        }
        if (few.total !== undefined) beyondBound = bound
      }
      const content = await fetchPage(tx, query.size, offset)
      if ((content.length > 0 && content.length < query.size) || (offset === 0 && content.length === 0)) {
        return pageResponse(content, { rows: offset + content.length, exact: true }, query)
      }
      if (content.length === 0) return pageResponse(content, await countOf(tx), query)
      estimate ??= await estimateOf(tx)
      const total: RowCount =
        estimate !== undefined && estimate >= ESTIMATE_FROM
          ? { rows: estimate, exact: false, estimate: true }
          : beyondBound !== undefined
            ? { rows: beyondBound, exact: false }
            : await countOf(tx)
      return pageResponse(content, total, query)
    },
    { signal: query.signal, timeoutMs: query.timeoutMs },
  )
}

/** How many matches a page may be cut from (`fewMatches`), by the planner's estimate; none: walk. */
function matchesBound(estimate: number | undefined, sorted: boolean): number | undefined {
  if (estimate === undefined) return undefined
  if (estimate <= FEW_MATCHES) return COUNT_BOUND
  return sorted && estimate <= SORTED_MATCHES ? SORTED_MATCHES : undefined
}

/**
 * The paging contract: `totalElements` is exact when `totalIsExact`; else the planner's estimate
 * when `totalIsEstimate` ('unos 32,000'), or a lower bound ('más de 10,000'). An estimate that the
 * rows already seen contradict becomes the lower bound they give. Without an exact total,
 * `totalPages` reaches at least one page past a full current page, so the user can always page forward.
 */
export function pageResponse<T>(content: T[], counted: RowCount, query: PageQuery): PageResponse<T> {
  const offset = query.page * query.size
  const full = content.length === query.size
  const seen = offset + content.length + (full ? 1 : 0)
  if (counted.exact) {
    return {
      content,
      totalElements: counted.rows,
      totalPages: Math.ceil(counted.rows / query.size),
      totalIsExact: true,
      totalIsEstimate: false,
    }
  }
  const estimate = counted.estimate === true && counted.rows >= seen
  const totalElements = Math.max(counted.rows, offset + content.length)
  const totalPages = Math.max(Math.ceil(totalElements / query.size), Math.ceil(seen / query.size))
  return { content, totalElements, totalPages, totalIsExact: false, totalIsEstimate: estimate }
}

/** Escapes `%` and `_` so a search term is matched literally by ILIKE. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`
}

/**
 * Whether a text holds the search word with accents and case folded alike on both sides
 * (`fold_search`, the employee search's folding, docs/decisions/spanish-collation.md): 'oscar'
 * finds 'Óscar', 'nandu' 'Ñandú'. A trigram index on `fold_search(column)` answers it
 * (`suppliers_name_fold_trgm_idx`, `companies_name_fold_trgm_idx`).
 */
export const foldedLike = (column: unknown, term: string): SQL =>
  sql`${foldedSearch(column)} like ${searchPattern(term)}`

/** A LIKE pattern for words that start with `term` (a btree `text_pattern_ops` index answers it). */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The words of a search as typed, for a query that folds them with `fold_search` (as the column it
 * searches is folded). Only composed (NFC), so that a letter typed with a separate accent counts as
 * one letter.
 */
export const typedWords = (search: string | null | undefined) =>
  (search ?? '').normalize('NFC').split(/\s+/).filter(Boolean)

/** Trigram indexes need three characters: shorter words would scan the whole table. */
export const MIN_TRIGRAM_WORD = 3
