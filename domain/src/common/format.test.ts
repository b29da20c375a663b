import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatDateTime, todayInLima, trimEmail } from './format'
import { formatMoney } from './money'

describe('formatting', () => {
  it('shows calendar dates as DD/MM/YYYY without shifting the day', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026')
    expect(formatDate(null)).toBe('---')
  })
  it('shows instants in Lima time', () => {
    expect(formatDateTime('2026-11-22T03:30:00Z')).toBe('21/11/2026 10:30 PM')
    expect(formatDateTime(undefined)).toBe('---')
  })
  it('formats soles and counts with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('S/ 1,234.50')
    expect(formatMoney('1000000')).toBe('S/ 1,000,000.00')
    expect(formatCount(100000)).toBe('100,000')
  })
  it('knows the Lima date near midnight UTC', () => {
    expect(todayInLima(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21')
  })
  it('trims e-mails to the user part', () => {
    expect(trimEmail('ana.rojas@planillas.pe')).toBe('ana.rojas')
  })
})
