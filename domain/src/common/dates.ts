/**
 * Calendar arithmetic on plain `YYYY-MM-DD` dates (no time zone can shift them) and the date rules
 * of contracts: the end date, the renewal's start, and the status the calendar gives a contract.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

/** Whether the text is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number)
  return y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)
}

function parts(date: string): [number, number, number] {
  if (!isIsoDate(date)) throw new Error(`Fecha inválida: ${date}`)
  const [y, m, d] = date.split('-').map(Number)
  return [y, m, d]
}

/**
 * The same day `months` later; when that month is shorter the date stops at its last day
 * (31 Jan + 1 mes = 28 Feb, or 29 Feb in a leap year).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  const utc = new Date(Date.UTC(y, m - 1, d + days))
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`
}

/** Months each duration adds to the start date (1 mes, 3, 6, 1 año); the indefinite one has no end. */
export const DURATION_MONTHS: Record<number, number | null> = { 1: 1, 2: 3, 3: 6, 4: 12, 5: null }

/**
 * The last day of a period of whole months that starts on `startDate`: the day before the same day
 * `months` later ('del 01/01 al 31/01', 'del 15/03 al 14/04'). When that day does not exist in the
 * target month (31/01 + 1 mes) the period runs to the end of that month (28/02), so that the next
 * period starts on the 1st and renewals never drift (docs/decisions/contracts.md).
 */
export function periodEnd(startDate: string, months: number): string {
  const [y, m, d] = parts(startDate)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  if (d > daysInMonth(year, month)) return `${pad(year, 4)}-${pad(month)}-${pad(daysInMonth(year, month))}`
  return addDays(`${pad(year, 4)}-${pad(month)}-${pad(d)}`, -1)
}

/**
 * The end date of a contract: the last day of 1, 3, 6 or 12 whole months from the start, by
 * duration (start + N months − 1 day); null for the indefinite one, and null when the start is
 * not a complete date or the duration is unknown.
 */
export function contractEndDate(startDate: string | null | undefined, duration: number | null | undefined) {
  if (!isIsoDate(startDate) || duration == null) return null
  const months = DURATION_MONTHS[duration]
  return months ? periodEnd(startDate, months) : null
}

/** A renewal starts the day after the contract it renews ends. */
export const renewalStart = (finishDate: string) => addDays(finishDate, 1)

/** A contract turns POR VENCER this many days before its end date (a setting; see `contractSettings`). */
export const DEFAULT_EXPIRY_NOTICE_DAYS = 30

/** Reads the contract settings from an environment (CONTRACT_EXPIRY_NOTICE_DAYS, 1–365). */
export function contractSettings(env: Record<string, string | undefined> = {}) {
  const days = Number(env.CONTRACT_EXPIRY_NOTICE_DAYS)
  return {
    expiryNoticeDays: Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_EXPIRY_NOTICE_DAYS,
  }
}

/**
 * The status the calendar gives a current contract on `today`: FINALIZADO the day after its end
 * date, POR VENCER from `noticeDays` before it, VIGENTE otherwise (and always, when indefinite).
 */
export function calendarStatus(
  finishDate: string | null | undefined,
  today: string,
  noticeDays = DEFAULT_EXPIRY_NOTICE_DAYS,
): 1 | 2 | 3 {
  if (!finishDate) return 1
  if (today > finishDate) return 3
  if (today >= addDays(finishDate, -noticeDays)) return 2
  return 1
}

/**
 * What the daily job does to one contract: the calendar status when it moves the contract forward
 * (VIGENTE → POR VENCER → FINALIZADO), or null to leave it alone. It never moves a contract back
 * and never touches FINALIZADO or DESPEDIDO.
 */
export function sweepTarget(
  status: number,
  finishDate: string | null | undefined,
  today: string,
  noticeDays = DEFAULT_EXPIRY_NOTICE_DAYS,
): 2 | 3 | null {
  if (status !== 1 && status !== 2) return null
  const target = calendarStatus(finishDate, today, noticeDays)
  return target > status ? (target as 2 | 3) : null
}
