import { centsAsSoles, centsOfSoles, formatMoney } from '../common/money'

/**
 * Pay of a contract: Sueldo Total = Sueldo Base + asignación familiar, which is 10 % of the
 * remuneración mínima vital (RMV) in force on the PAY DATE when the box is ticked (Ley 25129: the
 * allowance follows the RMV, it is not frozen at the contract's start; docs/decisions/contracts.md).
 * Amounts are computed in céntimos so that no float rounding creeps in.
 */

/**
 * The RMV as a dated setting: each value with the day it took effect, newest first. A new decree
 * adds one line here, and every contract paid from that day on shows the new allowance.
 */
export const MINIMUM_WAGE_HISTORY = [
  { since: '2025-01-01', amount: 1130, decree: 'D.S. 006-2024-TR' },
  { since: '2022-05-01', amount: 1025, decree: 'D.S. 003-2022-TR' },
  { since: '2018-04-01', amount: 930, decree: 'D.S. 004-2018-TR' },
  { since: '2016-05-01', amount: 850, decree: 'D.S. 005-2016-TR' },
  { since: '2012-06-01', amount: 750, decree: 'D.S. 007-2012-TR' },
] as const

/** Share of the RMV paid as asignación familiar. */
export const FAMILY_ALLOWANCE_RATE = 0.1

/** The RMV in force on a date (YYYY-MM-DD); before the oldest value known, that oldest value. */
export function minimumWageOn(date: string): number {
  const entry = MINIMUM_WAGE_HISTORY.find((e) => date >= e.since)
  return (entry ?? MINIMUM_WAGE_HISTORY[MINIMUM_WAGE_HISTORY.length - 1]).amount
}

/** The asignación familiar paid on `payDate`: S/ 113.00 from 2025-01-01, S/ 102.50 before. */
export function familyAllowanceOn(payDate: string): number {
  return centsAsSoles(Math.round(centsOfSoles(minimumWageOn(payDate)) * FAMILY_ALLOWANCE_RATE))
}

export type PayPeriod = {
  startDate: string
  finishDate?: string | null
  /** The day it really ended when it was finished early or dismissed. */
  closedOn?: string | null
}

/**
 * The date a contract's pay is shown for: `today` while the contract runs; its first day when it
 * has not started yet; its last day (closed or planned) when it is over.
 */
export function contractPayDate(period: PayPeriod, today: string): string {
  const last = period.closedOn ?? period.finishDate ?? null
  if (today < period.startDate) return period.startDate
  if (last && today > last) return last
  return today
}

export type ContractPay = { baseSalary: number; familyAllowance: number; totalSalary: number }

/** Base, allowance and total of a contract paid on `payDate` (see `contractPayDate`), in céntimos. */
export function contractPay(baseSalary: number, withFamilyAllowance: boolean, payDate: string): ContractPay {
  const allowance = withFamilyAllowance ? familyAllowanceOn(payDate) : 0
  const total = centsOfSoles(baseSalary) + centsOfSoles(allowance)
  return {
    baseSalary: centsAsSoles(centsOfSoles(baseSalary)),
    familyAllowance: allowance,
    totalSalary: centsAsSoles(total),
  }
}

/**
 * The warning the contract form shows when a full-time base salary is below the RMV of the pay
 * date (D.S. 003-97-TR; a part-time worker may earn less, so it warns and does not refuse: our
 * contracts do not record the working hours), or null.
 */
export function belowMinimumWageWarning(baseSalary: number, payDate: string): string | null {
  const minimum = minimumWageOn(payDate)
  if (!(baseSalary > 0) || centsOfSoles(baseSalary) >= centsOfSoles(minimum)) return null
  return (
    `El Sueldo Base (${formatMoney(baseSalary)}) es menor que la remuneración mínima vital vigente (${formatMoney(minimum)}). ` +
    'Para una jornada completa el sueldo no puede ser menor a la RMV.'
  )
}
