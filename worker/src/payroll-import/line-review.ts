import { type Executor, rowsOf } from '@planillas/db'
import { EMPLOYEE_STATUS, LINE_REVIEW } from '@planillas/domain'
import { type SQL, sql } from 'drizzle-orm'

/** A code of ours written into the statement, so that it takes no parameter (a named statement). */
const constant = (code: number) => sql.raw(String(Math.trunc(code)))

/**
 * Why a new payroll's line must be looked at before it is paid, worked out with the
 * employee look-up of each row (`findEmployees`) so that the line is written once, flags
 * included, with no second pass over the payroll (an `UPDATE` of every line rewrote
 * each of them and, on fresh statistics, probed the new payroll's whole index once per line):
 * - the line's bank, account or CCI differ from the employee's bank data, when that data was
 *   verified (unverified data proves nothing, so it flags nothing);
 * - the employee is SIN CONTRATO;
 * - the same employee (hence document) is in another VIGENTE payroll of the same period and type
 *   (`EmployeesInPeriod`, read once per import).
 * - the employee's bank data were typed or changed and no other user confirmed them yet (four
 *   eyes; data nobody changed since that was recorded keep the earlier rule);
 * A CCI left empty on the line is not a difference: the account alone pays a same-bank line.
 *
 * `e` is the employee row, `d` the line's values (bank_code, bank_account, bank_inter_account).
 */
export const employeeFlagsSql: SQL = sql`(
    case when e.bank_account_verified and (
           e.bank_id is distinct from d.bank_code
        or e.bank_account is distinct from d.bank_account
        or (d.bank_inter_account is not null and e.bank_inter_account is distinct from d.bank_inter_account))
      then ${constant(LINE_REVIEW.BANK_DATA_DIFFER)} else 0 end
  | case when not e.bank_account_verified and e.bank_data_changed_by is not null
      then ${constant(LINE_REVIEW.BANK_DATA_UNCONFIRMED)} else 0 end
  | case when e.status = ${constant(EMPLOYEE_STATUS.NO_CONTRACT)} then ${constant(LINE_REVIEW.NO_CONTRACT)} else 0 end)`

/** The employees already in a VIGENTE payroll of the period and type, as a sorted array of ids. */
export class EmployeesInPeriod {
  constructor(private readonly ids: Int32Array) {}

  has(id: number): boolean {
    let low = 0
    let high = this.ids.length - 1
    while (low <= high) {
      const mid = (low + high) >>> 1
      const at = this.ids[mid]
      if (at === id) return true
      if (at < id) low = mid + 1
      else high = mid - 1
    }
    return false
  }

  /** The review flag a line of this employee gets for being in another payroll of the period. */
  flagOf(id: number): number {
    return this.has(id) ? LINE_REVIEW.DUPLICATE_IN_PERIOD : 0
  }
}

/**
 * One read per import of who is already paid in another VIGENTE payroll of the same period and
 * type (the payroll being written is not committed, so it is never among them): 4 bytes per
 * employee, against one probe of the lines per row that PostgreSQL planned badly while the
 * statistics still said the lines table was empty (a scan of the new payroll's index per line).
 */
export async function employeesInPeriod(
  db: Executor,
  period: string,
  type: number,
): Promise<EmployeesInPeriod> {
  const result = await db.execute(sql`
    select distinct l.employee_id as id
    from payrolls p join payroll_lines l on l.payroll_id = p.id
    where p.period = ${period} and p.type = ${type} and p.status = 1 /* VIGENTE */
    order by 1`)
  const rows = rowsOf<{ id: number }>(result)
  return new EmployeesInPeriod(Int32Array.from(rows, (r) => Number(r.id)))
}
