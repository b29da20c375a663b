import { companies, type Executor, suppliers, paymentVouchers as v } from '@planillas/db'
import {
  type DetractionFilter,
  type DetractionState,
  detractionDeadline,
  detractionOverdueBefore,
  detractionStateOn,
  periodOfDay,
  todayInLima,
  voucherNumber,
} from '@planillas/domain'
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { holidaysOf } from '../../lib/holidays'
import { countedRows, type ListPage, orderByFor, paged } from '../../lists/paging'
import { payableVoucher } from '../vouchers/columns'
import { voucherWhere } from '../vouchers/queries'

/** A detracción is owed from the voucher's approval, and stays owed once it is paid. */
const OWING = [3, 4]

const sortColumns = {
  id: v.id,
  issueDate: v.issueDate,
  supplierName: suppliers.name,
  totalCents: v.totalCents,
  detractionCents: v.detractionCents,
  depositedOn: v.detractionDepositedOn,
}

const owed = () => and(inArray(v.status, OWING), isNull(v.detractionDepositedOn))

/**
 * Each state as a condition, given the first day of the first recording period still within its
 * deadline and today: a detracción is due by the earlier of that deadline and the voucher's payment
 * (`detractionDeadline`), so one paid before today and not deposited is overdue. Periods are
 * 'AAAAMM' text, which sorts as the months do.
 */
const stateConditions = (overdueBefore: string, today: string): Record<DetractionState, SQL | undefined> => {
  const firstOpen = periodOfDay(overdueBefore)
  return {
    depositada: isNotNull(v.detractionDepositedOn),
    vencida: and(owed(), or(lt(v.recordingPeriod, firstOpen), lt(v.paidOn, today))),
    pendiente: and(owed(), gte(v.recordingPeriod, firstOpen), or(isNull(v.paidOn), gte(v.paidOn, today))),
  }
}

/**
 * The vouchers with a detracción the treasurer deals with: owed (APROBADO or PAGADO, not deposited)
 * or deposited, narrowed by the list's filter. Search, company and supplier are the vouchers' own.
 */
function detractionWhere(filter: DetractionFilter, overdueBefore: string, today: string) {
  const states = stateConditions(overdueBefore, today)
  const period = filter.period
  const from = period ? `${period.slice(0, 4)}-${period.slice(4)}-01` : undefined
  return and(
    gt(v.detractionCents, 0),
    or(inArray(v.status, OWING), isNotNull(v.detractionDepositedOn)),
    voucherWhere({ search: filter.search, companyIds: filter.companyIds, supplierIds: filter.supplierIds }),
    filter.states?.length ? or(...filter.states.map((s) => states[s])) : undefined,
    from
      ? sql`${v.issueDate} >= ${from}::date and ${v.issueDate} < (${from}::date + interval '1 month')`
      : undefined,
    filter.depositedOn?.from ? gte(v.detractionDepositedOn, filter.depositedOn.from) : undefined,
    filter.depositedOn?.to ? lte(v.detractionDepositedOn, filter.depositedOn.to) : undefined,
  )
}

const rows = (db: Executor) =>
  db
    .select({
      ...payableVoucher,
      recordingPeriod: v.recordingPeriod,
      status: v.status,
      spotCode: v.spotCode,
      totalCents: v.totalCents,
      detractionCents: v.detractionCents,
      depositedOn: v.detractionDepositedOn,
      constancia: v.detractionConstancia,
      paidOn: v.paidOn,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .innerJoin(companies, eq(companies.id, v.companyId))

/**
 * 'Detracciones': each voucher's detracción with its deadline and state, oldest issue first by
 * default, and the sums of the whole filtered list (its totals row).
 */
export async function listDetractions(
  db: Executor,
  filter: DetractionFilter,
  page: ListPage,
  today = todayInLima(),
) {
  const holidays = await holidaysOf(db)
  const overdueBefore = detractionOverdueBefore(today, holidays)
  const where = detractionWhere(filter, overdueBefore, today)
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'issueDate', direction: 'asc' }, v.id, {
    names: ['supplierName'],
  })
  const result = await paged(
    db,
    page,
    (db, limit, offset) =>
      rows(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) =>
      countedRows(db).from(v).innerJoin(suppliers, eq(suppliers.id, v.supplierId)).where(where).$dynamic(),
  )
  const [sums] = await db
    .select({
      detraction: sql<string>`coalesce(sum(${v.detractionCents}), 0)::text`,
      deposited: sql<string>`coalesce(sum(${v.detractionCents}) filter (where ${v.detractionDepositedOn} is not null), 0)::text`,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .where(where)
  const [detractionCents, depositedCents] = [Number(sums.detraction), Number(sums.deposited)]
  return {
    ...result,
    content: result.content.map(({ series, number, depositedOn, paidOn, ...row }) => {
      const dueOn = detractionDeadline(row.recordingPeriod, paidOn, holidays)
      return {
        ...row,
        fullNumber: voucherNumber(series, number),
        dueOn,
        state: detractionStateOn(dueOn, depositedOn, today) as DetractionState,
        depositedOn,
      }
    }),
    totals: { detractionCents, depositedCents, owedCents: detractionCents - depositedCents },
  }
}

/**
 * The dashboard's detracciones: owed within their deadline, owed past it, and deposited this month
 * (by the deposit's date), in one pass over the vouchers with a detracción.
 */
export async function detractionSummary(db: Executor, today = todayInLima()) {
  const overdueBefore = detractionOverdueBefore(today, await holidaysOf(db))
  const states = stateConditions(overdueBefore, today)
  const monthStart = `${today.slice(0, 7)}-01`
  const depositedThisMonth = sql`${v.detractionDepositedOn} >= ${monthStart}::date`
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${states.pendiente})::int`,
      pendingCents: sql<string>`coalesce(sum(${v.detractionCents}) filter (where ${states.pendiente}), 0)`,
      overdue: sql<number>`count(*) filter (where ${states.vencida})::int`,
      overdueCents: sql<string>`coalesce(sum(${v.detractionCents}) filter (where ${states.vencida}), 0)`,
      deposited: sql<number>`count(*) filter (where ${depositedThisMonth})::int`,
      depositedCents: sql<string>`coalesce(sum(${v.detractionCents}) filter (where ${depositedThisMonth}), 0)`,
    })
    .from(v)
    .where(gt(v.detractionCents, 0))
  return {
    pending: { count: row.pending, amountCents: Number(row.pendingCents) },
    overdue: { count: row.overdue, amountCents: Number(row.overdueCents) },
    depositedThisMonth: { count: row.deposited, amountCents: Number(row.depositedCents), since: monthStart },
  }
}
