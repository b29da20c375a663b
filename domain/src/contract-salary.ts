/**
 * Pay of a contract (DESIGN §7): Sueldo Total = Sueldo Base + asignación familiar, which is 10 % of
 * the remuneración mínima vital (RMV) in force at the contract's start when the box is ticked
 * (Ley 25129). Amounts are computed in céntimos so that no float rounding creeps in.
 */

/**
 * The RMV as a dated setting: each value with the day it took effect, newest first. A new decree
 * adds one line here; contracts keep the totals computed when they were saved.
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

const toCents = (soles: number) => Math.round(soles * 100)

/** The asignación familiar of a contract starting on `startDate`: S/ 113.00 from 2025-01-01. */
export function familyAllowanceOn(startDate: string): number {
  return Math.round(toCents(minimumWageOn(startDate)) * FAMILY_ALLOWANCE_RATE) / 100
}

export type ContractPay = { baseSalary: number; familyAllowance: number; totalSalary: number }

/** Base, allowance and total of a contract, rounded to céntimos. */
export function contractPay(
  baseSalary: number,
  withFamilyAllowance: boolean,
  startDate: string,
): ContractPay {
  const allowance = withFamilyAllowance ? familyAllowanceOn(startDate) : 0
  const total = toCents(baseSalary) + toCents(allowance)
  return { baseSalary: toCents(baseSalary) / 100, familyAllowance: allowance, totalSalary: total / 100 }
}
