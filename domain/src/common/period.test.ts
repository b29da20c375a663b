import { describe, expect, it } from 'vitest'
import { monthsSoFar, periodLabel, periodOptions } from './period'

describe('periodOptions', () => {
  it('lists twelve months newest first', () => {
    const periods = periodOptions(new Date('2026-11-15T15:00:00Z'))
    expect(periods).toHaveLength(12)
    expect(periods[0]).toBe('202611')
    expect(periods[11]).toBe('202512')
  })
  it('adds next month on the last day of the month (Lima time)', () => {
    const periods = periodOptions(new Date('2026-11-30T20:00:00Z'))
    expect(periods.slice(0, 2)).toEqual(['202612', '202611'])
    expect(periods).toHaveLength(13)
  })
  it('reads the day in Lima, not UTC', () => {
    // 2026-12-01 04:00 UTC is still 30 November in Lima: the month's last day
    expect(periodOptions(new Date('2026-12-01T04:00:00Z')).slice(0, 2)).toEqual(['202612', '202611'])
    // 2026-12-01 06:00 UTC is 1 December in Lima: no extra month
    expect(periodOptions(new Date('2026-12-01T06:00:00Z')).slice(0, 2)).toEqual(['202612', '202611'])
    expect(periodOptions(new Date('2026-12-01T06:00:00Z'))).toHaveLength(12)
  })
  it('labels a period', () => expect(periodLabel('202611')).toBe('11/2026'))
})

describe('monthsSoFar', () => {
  it('never offers next month, even on the last day of the month in Lima', () => {
    // 2026-12-01 04:00 UTC is 30 November in Lima: periodOptions adds December, monthsSoFar does not
    expect(monthsSoFar(new Date('2026-12-01T04:00:00Z'), 3)).toEqual(['202611', '202610', '202609'])
    expect(monthsSoFar(new Date('2026-11-15T15:00:00Z'))).toEqual(
      periodOptions(new Date('2026-11-15T15:00:00Z')),
    )
  })
})
