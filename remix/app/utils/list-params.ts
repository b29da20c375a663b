import { DEFAULT_PAGE_SIZE, isoFromDayMonthYear, MAX_PAGE_SIZE } from '@planillas/domain'

/** Paging, sorting and search as they travel in the page URL (1-based page, shareable links). */
export type ListParams = { page: number; size: number; sort?: string; search?: string }

export const PAGE_SIZES = [10, 20, 50, 100]

export function readListParams(params: URLSearchParams): ListParams {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const size = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Number.parseInt(params.get('size') ?? '', 10) || DEFAULT_PAGE_SIZE),
  )
  return {
    page,
    size,
    sort: params.get('sort') || undefined,
    search: params.get('search')?.trim() || undefined,
  }
}

/** The query of the API's list call: 0-based page on the wire. */
export const apiPageQuery = (p: ListParams) => ({ page: p.page - 1, size: p.size, sort: p.sort })

/** The same URL with some parameters changed or removed; any change but paging returns to page 1. */
export function withParams(
  url: URL | string,
  changes: Record<string, string | string[] | null | undefined>,
): string {
  const next = new URL(url.toString(), 'http://x')
  for (const [key, value] of Object.entries(changes)) {
    next.searchParams.delete(key)
    for (const v of Array.isArray(value) ? value : value ? [value] : []) next.searchParams.append(key, v)
  }
  if (!('page' in changes)) next.searchParams.delete('page')
  const query = next.searchParams.toString()
  return `${next.pathname}${query ? `?${query}` : ''}`
}

/** A range filter from `<key>From` / `<key>To`. */
export function readRange(params: URLSearchParams, key: string) {
  // Typed as DD/MM/AAAA in the filter panel; links may carry ISO dates.
  const from = isoFromDayMonthYear(params.get(`${key}From`) ?? '') || null
  const to = isoFromDayMonthYear(params.get(`${key}To`) ?? '') || null
  return from || to ? { from, to } : undefined
}

export const readNumbers = (params: URLSearchParams, key: string) =>
  params
    .getAll(key)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
