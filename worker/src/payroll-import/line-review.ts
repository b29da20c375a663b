import type { Executor } from '@planillas/db'
import { EMPLOYEE_STATUS, LINE_REVIEW } from '@planillas/domain'
import { sql } from 'drizzle-orm'

/**
 * Flags a new payroll's lines for review (issue 11), set-based in one statement, in the import's
 * transaction right after its lines are written:
 * - the line's bank, account or CCI differ from the employee's bank data, when that data was
 *   verified (unverified data proves nothing, so it flags nothing);
 * - the employee is SIN CONTRATO;
 * - the same employee (hence document) is in another VIGENTE payroll of the same period and type.
 * A CCI left empty on the line is not a difference: the account alone pays a same-bank line.
 */
export async function flagLinesForReview(db: Executor, payrollId: number) {
  await db.execute(sql`
    update payroll_lines l set review_flags = (
        case when e.bank_account_verified and (
               e.bank_id is distinct from l.bank_code
            or e.bank_account is distinct from l.bank_account
            or (l.bank_inter_account is not null and e.bank_inter_account is distinct from l.bank_inter_account))
          then ${LINE_REVIEW.BANK_DATA_DIFFER}::int else 0 end
      | case when e.status = ${EMPLOYEE_STATUS.NO_CONTRACT} then ${LINE_REVIEW.NO_CONTRACT}::int else 0 end
      | case when exists (
            select 1 from payroll_lines o
            join payrolls op on op.id = o.payroll_id
            where o.employee_id = l.employee_id and o.payroll_id <> l.payroll_id
              and op.period = p.period and op.type = p.type and op.status = 1 /* VIGENTE */)
          then ${LINE_REVIEW.DUPLICATE_IN_PERIOD}::int else 0 end
      )::smallint
    from employees e, payrolls p
    where l.payroll_id = ${payrollId} and p.id = l.payroll_id and e.id = l.employee_id`)
}
