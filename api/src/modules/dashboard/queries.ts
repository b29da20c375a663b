import { contracts, type Executor, employees, paymentBatches, payrollBatches, payrolls } from '@planillas/db'
import { BATCH_STATUS, CONTRACT_STATUS, PAYMENT_BATCH_STATUS } from '@planillas/domain'
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'

const RECENT = 5
const FAILED_WINDOW_DAYS = 7

/** VIGENTE payrolls the bank has not paid in full: how many, what is left, the newest few. */
export async function payrollsToPay(db: Executor) {
  const open = and(eq(payrolls.status, 1), lt(payrolls.progress, 100))
  const [totals] = await db
    .select({
      count: count(),
      pendingLines: sql<number>`coalesce(sum(${payrolls.collaborators} - ${payrolls.paidCount}), 0)::int`,
      pendingAmount: sql<string>`coalesce(sum(${payrolls.totalAmount} - ${payrolls.totalPaid}), 0)`,
    })
    .from(payrolls)
    .where(open)
  const recent = await db
    .select({
      id: payrolls.id,
      code: payrolls.code,
      name: payrolls.name,
      period: payrolls.period,
      collaborators: payrolls.collaborators,
      paid: payrolls.paidCount,
      totalAmount: payrolls.totalAmount,
      totalPaid: payrolls.totalPaid,
      progress: payrolls.progress,
    })
    .from(payrolls)
    .where(open)
    .orderBy(desc(payrolls.createdAt), desc(payrolls.id))
    .limit(RECENT)
  return {
    count: totals.count,
    pendingLines: Number(totals.pendingLines),
    pendingAmount: Number(totals.pendingAmount),
    recent: recent.map((p) => ({ ...p, totalAmount: Number(p.totalAmount), totalPaid: Number(p.totalPaid) })),
  }
}

/** Uploads still being worked on, and those that ended with errors in the last days. */
async function uploadCounts(
  db: Executor,
  table: typeof payrollBatches | typeof paymentBatches,
  status: { running: number[]; failed: number },
) {
  const since = sql`now() - ${`${FAILED_WINDOW_DAYS} days`}::interval`
  const [row] = await db
    .select({
      running: sql<number>`count(*) filter (where ${inArray(table.status, status.running)})::int`,
      failed: sql<number>`count(*) filter (where ${and(eq(table.status, status.failed), gte(table.createdAt, since))})::int`,
    })
    .from(table)
  return { running: Number(row.running), failed: Number(row.failed) }
}

/** Payroll uploads and payment uploads to watch; each kind only when asked for. */
export async function uploadsToWatch(db: Executor, kinds: { payroll: boolean; payment: boolean }) {
  return {
    failedWindowDays: FAILED_WINDOW_DAYS,
    payroll: kinds.payroll
      ? await uploadCounts(db, payrollBatches, {
          running: [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING],
          failed: BATCH_STATUS.FAILED,
        })
      : undefined,
    payment: kinds.payment
      ? await uploadCounts(db, paymentBatches, {
          running: [PAYMENT_BATCH_STATUS.PENDING, PAYMENT_BATCH_STATUS.PROCESSING],
          failed: PAYMENT_BATCH_STATUS.FAILED,
        })
      : undefined,
  }
}

/** Contracts POR VENCER: how many, and the ones that end first. */
export async function contractsToRenew(db: Executor) {
  const toExpire = eq(contracts.status, CONTRACT_STATUS.TOEXPIRE)
  const [totals] = await db.select({ count: count() }).from(contracts).where(toExpire)
  const next = await db
    .select({
      id: contracts.id,
      number: contracts.number,
      fullName: sql<string>`${employees.name} || ' ' || ${employees.surname}`,
      finishDate: contracts.finishDate,
    })
    .from(contracts)
    .innerJoin(employees, eq(employees.id, contracts.employeeId))
    .where(toExpire)
    .orderBy(asc(contracts.finishDate), asc(contracts.id))
    .limit(RECENT)
  return { count: totals.count, next }
}
