import { type Executor, payrollLines, payrolls, rowsOf } from '@planillas/db'
import { lineStateOf, type PayrollFilter, type PayrollLineFilter, reviewReasons } from '@planillas/domain'
import { and, asc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { countedRows, type ListPage, likePattern, orderByFor, paged } from '../../lists/paging'

const sortColumns = {
  id: payrolls.id,
  code: payrolls.code,
  period: payrolls.period,
  name: payrolls.name,
  type: payrolls.type,
  totalAmount: payrolls.totalAmount,
  progress: payrolls.progress,
  createdAt: payrolls.createdAt,
}

const where = (filter: PayrollFilter) =>
  and(
    filter.search
      ? or(ilike(payrolls.name, likePattern(filter.search)), ilike(payrolls.code, likePattern(filter.search)))
      : undefined,
    filter.type ? eq(payrolls.type, filter.type) : undefined,
    filter.period ? eq(payrolls.period, filter.period) : undefined,
  )

type PayrollRecord = typeof payrolls.$inferSelect

/** Money leaves the database as numeric text; the API answers numbers, as contracts do. */
export function toPayrollRow(p: PayrollRecord) {
  return { ...p, totalAmount: Number(p.totalAmount), totalPaid: Number(p.totalPaid), paid: p.paidCount }
}

export async function listPayrolls(db: Executor, filter: PayrollFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'desc' }, payrolls.id)
  const result = await paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select()
        .from(payrolls)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(payrolls).where(where(filter)).$dynamic(),
  )
  return { ...result, content: result.content.map(toPayrollRow), totals: await payrollTotals(db, filter) }
}

/**
 * The sums of the whole filtered list (its totals row), not of the page: a few hundred payrolls a
 * year, summed in one statement. Money summed as numeric, exact, and answered as numbers.
 */
export async function payrollTotals(db: Executor, filter: PayrollFilter) {
  const [sums] = await db
    .select({
      collaborators: sql<string>`coalesce(sum(${payrolls.collaborators}), 0)::text`,
      totalAmount: sql<string>`coalesce(sum(${payrolls.totalAmount}), 0)::text`,
      paid: sql<string>`coalesce(sum(${payrolls.paidCount}), 0)::text`,
      totalPaid: sql<string>`coalesce(sum(${payrolls.totalPaid}), 0)::text`,
    })
    .from(payrolls)
    .where(where(filter))
  return {
    collaborators: Number(sums.collaborators),
    totalAmount: Number(sums.totalAmount),
    paid: Number(sums.paid),
    totalPaid: Number(sums.totalPaid),
  }
}

export const payrollExportBatch = (db: Executor, filter: PayrollFilter) => (afterId: number, limit: number) =>
  db
    .select()
    .from(payrolls)
    .where(and(where(filter), gt(payrolls.id, afterId)))
    .orderBy(asc(payrolls.id))
    .limit(limit)

export const getPayroll = async (db: Executor, id: number) =>
  (await db.select().from(payrolls).where(eq(payrolls.id, id)))[0]

/** VIGENTE payrolls for dropdowns (payment uploads pick one), newest first. */
export const activePayrolls = (db: Executor) =>
  db
    .select({
      id: payrolls.id,
      code: payrolls.code,
      name: payrolls.name,
      period: payrolls.period,
      type: payrolls.type,
    })
    .from(payrolls)
    .where(eq(payrolls.status, 1))
    .orderBy(asc(payrolls.period), asc(payrolls.id))

export const setPayrollStatus = async (db: Executor, id: number, status: number) =>
  (await db.update(payrolls).set({ status }).where(eq(payrolls.id, id)).returning())[0]

const lineSortColumns = {
  rowNumber: payrollLines.rowNumber,
  identifier: payrollLines.identifier,
  fullName: payrollLines.fullName,
  amount: payrollLines.amount,
  paid: payrollLines.paid,
}

const lineWhere = (payrollId: number, filter: PayrollLineFilter) =>
  and(
    eq(payrollLines.payrollId, payrollId),
    filter.search
      ? or(
          ilike(payrollLines.identifier, likePattern(filter.search)),
          ilike(payrollLines.fullName, likePattern(filter.search)),
        )
      : undefined,
    filter.paid === true || filter.paid === false ? eq(payrollLines.paid, filter.paid) : undefined,
  )

const lineColumns = {
  id: payrollLines.id,
  rowNumber: payrollLines.rowNumber,
  employeeId: payrollLines.employeeId,
  identifierType: payrollLines.identifierType,
  identifier: payrollLines.identifier,
  fullName: payrollLines.fullName,
  bankCode: payrollLines.bankCode,
  bankAccount: payrollLines.bankAccount,
  bankInterAccount: payrollLines.bankInterAccount,
  amount: payrollLines.amount,
  paid: payrollLines.paid,
  paidDate: payrollLines.paidDate,
  operationNumber: payrollLines.operationNumber,
  reviewFlags: payrollLines.reviewFlags,
  reviewConfirmedBy: payrollLines.reviewConfirmedBy,
  reviewConfirmedAt: payrollLines.reviewConfirmedAt,
  daysWorked: payrollLines.daysWorked,
  ordinaryMinutes: payrollLines.ordinaryMinutes,
  overtimeMinutes: payrollLines.overtimeMinutes,
  pensionSystem: payrollLines.pensionSystem,
  cuspp: payrollLines.cuspp,
}

/** Money as a number; the line's state and review reasons spelled out for screens and exports. */
const toLine = <T extends Parameters<typeof lineStateOf>[0] & { amount: string }>(line: T) => ({
  ...line,
  amount: Number(line.amount),
  state: lineStateOf(line),
  reviewReasons: reviewReasons(line.reviewFlags),
})

export async function listLines(db: Executor, payrollId: number, filter: PayrollLineFilter, page: ListPage) {
  const orderBy = orderByFor(
    page.sort,
    lineSortColumns,
    { field: 'rowNumber', direction: 'asc' },
    payrollLines.id,
  )
  const result = await paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select(lineColumns)
        .from(payrollLines)
        .where(lineWhere(payrollId, filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(payrollLines).where(lineWhere(payrollId, filter)).$dynamic(),
  )
  return { ...result, content: result.content.map(toLine), totals: await lineTotals(db, payrollId, filter) }
}

/** The sums of the filtered lines, every page (a payroll's 100,000 lines in one indexed statement). */
export async function lineTotals(db: Executor, payrollId: number, filter: PayrollLineFilter) {
  const [sums] = await db
    .select({
      amount: sql<string>`coalesce(sum(${payrollLines.amount}), 0)::text`,
      paid: sql<string>`count(*) filter (where ${payrollLines.paid})::text`,
      paidAmount: sql<string>`coalesce(sum(${payrollLines.amount}) filter (where ${payrollLines.paid}), 0)::text`,
    })
    .from(payrollLines)
    .where(lineWhere(payrollId, filter))
  return { amount: Number(sums.amount), paid: Number(sums.paid), paidAmount: Number(sums.paidAmount) }
}

/**
 * One line of the details export, as PostgreSQL sends it (rowMode 'array'): no object per row,
 * no name mapping, money already a number. See `lineExportBatches`.
 */
export type LineExportRow = [
  id: number,
  rowNumber: number,
  identifierType: number,
  identifier: string,
  fullName: string,
  bankCode: string,
  bankAccount: string,
  bankInterAccount: string | null,
  amount: number,
  paid: boolean,
  paidDate: string | null,
  operationNumber: string | null,
  reviewFlags: number,
  reviewConfirmedAt: string | null,
]

/**
 * Small batches: each dies young, before V8 promotes it (10,000 per batch grew the API's RSS by
 * some 70 MB per export of 100,000 lines, 2,000 by about 10 MB, and the export got faster).
 */
const EXPORT_BATCH = 2_000

/**
 * The lines of the details export in file row order, EXPORT_BATCH at a time on the
 * keyset (row number, id) that the `(payroll_id, row_number)` index answers (an id keyset read
 * the whole primary key past other payrolls' lines on every batch). One raw statement
 * per batch with rowMode 'array' on node-postgres (Drizzle built an object per row, the route two
 * more), only the columns the file shows, the amount as float8 (the number the sheet holds) and
 * the date as text. The next batch is asked for only when the file has taken this one, so
 * memory holds one batch whatever the payroll's size.
 */
export async function* lineExportBatches(
  db: Executor,
  payrollId: number,
  filter: PayrollLineFilter,
): AsyncIterable<LineExportRow[]> {
  let after: { row: number; id: number } | null = null
  for (;;) {
    const query: SQL = sql`
      select id, row_number, identifier_type, identifier, full_name, bank_code, bank_account,
        bank_inter_account, amount::float8, paid, paid_date::text, operation_number, review_flags,
        review_confirmed_at::text
      from payroll_lines
      where ${lineWhere(payrollId, filter)}
        ${after ? sql`and (row_number, id) > (${after.row}::int, ${after.id}::bigint)` : sql``}
      order by row_number, id
      limit ${EXPORT_BATCH}`
    const batch: LineExportRow[] = await arrayRows<LineExportRow>(db, query)
    if (batch.length === 0) return
    yield batch
    if (batch.length < EXPORT_BATCH) return
    const last: LineExportRow = batch[batch.length - 1]
    after = { row: last[1], id: Number(last[0]) }
  }
}

/** A query's rows as arrays: rowMode 'array' on node-postgres, the values of each row on PGlite. */
async function arrayRows<T extends unknown[]>(db: Executor, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query)
    const result = await client.query<T>({ text, values: params, rowMode: 'array' })
    return result.rows
  }
  return rowsOf<Record<string, unknown>>(await db.execute(query)).map((row) => Object.values(row) as T)
}
