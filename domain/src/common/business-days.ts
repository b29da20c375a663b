/**
 * Business days in Peru: Monday to Friday, except the national public holidays, which are dated
 * data (db/reference/public-holidays.csv, loaded into `public_holidays`), never constants here.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** 'AAAA-MM-DD' of a UTC calendar date. */
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`

/** Whether 'AAAA-MM-DD' is a business day given the holidays (dates 'AAAA-MM-DD'). */
export function isBusinessDay(iso: string, holidays: ReadonlySet<string>): boolean {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay()
  return day !== 0 && day !== 6 && !holidays.has(iso)
}

/** The n-th business day (1-based) of a month given as 'AAAAMM'. */
export function nthBusinessDay(period: string, n: number, holidays: ReadonlySet<string>): string {
  if (!/^\d{6}$/.test(period) || n < 1) throw new Error(`Periodo o día inválido: ${period}, ${n}`)
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4)) - 1
  let found = 0
  for (let day = 1; day <= 31; day++) {
    const date = new Date(Date.UTC(year, month, day))
    if (date.getUTCMonth() !== month) break
    const iso = isoOf(date)
    if (isBusinessDay(iso, holidays) && ++found === n) return iso
  }
  throw new Error(`El mes ${period} no tiene ${n} días hábiles`)
}

/** The month after 'AAAAMM', as 'AAAAMM'. */
export function nextPeriod(period: string): string {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4))
  return month === 12 ? `${year + 1}01` : `${year}${pad(month + 1)}`
}

/**
 * The deadline to deposit a detracción at the Banco de la Nación: the 5th business day of the month
 * after the voucher's period (docs/decisions/detracciones-deposited.md says which period and why).
 */
export const DETRACTION_DEPOSIT_BUSINESS_DAY = 5

export function detractionDueDate(period: string, holidays: ReadonlySet<string>): string {
  return nthBusinessDay(nextPeriod(period), DETRACTION_DEPOSIT_BUSINESS_DAY, holidays)
}

/** The month before 'AAAAMM', as 'AAAAMM'. */
export function previousPeriod(period: string): string {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4))
  return month === 1 ? `${year - 1}12` : `${year}${pad(month - 1)}`
}

/**
 * The first issue date whose detracción is not yet past its deadline on `today` ('AAAA-MM-DD'):
 * a detracción owed for a voucher issued before it is overdue. Last month's vouchers are due this
 * month (overdue once their deadline has passed); older ones always are.
 */
export function detractionOverdueBefore(today: string, holidays: ReadonlySet<string>): string {
  const month = today.slice(0, 7).replace('-', '')
  const last = previousPeriod(month)
  return detractionDueDate(last, holidays) < today
    ? `${today.slice(0, 7)}-01`
    : `${last.slice(0, 4)}-${last.slice(4)}-01`
}
