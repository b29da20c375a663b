import { detractionDueDate } from '../common/business-days'

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
