import {
  contracts,
  type Executor,
  employees,
  paymentBatches,
  paymentVouchers,
  payrollBatches,
  payrolls,
  retentionReceipts,
} from '@planillas/db'
import {
  BATCH_STATUS,
  CONTRACT_STATUS,
  CRE_STATUS,
  netCents,
  PAYMENT_BATCH_STATUS,
  todayInLima,
} from '@planillas/domain'
import dayjs from 'dayjs'
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import { detractionSummary } from '../detractions/queries'

const RECENT = 5
const FAILED_WINDOW_DAYS = 7
const WEEKS = 8
const PERIOD_PAYROLLS = 8
const MONTHS_AHEAD = 6

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
  const [byWeek, period] = await Promise.all([paidByWeek(db), periodProgress(db)])
  return {
    count: totals.count,
    pendingLines: Number(totals.pendingLines),
    pendingAmount: Number(totals.pendingAmount),
    recent: recent.map((p) => ({ ...p, totalAmount: Number(p.totalAmount), totalPaid: Number(p.totalPaid) })),
    byWeek,
    period,
  }
}

/**
 * Soles of the payrolls in force loaded in each of the last weeks (Monday to Sunday, Lima): how much
 * the bank has paid and how much is still pending. From the payrolls' own totals, not their lines.
 */
async function paidByWeek(db: Executor) {
  const week = sql`date_trunc('week', ${payrolls.createdAt} at time zone 'America/Lima')::date`
  const rows = await db
    .select({
      week: sql<string>`to_char(${week}, 'YYYY-MM-DD')`,
      paid: sql<string>`sum(${payrolls.totalPaid})`,
      pending: sql<string>`sum(${payrolls.totalAmount} - ${payrolls.totalPaid})`,
    })
    .from(payrolls)
    .where(
      and(
        eq(payrolls.status, 1),
        gte(
          payrolls.createdAt,
          sql`date_trunc('week', now() at time zone 'America/Lima') at time zone 'America/Lima' - ${`${WEEKS - 1} weeks`}::interval`,
        ),
      ),
    )
    .groupBy(week)
  const found = new Map(rows.map((r) => [r.week, r]))
  return lastWeeks(todayInLima(), WEEKS).map((monday) => ({
    week: monday,
    paid: Number(found.get(monday)?.paid ?? 0),
    pending: Number(found.get(monday)?.pending ?? 0),
  }))
}

/** The Mondays of the last `count` weeks up to the one of `today`, oldest first. */
export function lastWeeks(today: string, count: number): string[] {
  const monday = dayjs(today).subtract((dayjs(today).day() + 6) % 7, 'day')
  return Array.from({ length: count }, (_, i) => monday.subtract(count - 1 - i, 'week').format('YYYY-MM-DD'))
}

/** The payrolls in force of this month's period and how far each is paid. */
async function periodProgress(db: Executor) {
  const period = todayInLima().slice(0, 7).replace('-', '')
  const rows = await db
    .select({
      id: payrolls.id,
      code: payrolls.code,
      name: payrolls.name,
      progress: payrolls.progress,
    })
    .from(payrolls)
    .where(and(eq(payrolls.status, 1), eq(payrolls.period, period)))
    .orderBy(desc(payrolls.createdAt), desc(payrolls.id))
    .limit(PERIOD_PAYROLLS)
  return { period, payrolls: rows }
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
  return { count: totals.count, next, endingByMonth: await endingByMonth(db) }
}

/** Current contracts ending in each of the next months (this one first), months without any as 0. */
async function endingByMonth(db: Executor) {
  const today = todayInLima()
  const months = Array.from({ length: MONTHS_AHEAD }, (_, i) =>
    dayjs(today).startOf('month').add(i, 'month').format('YYYY-MM'),
  )
  const until = dayjs(today).startOf('month').add(MONTHS_AHEAD, 'month').format('YYYY-MM-DD')
  const month = sql<string>`to_char(${contracts.finishDate}, 'YYYY-MM')`
  const rows = await db
    .select({ month, count: count() })
    .from(contracts)
    .where(
      and(
        inArray(contracts.status, [CONTRACT_STATUS.ACTIVE, CONTRACT_STATUS.TOEXPIRE]),
        gte(contracts.finishDate, `${months[0]}-01`),
        lt(contracts.finishDate, until),
      ),
    )
    .groupBy(month)
  const found = new Map(rows.map((r) => [r.month, r.count]))
  return months.map((m) => ({ month: m, count: found.get(m) ?? 0 }))
}

/**
 * 'Pagos a proveedores': vouchers waiting for each step, the overdue ones, what is still owed net
 * of deductions, and the detracciones not yet deposited at the Banco de la Nación. One pass over
 * the open and recently approved or paid vouchers (the status index answers each filter).
 */
export async function supplierPayments(db: Executor) {
  const v = paymentVouchers
  const today = todayInLima()
  /**
   * The sums that `netCents` nets, over the approved vouchers and over every open one: of the vouchers
   * in soles (a dollar voucher's amounts are dollars, never added to soles; docs/decisions/usd-vouchers.md).
   */
  const pen = sql`${v.currency} = 'PEN'`
  const sumOf = (column: AnyColumn, statuses: SQL) =>
    sql<string>`coalesce(sum(${column}) filter (where ${v.status} in ${statuses} and ${pen}), 0)`
  const approved = sql`(3)`
  const open = sql`(1, 2, 3)`

  const [row] = await db
    .select({
      toAuthorize: sql<number>`count(*) filter (where ${v.status} = 1)::int`,
      toAuthorizeCents: sql<string>`coalesce(sum(${v.totalCents}) filter (where ${v.status} = 1 and ${pen}), 0)`,
      toApprove: sql<number>`count(*) filter (where ${v.status} = 2)::int`,
      toApproveCents: sql<string>`coalesce(sum(${v.totalCents}) filter (where ${v.status} = 2 and ${pen}), 0)`,
      approved: sql<number>`count(*) filter (where ${v.status} = 3)::int`,
      overdue: sql<number>`count(*) filter (where ${v.status} in (1, 2, 3) and ${v.dueDate} < ${today})::int`,
      overdueCents: sql<string>`coalesce(sum(${v.totalCents}) filter (where ${v.status} in (1, 2, 3) and ${v.dueDate} < ${today} and ${pen}), 0)`,
      toDeposit: sql<number>`count(*) filter (where ${v.status} in (3, 4) and ${v.detractionCents} > 0 and ${v.detractionDepositedOn} is null)::int`,
      toDepositCents: sql<string>`coalesce(sum(${v.detractionCents}) filter (where ${v.status} in (3, 4) and ${v.detractionCents} > 0 and ${v.detractionDepositedOn} is null), 0)`,
      approvedTotal: sumOf(v.totalCents, approved),
      approvedDetraction: sumOf(v.detractionCents, approved),
      approvedRetention: sumOf(v.retentionCents, approved),
      approvedFourthCategory: sumOf(v.fourthCategoryCents, approved),
      owedTotal: sumOf(v.totalCents, open),
      owedDetraction: sumOf(v.detractionCents, open),
      owedRetention: sumOf(v.retentionCents, open),
      owedFourthCategory: sumOf(v.fourthCategoryCents, open),
    })
    .from(v)
    .where(inArray(v.status, [1, 2, 3, 4]))
  return {
    toAuthorize: { count: row.toAuthorize, totalCents: Number(row.toAuthorizeCents) },
    toApprove: { count: row.toApprove, totalCents: Number(row.toApproveCents) },
    approvedToPay: {
      count: row.approved,
      netCents: netCents(
        Number(row.approvedTotal),
        Number(row.approvedDetraction),
        Number(row.approvedRetention),
        Number(row.approvedFourthCategory),
      ),
    },
    overdue: { count: row.overdue, totalCents: Number(row.overdueCents) },
    solesToPayCents: netCents(
      Number(row.owedTotal),
      Number(row.owedDetraction),
      Number(row.owedRetention),
      Number(row.owedFourthCategory),
    ),
    detractionsToDeposit: { count: row.toDeposit, amountCents: Number(row.toDepositCents) },
    ...(await detractionsOf(db, today)),
    retentionReceiptsToSend: await retentionReceiptsToSend(db, today),
  }
}

/**
 * Comprobantes de retención PENDIENTES de envío, and those past their deadline (issued more than 7
 * calendar days ago: the 7 days run from the day after issue).
 */
async function retentionReceiptsToSend(db: Executor, today: string) {
  const [row] = await db
    .select({
      count: count(),
      overdue: sql<number>`count(*) filter (where ${retentionReceipts.issueDate} < (${today}::date - 7))::int`,
    })
    .from(retentionReceipts)
    .where(eq(retentionReceipts.status, CRE_STATUS.PENDING))
  return { count: row?.count ?? 0, overdue: row?.overdue ?? 0 }
}

/** The detracciones owed within their deadline, past it, and deposited this month. */
async function detractionsOf(db: Executor, today: string) {
  const { pending, overdue, depositedThisMonth } = await detractionSummary(db, today)
  return {
    detractionsPending: pending,
    detractionsOverdue: overdue,
    detractionsDeposited: depositedThisMonth,
  }
}
