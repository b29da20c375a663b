import type { DateRange, EmployeeFilter } from '@planillas/domain'
import { type SQL, sql } from 'drizzle-orm'

const hasBound = (range: DateRange | null | undefined) => Boolean(range?.from || range?.to)

/**
 * `contractInitiation` and `contractFinish` filter on the start and end dates of the employee's
 * current contract. Until the contracts module exists no employee has a contract, so a range with
 * any bound matches nobody; the contracts module replaces this with a condition on the current
 * contract (an EXISTS over contracts of the employee).
 */
export function contractConditions(filter: EmployeeFilter): SQL[] {
  const conditions: SQL[] = []
  if (hasBound(filter.contractInitiation) || hasBound(filter.contractFinish)) conditions.push(sql`false`)
  return conditions
}
