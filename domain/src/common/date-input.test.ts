import { describe, expect, it } from 'vitest'
import { dayMonthYear, isoFromDayMonthYear } from './date-input'

describe('dates as typed', () => {
  it('reads DD/MM/YYYY, with or without leading zeros, as an ISO date', () => {
    expect(isoFromDayMonthYear('01/03/2027')).toBe('2027-03-01')
    expect(isoFromDayMonthYear(' 1/3/2027 ')).toBe('2027-03-01')
    expect(isoFromDayMonthYear('2027-03-01')).toBe('2027-03-01')
  })
  it('leaves what is not a calendar day for the schema to refuse', () => {
    expect(isoFromDayMonthYear('30/02/2025')).toBe('30/02/2025')
    expect(isoFromDayMonthYear('03/01')).toBe('03/01')
    expect(isoFromDayMonthYear('')).toBe('')
  })
  it('shows an ISO date as DD/MM/YYYY, the day first', () => {
    expect(dayMonthYear('2027-03-01')).toBe('01/03/2027')
    expect(dayMonthYear(null)).toBe('')
    expect(dayMonthYear('31/12/2026')).toBe('31/12/2026')
  })
})
