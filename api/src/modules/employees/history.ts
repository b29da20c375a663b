import { contracts, type Executor, payrollLines, payrolls } from '@planillas/db'
import { EMPLOYEE_HISTORY_LIMIT } from '@planillas/domain'
import { and, desc, eq } from 'drizzle-orm'
import { contractSummaryColumns } from './queries'

const lineColumns = {
  id: payrollLines.id,
  payrollId: payrollLines.payrollId,
  payrollCode: payrolls.code,
  period: payrolls.period,
  payrollName: payrolls.name,
  amount: payrollLines.amount,
  paid: payrollLines.paid,
  paidDate: payrollLines.paidDate,
  operationNumber: payrollLines.operationNumber,
}

const toLine = <T extends { amount: string }>(line: T) => ({ ...line, amount: Number(line.amount) })

/** The employee's contracts, newest first (by start, then number). */
export async function contractHistory(db: Executor, employeeId: number) {
  const rows = await db
    .select({
      ...contractSummaryColumns,
      totalSalary: contracts.totalSalary,
    })
    .from(contracts)
    .where(eq(contracts.employeeId, employeeId))
    .orderBy(desc(contracts.startDate), desc(contracts.id))
    .limit(EMPLOYEE_HISTORY_LIMIT)
  return rows.map((r) => ({ ...r, totalSalary: Number(r.totalSalary) }))
}

/**
 * The employee's payroll lines (newest payroll first) and, of them, the payments made (newest
 * payment first). `payroll_lines_employee_idx` finds them.
 */
export async function payrollHistory(db: Executor, employeeId: number) {
  const lines = () =>
    db.select(lineColumns).from(payrollLines).innerJoin(payrolls, eq(payrolls.id, payrollLines.payrollId))
  const [all, paid] = await Promise.all([
    lines()
      .where(eq(payrollLines.employeeId, employeeId))
      .orderBy(desc(payrolls.period), desc(payrollLines.payrollId), desc(payrollLines.id))
      .limit(EMPLOYEE_HISTORY_LIMIT),
    lines()
      .where(and(eq(payrollLines.employeeId, employeeId), eq(payrollLines.paid, true)))
      .orderBy(desc(payrollLines.paidDate), desc(payrollLines.id))
      .limit(EMPLOYEE_HISTORY_LIMIT),
  ])
  return { payrollLines: all.map(toLine), payments: paid.map(toLine) }
}
