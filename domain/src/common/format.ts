import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

export const LIMA_TZ = 'America/Lima'
export const EMPTY = '---'

const isBlank = (v: unknown) => v === null || v === undefined || v === ''

/** A calendar date (YYYY-MM-DD or Date) as DD/MM/YYYY. */
export function formatDate(value: string | Date | null | undefined): string {
  if (isBlank(value)) return EMPTY
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-')
    return `${d}/${m}/${y}`
  }
  return dayjs(value as Date | string)
    .tz(LIMA_TZ)
    .format('DD/MM/YYYY')
}

/** An instant as DD/MM/YYYY hh:mm A in Lima time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (isBlank(value)) return EMPTY
  return dayjs(value as Date | string)
    .tz(LIMA_TZ)
    .format('DD/MM/YYYY hh:mm A')
}

/** Today's date in Lima as YYYY-MM-DD. */
export function todayInLima(now: Date = new Date()): string {
  return dayjs(now).tz(LIMA_TZ).format('YYYY-MM-DD')
}

/** The UTC instant where a Lima calendar day starts (Lima has no DST: UTC−5). */
export function limaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00-05:00`)
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

export function formatCount(value: number | null | undefined): string {
  if (isBlank(value)) return EMPTY
  return countFormat.format(Number(value))
}

export function orEmpty(value: string | number | null | undefined): string {
  return isBlank(value) ? EMPTY : String(value)
}

/** An e-mail shown trimmed to its local part, as the lists show the actor. */
export function trimEmail(email: string | null | undefined): string {
  if (isBlank(email)) return EMPTY
  return String(email).split('@')[0]
}
