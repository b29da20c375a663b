import { detractionDueDate } from '../common/business-days'
import { VOUCHER_STATUS } from './voucher-status'

/**
 * When the buyer must deposit a detracción (R.S. 183-2004/SUNAT arts. 11.1 a) and 16 a); research
 * notes §1.5, confirmed by three sources): the EARLIER of the first payment to the supplier (any
 * part) and the 5th business day of the month after the voucher is recorded in the Registro de
 * Compras (`recordedPeriod`, AAAAMM). Overdue (VENCIDA) from the day after, when not deposited.
 */
export function detractionDeadline(
  recordedPeriod: string,
  firstPaymentOn: string | null,
  holidays: ReadonlySet<string>,
): string {
  const byPeriod = detractionDueDate(recordedPeriod, holidays)
  return firstPaymentOn && firstPaymentOn < byPeriod ? firstPaymentOn : byPeriod
}

/** The state of a detracción on `today`: deposited, overdue after its deadline, else pending. */
export function detractionStateOn(
  deadline: string,
  depositedOn: string | null,
  today: string,
): 'depositada' | 'vencida' | 'pendiente' {
  if (depositedOn) return 'depositada'
  return today > deadline ? 'vencida' : 'pendiente'
}

/**
 * How many months after the issue month a voucher may be recorded. Our bound, not SUNAT's: the
 * research notes give no legal window for the Registro de Compras, so a period further out is taken
 * for a typing mistake; an older voucher recorded later than this is raised with the contador.
 */
export const RECORDING_PERIOD_MAX_MONTHS = 12

export const RECORDING_PERIOD_MESSAGES = {
  required: 'Periodo de registro es requerido',
  format: 'Periodo de registro debe tener el formato AAAAMM (p. ej. 202612)',
  beforeIssue: (issuePeriod: string) =>
    `Periodo de registro no puede ser anterior al mes de emisión (${issuePeriod})`,
  tooLate: (issuePeriod: string, last: string) =>
    `Periodo de registro no puede ser posterior a ${last}: como máximo ${RECORDING_PERIOD_MAX_MONTHS} meses después del mes de emisión (${issuePeriod})`,
  closed: (status: string) =>
    `No se puede cambiar el periodo de registro de un comprobante ${status}: solo mientras está REGISTRADO o AUTORIZADO`,
} as const

export const RECORDING_PERIOD_PATTERN = /^\d{4}(0[1-9]|1[0-2])$/

/** The month of a day 'AAAA-MM-DD' as 'AAAAMM': a voucher's recording period unless one is given. */
export const periodOfDay = (day: string) => `${day.slice(0, 4)}${day.slice(5, 7)}`

/** 'AAAAMM' moved by `months` (may be negative). */
export function addMonthsToPeriod(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4)) - 1 + months
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * Null when `period` ('AAAAMM') may be the recording period of a voucher issued on `issueDate`:
 * not before the issue month, at most RECORDING_PERIOD_MAX_MONTHS after it. Else the Spanish reason.
 */
export function recordingPeriodProblem(issueDate: string, period: string): string | null {
  if (!RECORDING_PERIOD_PATTERN.test(period)) return RECORDING_PERIOD_MESSAGES.format
  const issued = periodOfDay(issueDate)
  if (period < issued) return RECORDING_PERIOD_MESSAGES.beforeIssue(issued)
  const last = addMonthsToPeriod(issued, RECORDING_PERIOD_MAX_MONTHS)
  if (period > last) return RECORDING_PERIOD_MESSAGES.tooLate(issued, last)
  return null
}

/**
 * A voucher's detracción deadline and state on `today`, from its recording period and its payment
 * (vouchers are paid whole, so the payment is the first one). Null when it has no detracción or
 * is not yet owed: a detracción is owed from approval (APROBADO or PAGADO), or was deposited.
 */
export function voucherDetractionDue(
  voucher: {
    status: number
    detractionCents: number
    recordingPeriod: string
    paidOn: string | null
    detractionDepositedOn: string | null
  },
  holidays: ReadonlySet<string>,
  today: string,
): { dueOn: string; state: 'depositada' | 'vencida' | 'pendiente' } | null {
  const owed = voucher.status === VOUCHER_STATUS.APPROVED || voucher.status === VOUCHER_STATUS.PAID
  if (voucher.detractionCents <= 0 || !(owed || voucher.detractionDepositedOn)) return null
  const dueOn = detractionDeadline(voucher.recordingPeriod, voucher.paidOn, holidays)
  return { dueOn, state: detractionStateOn(dueOn, voucher.detractionDepositedOn, today) }
}
