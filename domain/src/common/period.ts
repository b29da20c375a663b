import dayjs from 'dayjs'
import { todayInLima } from './format'

/**
 * Payroll periods as YYYYMM, newest first: the last `months` months including the current one,
 * plus next month when today is the last day of the month (a payroll is prepared ahead).
 */
export function periodOptions(now: Date = new Date(), months = 12): string[] {
  const today = dayjs(todayInLima(now))
  const next = today.date() === today.daysInMonth() ? [today.add(1, 'month').format('YYYYMM')] : []
  return [...next, ...monthsSoFar(now, months)]
}

/**
 * The last `months` periods as YYYYMM up to the current one (in Lima), newest first: the months in
 * which something can already have happened (a payment, a retention, a month SUNAT has closed),
 * never the next one, even on the last day of the month.
 */
export function monthsSoFar(now: Date = new Date(), months = 12): string[] {
  const today = dayjs(todayInLima(now))
  return Array.from({ length: months }, (_, i) => today.subtract(i, 'month').format('YYYYMM'))
}

export function periodLabel(period: string | null | undefined): string {
  if (!period || !/^\d{6}$/.test(period)) return '---'
  return `${period.slice(4)}/${period.slice(0, 4)}`
}

/** First and last day of a period AAAAMM, as ISO dates. */
export function periodDays(period: string): { first: string; last: string } {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4, 6))
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const mm = String(month).padStart(2, '0')
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(lastDay).padStart(2, '0')}` }
}
