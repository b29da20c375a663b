import { companies, type Executor, suppliers, paymentVouchers as v } from '@planillas/db'
import {
  FEE_RECEIPT_TYPE,
  type FourthCategoryQuery,
  netCents,
  plame4ta,
  plameFourthCategoryFileName,
  plamePs4,
  plameReceiptProblems,
  VOUCHER_STATUS,
  voucherNumber,
} from '@planillas/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { found } from '../../lib/errors'

/**
 * The recibos por honorarios a company PAID in the month (PLAME declares them by payment date), with
 * the fourth-category retention withheld at payment, by provider and payment date.
 */
export async function fourthCategoryMonth(db: Executor, query: FourthCategoryQuery) {
  const company = found((await db.select().from(companies).where(eq(companies.id, query.companyId)))[0])
  const from = `${query.period.slice(0, 4)}-${query.period.slice(4)}-01`
  const rows = await db
    .select({
      id: v.id,
      supplierId: v.supplierId,
      supplierRuc: suppliers.ruc,
      supplierName: suppliers.name,
      series: v.series,
      number: v.number,
      issueDate: v.issueDate,
      paidOn: sql<string>`${v.paidOn}::text`,
      totalCents: v.totalCents,
      detractionCents: v.detractionCents,
      retentionCents: v.retentionCents,
      fourthCategoryCents: v.fourthCategoryCents,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .where(
      and(
        eq(v.companyId, company.id),
        eq(v.type, FEE_RECEIPT_TYPE),
        eq(v.status, VOUCHER_STATUS.PAID),
        sql`${v.paidOn} >= ${from}::date and ${v.paidOn} < (${from}::date + interval '1 month')`,
      ),
    )
    .orderBy(asc(suppliers.ruc), asc(v.paidOn), asc(v.series), asc(v.number), asc(v.id))
  const listed = rows.map(({ series, number, detractionCents, retentionCents, ...r }) => ({
    ...r,
    series,
    number,
    fullNumber: voucherNumber(series, number),
    netCents: netCents(r.totalCents, detractionCents, retentionCents, r.fourthCategoryCents),
  }))
  const sum = (key: 'totalCents' | 'fourthCategoryCents' | 'netCents') =>
    listed.reduce((s, r) => s + r[key], 0)
  return {
    companyRuc: company.ruc,
    companyName: company.name,
    period: query.period,
    rows: listed.map(({ series: _, number: __, ...r }) => r),
    totals: {
      totalCents: sum('totalCents'),
      fourthCategoryCents: sum('fourthCategoryCents'),
      netCents: sum('netCents'),
    },
    files: {
      ps4: plameFourthCategoryFileName(query.period, company.ruc, 'ps4'),
      '4ta': plameFourthCategoryFileName(query.period, company.ruc, '4ta'),
    },
    problems: plameReceiptProblems(listed),
    receipts: listed,
  }
}

/** One of the month's PLAME files: its name and its text (CRLF lines, a `|` after every field). */
export async function fourthCategoryFile(db: Executor, query: FourthCategoryQuery, kind: 'ps4' | '4ta') {
  const month = await fourthCategoryMonth(db, query)
  return {
    name: month.files[kind],
    problems: month.problems,
    count: month.rows.length,
    text: kind === 'ps4' ? plamePs4(month.receipts) : plame4ta(month.receipts),
  }
}
