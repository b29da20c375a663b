import { type Executor, payrollLines, payrolls } from '@planillas/db'
import {
  lineStateOf,
  type PageQuery,
  type PayrollFilter,
  type PayrollLineFilter,
  reviewReasons,
} from '@planillas/domain'
import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm'
import { boundedCount, countedRows, likePattern, orderByFor, paged } from '../../lib/paging'
import { inKeysetBatches } from '../../lib/xlsx'

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

export async function listPayrolls(db: Executor, filter: PayrollFilter, page: PageQuery) {
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
    (db) => boundedCount(db, countedRows(db).from(payrolls).where(where(filter)).$dynamic()),
  )
  return { ...result, content: result.content.map(toPayrollRow) }
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
}

/** Money as a number; the line's state and review reasons spelled out for screens and exports. */
const toLine = <T extends Parameters<typeof lineStateOf>[0] & { amount: string }>(line: T) => ({
  ...line,
  amount: Number(line.amount),
  state: lineStateOf(line),
  reviewReasons: reviewReasons(line.reviewFlags),
})

export async function listLines(db: Executor, payrollId: number, filter: PayrollLineFilter, page: PageQuery) {
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
    (db) =>
      boundedCount(db, countedRows(db).from(payrollLines).where(lineWhere(payrollId, filter)).$dynamic()),
  )
  return { ...result, content: result.content.map(toLine) }
}

/**
 * The lines of the export in file row order (issue 11), 5,000 at a time on the keyset
 * (row number, id) that the `(payroll_id, row_number)` index answers: an id keyset read the whole
 * primary key past other payrolls' lines on every batch.
 */
export const lineExportRows = (db: Executor, payrollId: number, filter: PayrollLineFilter) =>
  inKeysetBatches(
    (after: { row: number; id: number } | null, limit) =>
      db
        .select(lineColumns)
        .from(payrollLines)
        .where(
          and(
            lineWhere(payrollId, filter),
            after
              ? sql`(${payrollLines.rowNumber}, ${payrollLines.id}) > (${after.row}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(payrollLines.rowNumber), asc(payrollLines.id))
        .limit(limit)
        .then((rows) => rows.map(toLine)),
    (line) => ({ row: line.rowNumber, id: line.id }),
  )
