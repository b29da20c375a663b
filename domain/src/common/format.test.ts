import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatDateTime, LIMA_TZ, todayInLima, trimEmail } from './format'
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

describe("Lima's clock without the time-zone plugin", () => {
  // The oracle: dayjs' time-zone plugin over the tz database (what the functions used before).
  const plugin = (instant: Date, pattern: string) => dayjs(instant).tz(LIMA_TZ).format(pattern)
  const instants = [
    new Date('1994-04-01T05:00:00Z'),
    new Date('2026-11-29T04:59:59Z'),
    new Date('2026-11-29T05:00:00Z'),
    new Date('2026-11-29T17:00:00Z'),
    new Date('2026-11-29T16:59:00Z'),
    new Date('2026-12-31T23:30:00Z'),
    new Date('2027-01-01T04:30:00Z'),
    new Date('2028-02-29T05:15:00Z'),
  ]
  // And 500 instants spread from 1994 to 2100 (a fixed step, so the test is the same every run).
  const from = Date.UTC(1994, 3, 1, 5)
  const step = Math.floor((Date.UTC(2100, 0, 1) - from) / 500)
  for (let i = 0; i < 500; i++) instants.push(new Date(from + i * step + (i % 60) * 60_000))

  it('agrees with the tz database on every instant since Peru last changed its clocks', () => {
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(plugin(instant, 'DD/MM/YYYY'))
      expect(formatDateTime(instant)).toBe(plugin(instant, 'DD/MM/YYYY hh:mm A'))
      expect(todayInLima(instant)).toBe(plugin(instant, 'YYYY-MM-DD'))
      expect(formatDateTime(instant.toISOString())).toBe(plugin(instant, 'DD/MM/YYYY hh:mm A'))
    }
  })

  it('keeps the tz database for earlier instants (Lima kept summer time in 1986, 1987, 1990 and 1994)', () => {
    const summer1990 = new Date('1990-02-01T04:30:00Z')
    expect(formatDateTime(summer1990)).toBe(plugin(summer1990, 'DD/MM/YYYY hh:mm A'))
    expect(formatDateTime(summer1990)).toBe('01/02/1990 12:30 AM')
    expect(formatDate('not a date')).toBe(dayjs('not a date').format('DD/MM/YYYY'))
  })
})
