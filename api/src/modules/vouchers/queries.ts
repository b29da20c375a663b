import {
  companies,
  type Executor,
  expenseLines,
  projectTypes,
  rejectReasons,
  suppliers,
  paymentVouchers as v,
  voucherFiles,
  xmlTermsOf,
} from '@planillas/db'
import {
  actionsFrom,
  foreignNetCents,
  netCents,
  todayInLima,
  type VoucherFilter,
  voucherDetractionDue,
  voucherNumber,
} from '@planillas/domain'
import {
  type AnyColumn,
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { holidaysOf } from '../../lib/holidays'
import { countedRows, foldedLike, type ListPage, likePattern, orderByFor, paged } from '../../lists/paging'

/** Vouchers still owed: REGISTRADO, AUTORIZADO, APROBADO. */
export const OPEN_STATUSES = [1, 2, 3]

const sortColumns = {
  id: v.id,
  issueDate: v.issueDate,
  dueDate: v.dueDate,
  totalCents: v.totalCents,
  status: v.status,
  supplierName: suppliers.name,
  createdAt: v.createdAt,
}

/** 'F001-123' or '123' or 'F001' finds by number; any text also finds by the supplier's RUC or name. */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim()
  const byNumber = /^([A-Za-z0-9]{4})-?0*(\d{1,8})$/.exec(term)
  const conditions: (SQL | undefined)[] = [
    ilike(suppliers.ruc, likePattern(term)),
    foldedLike(suppliers.name, term),
    ilike(v.series, likePattern(term)),
  ]
  if (byNumber)
    conditions.push(and(eq(v.series, byNumber[1].toUpperCase()), eq(v.number, Number(byNumber[2]))))
  if (/^\d{1,8}$/.test(term)) conditions.push(eq(v.number, Number(term)))
  return or(...conditions)
}

export function voucherWhere(filter: VoucherFilter, today = todayInLima()) {
  return and(
    filter.search ? searchCondition(filter.search) : undefined,
    filter.statuses?.length ? inArray(v.status, filter.statuses) : undefined,
    filter.supplierIds?.length ? inArray(v.supplierId, filter.supplierIds) : undefined,
    filter.companyIds?.length ? inArray(v.companyId, filter.companyIds) : undefined,
    filter.expenseLineIds?.length ? inArray(v.expenseLineId, filter.expenseLineIds) : undefined,
    filter.types?.length ? inArray(v.type, filter.types) : undefined,
    filter.dueDate?.from ? gte(v.dueDate, filter.dueDate.from) : undefined,
    filter.dueDate?.to ? lte(v.dueDate, filter.dueDate.to) : undefined,
    filter.overdue ? and(inArray(v.status, OPEN_STATUSES), lt(v.dueDate, today)) : undefined,
  )
}

/** A voucher with the names the list shows (supplier, company, expense line, project type, reason). */
const voucherRows = (db: Executor) =>
  db
    .select({
      ...getTableColumns(v),
      companyName: companies.name,
      supplierRuc: suppliers.ruc,
      supplierName: suppliers.name,
      expenseLine: expenseLines.description,
      projectType: projectTypes.description,
      rejectReason: rejectReasons.description,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .innerJoin(companies, eq(companies.id, v.companyId))
    .innerJoin(expenseLines, eq(expenseLines.id, v.expenseLineId))
    .leftJoin(projectTypes, eq(projectTypes.id, v.projectTypeId))
    .leftJoin(rejectReasons, eq(rejectReasons.id, v.rejectReasonId))

type RawVoucher = Awaited<ReturnType<ReturnType<typeof voucherRows>['execute']>>[number]

/** What is paid to the supplier, in the voucher's currency (docs/decisions/usd-vouchers.md). */
export const voucherNetCents = (row: typeof v.$inferSelect) =>
  row.currency === 'PEN'
    ? netCents(row.totalCents, row.detractionCents, row.retentionCents, row.fourthCategoryCents)
    : foreignNetCents(
        row.totalCents,
        row.detractionCents,
        row.detractionExchangeRateMilli,
        row.retentionCents,
        row.retentionExchangeRateMilli,
      )

/** The row as the API answers it: with its number written out, whether it is overdue, its net and actions. */
export function toVoucherRow(row: RawVoucher, today = todayInLima()) {
  const { freedByCreditNoteId, ...rest } = row
  return {
    ...rest,
    freedByCreditNoteId,
    fullNumber: voucherNumber(row.series, row.number),
    overdue: OPEN_STATUSES.includes(row.status) && row.dueDate < today,
    netCents: voucherNetCents(row),
    actions: actionsFrom(row.status),
  }
}
export type VoucherView = ReturnType<typeof toVoucherRow>

export async function listVouchers(db: Executor, filter: VoucherFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'dueDate', direction: 'asc' }, v.id, {
    names: ['supplierName'],
  })
  const today = todayInLima()
  const result = await paged(
    db,
    page,
    (db, limit, offset) =>
      voucherRows(db)
        .where(voucherWhere(filter, today))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) =>
      countedRows(db)
        .from(v)
        .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
        .where(voucherWhere(filter, today))
        .$dynamic(),
  )
  return {
    ...result,
    content: result.content.map((r) => toVoucherRow(r, today)),
    totals: await voucherTotals(db, filter, today),
  }
}

/**
 * The sums of the whole filtered list (its totals row), not of the page, in one statement over the
 * same filter: total, deductions and the net still owed, exact in céntimos.
 */
export async function voucherTotals(db: Executor, filter: VoucherFilter, today: string) {
  const pen = sql`${v.currency} = 'PEN'`
  // A deduction in soles back in dollar cents, rounded half up as `foreignOfSoles` rounds.
  const back = (solesCents: AnyColumn, rate: AnyColumn) =>
    sql`case when ${solesCents} > 0 and ${rate} > 0 then (${solesCents} * 1000 + ${rate} / 2) / ${rate} else 0 end`
  const [sums] = await db
    .select({
      total: sql<string>`coalesce(sum(${v.totalCents}) filter (where ${pen}), 0)::text`,
      penDeductions: sql<string>`coalesce(sum(${v.detractionCents} + ${v.retentionCents} + ${v.fourthCategoryCents}) filter (where ${pen}), 0)::text`,
      detraction: sql<string>`coalesce(sum(${v.detractionCents}), 0)::text`,
      retention: sql<string>`coalesce(sum(${v.retentionCents}), 0)::text`,
      fourthCategory: sql<string>`coalesce(sum(${v.fourthCategoryCents}), 0)::text`,
      usdTotal: sql<string>`coalesce(sum(${v.totalCents}) filter (where not ${pen}), 0)::text`,
      // Each dollar voucher's deductions turned back into dollars at its own rates, as `foreignNetCents` does.
      usdDeductions: sql<string>`coalesce(sum(${back(v.detractionCents, v.detractionExchangeRateMilli)} + ${back(v.retentionCents, v.retentionExchangeRateMilli)}) filter (where not ${pen}), 0)::text`,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .where(voucherWhere(filter, today))
  const [
    totalCents,
    penDeductions,
    detractionCents,
    retentionCents,
    fourthCategoryCents,
    usdTotalCents,
    usdDeductions,
  ] = [
    sums.total,
    sums.penDeductions,
    sums.detraction,
    sums.retention,
    sums.fourthCategory,
    sums.usdTotal,
    sums.usdDeductions,
  ].map(Number)
  return {
    totalCents,
    detractionCents,
    retentionCents,
    fourthCategoryCents,
    netCents: netCents(totalCents, penDeductions, 0),
    usdTotalCents,
    usdNetCents: netCents(usdTotalCents, usdDeductions, 0),
  }
}

export const voucherExportBatch =
  (db: Executor, filter: VoucherFilter) => async (afterId: number, limit: number) =>
    (
      await voucherRows(db)
        .where(and(voucherWhere(filter), gt(v.id, afterId)))
        .orderBy(asc(v.id))
        .limit(limit)
    ).map((r) => toVoucherRow(r))

export const getVoucher = async (db: Executor, id: number) => {
  const [row] = await voucherRows(db).where(eq(v.id, id))
  return row ? toVoucherRow(row) : undefined
}

/** The voucher's files, its credited voucher and the credit notes that reference it. */
export async function voucherDetail(db: Executor, id: number, today = todayInLima()) {
  const row = await getVoucher(db, id)
  if (!row) return undefined
  const detractionDue = voucherDetractionDue(row, await holidaysOf(db), today)
  const files = await db
    .select({
      kind: voucherFiles.kind,
      name: voucherFiles.name,
      contentType: voucherFiles.contentType,
      size: voucherFiles.size,
    })
    .from(voucherFiles)
    .where(eq(voucherFiles.voucherId, id))
    .orderBy(asc(voucherFiles.id))
  const [credited] = row.creditsVoucherId
    ? await db
        .select({ id: v.id, series: v.series, number: v.number, status: v.status })
        .from(v)
        .where(eq(v.id, row.creditsVoucherId))
    : []
  const notes = await db
    .select({ id: v.id, series: v.series, number: v.number, totalCents: v.totalCents })
    .from(v)
    .where(eq(v.creditsVoucherId, id))
    .orderBy(asc(v.id))
  return {
    ...row,
    detractionDue,
    xmlTerms: await xmlTermsOf(db, id),
    files: files as { kind: 'pdf' | 'xml' | 'sustento'; name: string; contentType: string; size: number }[],
    creditedVoucher: credited
      ? {
          id: credited.id,
          fullNumber: voucherNumber(credited.series, credited.number),
          status: credited.status,
        }
      : null,
    creditNotes: notes.map((n) => ({
      id: n.id,
      fullNumber: voucherNumber(n.series, n.number),
      totalCents: n.totalCents,
    })),
  }
}

export const voucherFile = async (db: Executor, id: number, kind: string) =>
  (
    await db
      .select()
      .from(voucherFiles)
      .where(and(eq(voucherFiles.voucherId, id), eq(voucherFiles.kind, kind)))
  )[0]

/** Sum of a column over rows, as a number (bigint sums come back as text). */
export const sumOf = (column: SQL | typeof v.totalCents) => sql<string>`coalesce(sum(${column}), 0)`

/** The voucher's own row, without joins. */
export const voucherRecord = async (db: Executor, id: number) =>
  (await db.select().from(v).where(eq(v.id, id)))[0]
