import { contracts } from '@planillas/db'
import { familyAllowanceOn, MINIMUM_WAGE_HISTORY } from '@planillas/domain'
import { type SQL, sql } from 'drizzle-orm'

/** Today in Lima, as the database sees it (the pay date of a running contract). */
const todayInLima = sql`(now() at time zone 'America/Lima')::date`

/**
 * `contractPayDate` in SQL: today while the contract runs, its first day before it starts, its
 * last day (closed or planned) once it is over.
 */
const payDate = sql`least(greatest(${todayInLima}, ${contracts.startDate}), coalesce(${contracts.closedOn}, ${contracts.finishDate}, 'infinity'::date))`

/**
 * The asignación familiar on the pay date, from the same dated RMV list the domain uses
 * (`MINIMUM_WAGE_HISTORY`): a new RMV shows on every running contract from its first day, without
 * rewriting rows. Lists, sorting, the export and the detail all read it from here.
 */
const allowanceOnPayDate: SQL = (() => {
  const oldest = MINIMUM_WAGE_HISTORY[MINIMUM_WAGE_HISTORY.length - 1]
  const branches = MINIMUM_WAGE_HISTORY.map(
    (e) => sql`when ${payDate} >= ${e.since}::date then ${familyAllowanceOn(e.since).toFixed(2)}::numeric`,
  )
  return sql`(case when ${contracts.familyAllowance} then (case ${sql.join(branches, sql` `)} else ${familyAllowanceOn(oldest.since).toFixed(2)}::numeric end) else 0::numeric end)`
})()

export const familyAllowanceSql = allowanceOnPayDate
export const totalSalarySql = sql`(${contracts.baseSalary} + ${allowanceOnPayDate})`
