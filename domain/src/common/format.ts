import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

export const LIMA_TZ = 'America/Lima'
export const EMPTY = '---'

const isBlank = (v: unknown) => v === null || v === undefined || v === ''

/**
 * Lima's clock without the time-zone plugin: Peru has kept UTC−5 without daylight saving since
 * 1 April 1994 (tz database, America/Lima), so an instant from then on is shifted by five hours.
 * dayjs' `tz()` builds an ICU date formatter on every call (`toLocaleString` with a time zone):
 * 10,000 vouchers of a supplier run left 220 MB of native memory behind, and a list of dates paid it
 * per cell. Earlier instants, and anything that is not a valid instant, keep the plugin's answer.
 */
const LIMA_OFFSET_MS = 5 * 3_600_000
const FIXED_OFFSET_FROM = Date.UTC(1994, 3, 1, 5)
const two = (n: number) => String(n).padStart(2, '0')

/** The instant's Lima wall clock as a UTC-fielded Date, or null where the plugin must answer. */
function limaClock(value: string | Date): Date | null {
  const time = (value instanceof Date ? value : dayjs(value).toDate()).getTime()
  if (!(time >= FIXED_OFFSET_FROM)) return null
  return new Date(time - LIMA_OFFSET_MS)
}

const limaDay = (clock: Date) =>
  `${two(clock.getUTCDate())}/${two(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()}`

/** A calendar date (YYYY-MM-DD or Date) as DD/MM/YYYY. */
export function formatDate(value: string | Date | null | undefined): string {
  if (isBlank(value)) return EMPTY
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-')
    return `${d}/${m}/${y}`
  }
  const clock = limaClock(value as Date | string)
  if (clock) return limaDay(clock)
  return dayjs(value as Date | string)
    .tz(LIMA_TZ)
    .format('DD/MM/YYYY')
}

/** An instant as DD/MM/YYYY hh:mm A in Lima time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (isBlank(value)) return EMPTY
  const clock = limaClock(value as Date | string)
  if (clock) {
    const hours = clock.getUTCHours()
    return `${limaDay(clock)} ${two(hours % 12 || 12)}:${two(clock.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
  }
  return dayjs(value as Date | string)
    .tz(LIMA_TZ)
    .format('DD/MM/YYYY hh:mm A')
}

/** Today's date in Lima as YYYY-MM-DD. */
export function todayInLima(now: Date = new Date()): string {
  const clock = limaClock(now)
  if (clock) return clock.toISOString().slice(0, 10)
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
