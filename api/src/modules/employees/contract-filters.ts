import { contracts, employees } from '@planillas/db'
import type { DateRange, EmployeeFilter } from '@planillas/domain'
import { and, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { type Bind, direct } from '../../lists/prepared'

const bounds = (column: PgColumn, range: DateRange | null | undefined, bind: Bind, name: string) => [
  range?.from ? gte(column, bind(`${name}.from`, range.from)) : undefined,
  range?.to ? lte(column, bind(`${name}.to`, range.to)) : undefined,
]

/**
 * `contractInitiation` and `contractFinish` filter on the start and end dates of the employee's
 * current contract (VIGENTE or POR VENCER; at most one per employee): an EXISTS over the
 * employee's contracts, answered by the contracts' (employee_id, start_date) index. An employee
 * without a current contract matches no range with a bound. (Kept by the contracts module.)
 */
export function contractConditions(filter: EmployeeFilter, bind: Bind = direct): SQL[] {
  const conditions = [
    ...bounds(contracts.startDate, filter.contractInitiation, bind, 'contractInitiation'),
    ...bounds(contracts.finishDate, filter.contractFinish, bind, 'contractFinish'),
  ].filter((c): c is SQL => c !== undefined)
  if (conditions.length === 0) return []
  return [
    sql`exists (select 1 from ${contracts} where ${contracts.employeeId} = ${employees.id} and ${contracts.status} in (1, 2) and ${and(...conditions)})`,
  ]
}
