import { describe, expect, it } from 'vitest'
import { pageWindow, pagingSummary } from './paging-text'

describe('paging text', () => {
  it('says an exact total as it is', () => {
    expect(pagingSummary(3, 10, 25)).toBe('Mostrando 21–25 de 25')
    expect(pagingSummary(1, 10, 12_345)).toBe('Mostrando 1–10 de 12,345')
  })

  it('says a bounded total honestly', () => {
    expect(pagingSummary(1, 10, 10_000, false)).toBe('Mostrando 1–10 de más de 10,000')
    expect(pagingSummary(1001, 10, 10_010, false)).toBe('Mostrando 10,001–10,010 de más de 10,010')
  })

  it('windows pages around the current one, up to the last when it is known', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
  })

  it('offers the next pages but no last page when the total is a lower bound', () => {
    expect(pageWindow(1, 1000, false)).toEqual([1, 2, 3, null])
    expect(pageWindow(1001, 1002, false)).toEqual([1, null, 999, 1000, 1001, 1002])
  })
})
