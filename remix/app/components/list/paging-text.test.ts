import { describe, expect, it } from 'vitest'
import { pageWindow, pagingSummary, roughly } from './paging-text'

describe('paging text', () => {
  it('says an exact total as it is', () => {
    expect(pagingSummary(3, 10, 25)).toBe('Mostrando 21–25 de 25')
    expect(pagingSummary(1, 10, 12_345)).toBe('Mostrando 1–10 de 12,345')
  })

  it('says a bounded total honestly', () => {
    expect(pagingSummary(1, 10, 10_000, false)).toBe('Mostrando 1–10 de más de 10,000')
    expect(pagingSummary(1001, 10, 10_010, false)).toBe('Mostrando 10,001–10,010 de más de 10,010')
  })

  it("says an estimated total as one, rounded: 'unos'", () => {
    expect(pagingSummary(1, 10, 32_032, false, true)).toBe('Mostrando 1–10 de unos 32,000')
    expect(pagingSummary(1, 10, 1_000_000, false, true)).toBe('Mostrando 1–10 de unos 1,000,000')
    expect(pagingSummary(3, 10, 20_131, false, true)).toBe('Mostrando 21–30 de unos 20,000')
    // Never fewer than the rows already shown.
    expect(pagingSummary(2005, 10, 20_051, false, true)).toBe('Mostrando 20,041–20,050 de unos 20,050')
    // An estimate flag without `totalIsExact: false` is not an estimate.
    expect(pagingSummary(1, 10, 25, true, true)).toBe('Mostrando 1–10 de 25')
  })

  it('rounds an estimate to two significant figures', () => {
    expect(roughly(42)).toBe(42)
    expect(roughly(15_499)).toBe(15_000)
    expect(roughly(15_500)).toBe(16_000)
    expect(roughly(99_600)).toBe(100_000)
    expect(roughly(1_234_567)).toBe(1_200_000)
  })

  it('windows pages around the current one, up to the last when it is known', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
  })

  it('offers the next pages but no last page when the total is a lower bound or an estimate', () => {
    expect(pageWindow(1, 1000, false)).toEqual([1, 2, 3, null])
    expect(pageWindow(1001, 1002, false)).toEqual([1, null, 999, 1000, 1001, 1002])
  })
})
