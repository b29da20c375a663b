import { type PageQuery, type PageResponse, parseSort, type SortSpec } from '@planillas/domain'
import { asc, desc, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { badRequest } from './errors'

/** Resolves `sort` against a column map, or throws a 400 naming the allowed fields. */
export function orderByFor<F extends string>(
  sort: string | undefined,
  columns: Record<F, PgColumn | SQL>,
  fallback: SortSpec<F>,
  primaryKey: PgColumn,
): SQL[] {
  const spec = parseSort(sort, Object.keys(columns) as F[], fallback)
  if ('error' in spec) throw badRequest(spec.error)
  const direction = spec.direction === 'asc' ? asc : desc
  // Always end with the primary key so pages are stable (CONVENTIONS).
  return [direction(columns[spec.field]), direction(primaryKey)]
}

export async function paged<T>(
  query: PageQuery,
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<PageResponse<T>> {
  const [content, totalElements] = await Promise.all([
    fetchPage(query.size, query.page * query.size),
    countAll(),
  ])
  return { content, totalElements, totalPages: Math.ceil(totalElements / query.size) }
}

/** Escapes `%` and `_` so a search term is matched literally by ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
