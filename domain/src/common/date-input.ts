/**
 * Dates as a Peruvian clerk types them (DD/MM/YYYY), whatever the browser's language: the web tier's
 * date fields show and post this, and everything behind them keeps ISO dates (YYYY-MM-DD).
 */

const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const ISO = /^\d{4}-\d{2}-\d{2}$/

/**
 * '22/11/2026' (or '2/3/2026') → '2026-11-22' when it is a real calendar day; an ISO date as it is;
 * anything else unchanged, for the schema to refuse with its own message.
 */
export function isoFromDayMonthYear(text: string): string {
  const value = text.trim()
  if (ISO.test(value)) return value
  const match = DAY_MONTH_YEAR.exec(value)
  if (!match) return text
  const [, d, m, y] = match
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
  return isCalendarDay(iso) ? iso : text
}

/** '2026-11-22' → '22/11/2026'; empty for no date; other text as it is (what the clerk typed). */
export function dayMonthYear(value: string | null | undefined): string {
  if (!value) return ''
  if (!ISO.test(value)) return value
  const [y, m, d] = value.split('-')
  return `${d}/${m}/${y}`
}

function isCalendarDay(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}
