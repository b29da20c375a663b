import { describe, expect, it } from 'vitest'
import { apiPageQuery, readListParams, readRange, withParams } from './list-params'

describe('list params', () => {
  it('reads 1-based pages and caps the size', () => {
    const p = readListParams(new URLSearchParams('page=3&size=500&search=%20ana%20'))
    expect(p).toEqual({ page: 3, size: 100, sort: undefined, search: 'ana' })
    expect(apiPageQuery(p).page).toBe(2)
  })
  it('falls back on nonsense', () => {
    expect(readListParams(new URLSearchParams('page=-4&size=abc'))).toMatchObject({ page: 1, size: 10 })
  })
  it('changes parameters and resets the page', () => {
    expect(withParams('/areas?page=4&status=1&search=a', { status: null })).toBe('/areas?search=a')
    expect(withParams('/areas?status=1', { page: '2' })).toBe('/areas?status=1&page=2')
    expect(withParams('/x?areaIds=1&areaIds=2', { areaIds: ['2'] })).toBe('/x?areaIds=2')
  })
  it('reads a date range', () => {
    expect(readRange(new URLSearchParams('dateFrom=2026-01-01'), 'date')).toEqual({
      from: '2026-01-01',
      to: null,
    })
    expect(readRange(new URLSearchParams('dateFrom=1%2F3%2F2026&dateTo=31%2F03%2F2026'), 'date')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    })
    expect(readRange(new URLSearchParams(''), 'date')).toBeUndefined()
  })
})
