import {
  companies,
  companyBankAccounts,
  detractionFiles,
  type Executor,
  expenseLines,
  paymentOrderClaims,
  paymentOrders,
  paymentOrderVouchers,
  paymentVouchers,
  suppliers,
} from '@planillas/db'
import {
  CREDIT_NOTE,
  detractionDeadline,
  foreignNetCents,
  netCents,
  PAYMENT_ORDER_STATUS,
  type RunAmounts,
  type RunVoucherAmounts,
  SUPPLIER_RUN_CANDIDATES_MAX,
  type SupplierRunCandidateFilter,
  VOUCHER_STATUS,
  voucherNumber,
} from '@planillas/domain'
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { holidaysOf } from '../../lib/holidays'
import { spanish } from '../../lists/paging'
import { orderFileAndStatus } from '../payment-orders/queries'
import { payableVoucher } from '../vouchers/columns'

/**
 * The orders of supplier runs only (a payroll's order is never listed nor served here), once their
 * file is written: a run still GENERANDO, or FALLIDO, has none (its failure is in the audit log).
 */
const isRun = sql`${paymentOrders.source} = 'VOUCHERS' and ${paymentOrders.status} in (${PAYMENT_ORDER_STATUS.GENERATED}, ${PAYMENT_ORDER_STATUS.ANNULLED}, ${PAYMENT_ORDER_STATUS.REPLACED})`

/** Per run: its vouchers and their detracciones and retenciones (signed: a credit note subtracts). */
const runSums = (orderId: typeof paymentOrders.id) => ({
  voucherCount: sql<number>`(select count(*)::int from ${paymentOrderVouchers} where ${paymentOrderVouchers.orderId} = ${orderId})`,
  detractionCents:
    sql<number>`(select coalesce(sum(${paymentOrderVouchers.detractionCents}), 0)::bigint from ${paymentOrderVouchers} where ${paymentOrderVouchers.orderId} = ${orderId})`.mapWith(
      Number,
    ),
  retentionCents:
    sql<number>`(select coalesce(sum(${paymentOrderVouchers.retentionCents}), 0)::bigint from ${paymentOrderVouchers} where ${paymentOrderVouchers.orderId} = ${orderId})`.mapWith(
      Number,
    ),
})

const runRows = (db: Executor) =>
  db
    .select({
      id: paymentOrders.id,
      format: paymentOrders.format,
      paymentDate: paymentOrders.paymentDate,
      reference: paymentOrders.reference,
      companyName: companies.name,
      account: companyBankAccounts.account,
      bankCode: companyBankAccounts.bankCode,
      currency: companyBankAccounts.currency,
      lineCount: paymentOrders.lineCount,
      totalAmount: paymentOrders.totalAmount,
      ...runSums(paymentOrders.id),
      ...orderFileAndStatus,
      createdAt: paymentOrders.createdAt,
      createdBy: paymentOrders.createdBy,
      bn: {
        lot: detractionFiles.lot,
        lineCount: detractionFiles.lineCount,
        totalCents: detractionFiles.totalCents,
        fileName: detractionFiles.fileName,
        fileSize: detractionFiles.fileSize,
        sha256: detractionFiles.sha256,
      },
    })
    .from(paymentOrders)
    .innerJoin(companyBankAccounts, eq(companyBankAccounts.id, paymentOrders.companyAccountId))
    .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
    .leftJoin(detractionFiles, eq(detractionFiles.orderId, paymentOrders.id))

type RawRun = Awaited<ReturnType<ReturnType<typeof runRows>['execute']>>[number]

/** A run as the API answers it: amounts in céntimos, the BN file or null. */
function toRunRow({ totalAmount, bn, ...row }: RawRun) {
  return {
    ...row,
    totalCents: Number((totalAmount ?? '0').replace('.', '')),
    detractionFile: bn?.lot ? bn : null,
  }
}

/** The runs, most recent first, a page at a time (exact count: runs are few). */
export async function listRuns(db: Executor, page: { page: number; size: number }) {
  const [rows, [{ total }]] = await Promise.all([
    runRows(db)
      .where(isRun)
      .orderBy(desc(paymentOrders.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(paymentOrders).where(isRun),
  ])
  return {
    content: rows.map(toRunRow),
    totalElements: total,
    totalPages: Math.ceil(total / page.size),
    totalIsExact: true,
  }
}

/** A run with its suppliers' lines and each one's vouchers; undefined when it is not a run. */
export async function runDetail(db: Executor, id: number) {
  const [row] = await runRows(db).where(and(isRun, eq(paymentOrders.id, id)))
  if (!row) return undefined
  const vouchers = await db
    .select({
      lineNumber: paymentOrderVouchers.lineNumber,
      supplierId: paymentOrderVouchers.supplierId,
      ruc: suppliers.ruc,
      name: suppliers.name,
      voucherId: paymentOrderVouchers.voucherId,
      type: paymentVouchers.type,
      series: paymentVouchers.series,
      number: paymentVouchers.number,
      issueDate: paymentVouchers.issueDate,
      dueDate: paymentVouchers.dueDate,
      totalCents: paymentOrderVouchers.totalCents,
      detractionCents: paymentOrderVouchers.detractionCents,
      retentionCents: paymentOrderVouchers.retentionCents,
      fourthCategoryCents: paymentOrderVouchers.fourthCategoryCents,
      netCents: paymentOrderVouchers.netCents,
      exchangeRateMilli: paymentOrderVouchers.retentionExchangeRateMilli,
    })
    .from(paymentOrderVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentOrderVouchers.supplierId))
    .innerJoin(paymentVouchers, eq(paymentVouchers.id, paymentOrderVouchers.voucherId))
    .where(eq(paymentOrderVouchers.orderId, id))
    .orderBy(asc(paymentOrderVouchers.lineNumber), asc(paymentOrderVouchers.id))
  type Line = RunAmounts & {
    lineNumber: number
    supplierId: number
    ruc: string
    name: string
    vouchers: (RunVoucherAmounts & {
      type: string
      fullNumber: string
      issueDate: string
      dueDate: string
    })[]
  }
  const lines: Line[] = []
  for (const v of vouchers) {
    let line = lines.at(-1)
    if (line?.lineNumber !== v.lineNumber) {
      line = {
        lineNumber: v.lineNumber,
        supplierId: v.supplierId,
        ruc: v.ruc,
        name: v.name,
        totalCents: 0,
        detractionCents: 0,
        retentionCents: 0,
        fourthCategoryCents: 0,
        netCents: 0,
        vouchers: [],
      }
      lines.push(line)
    }
    line.totalCents += v.totalCents
    line.detractionCents += v.detractionCents
    line.retentionCents += v.retentionCents
    line.fourthCategoryCents += v.fourthCategoryCents
    line.netCents += v.netCents
    line.vouchers.push({
      voucherId: v.voucherId,
      type: v.type,
      fullNumber: voucherNumber(v.series, v.number),
      issueDate: v.issueDate,
      dueDate: v.dueDate,
      totalCents: v.totalCents,
      detractionCents: v.detractionCents,
      retentionCents: v.retentionCents,
      fourthCategoryCents: v.fourthCategoryCents,
      netCents: v.netCents,
      exchangeRateMilli: v.exchangeRateMilli,
    })
  }
  return { ...toRunRow(row), lines }
}

/** Where a run's file is stored: 'transfers' (the CCI Excel) or 'detractions' (the BN file). */
export async function runFile(db: Executor, id: number, kind: 'transfers' | 'detractions') {
  if (kind === 'transfers') {
    const [row] = await db
      .select({ key: paymentOrders.fileKey, name: paymentOrders.fileName, format: paymentOrders.format })
      .from(paymentOrders)
      .where(and(isRun, eq(paymentOrders.id, id)))
    return row?.key ? { ...row, key: row.key } : undefined
  }
  const [row] = await db
    .select({ key: detractionFiles.fileKey, name: detractionFiles.fileName, format: sql<string>`'BN'` })
    .from(detractionFiles)
    .innerJoin(paymentOrders, eq(paymentOrders.id, detractionFiles.orderId))
    .where(and(isRun, eq(paymentOrders.id, id)))
  return row
}

/**
 * 'Generar pagos': the APROBADO vouchers the filters let through, by due date, each with the open
 * run that already holds it (the form then asks to confirm the replacement). Amounts as approved.
 */
export async function runCandidates(db: Executor, filter: SupplierRunCandidateFilter) {
  const rows = await db
    .select({
      ...payableVoucher,
      dueDate: paymentVouchers.dueDate,
      expenseLine: expenseLines.description,
      currency: paymentVouchers.currency,
      totalCents: paymentVouchers.totalCents,
      detractionCents: paymentVouchers.detractionCents,
      retentionCents: paymentVouchers.retentionCents,
      fourthCategoryCents: paymentVouchers.fourthCategoryCents,
      detractionExchangeRateMilli: paymentVouchers.detractionExchangeRateMilli,
      retentionExchangeRateMilli: paymentVouchers.retentionExchangeRateMilli,
      recordingPeriod: paymentVouchers.recordingPeriod,
      detractionDepositedOn: paymentVouchers.detractionDepositedOn,
      openRunId: paymentOrderClaims.orderId,
    })
    .from(paymentVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentVouchers.supplierId))
    .innerJoin(companies, eq(companies.id, paymentVouchers.companyId))
    .innerJoin(expenseLines, eq(expenseLines.id, paymentVouchers.expenseLineId))
    .leftJoin(
      paymentOrderClaims,
      and(
        eq(paymentOrderClaims.sourceKind, 'VOUCHER'),
        eq(paymentOrderClaims.sourceId, paymentVouchers.id),
        isNull(paymentOrderClaims.releasedAt),
      ),
    )
    .where(
      and(
        eq(paymentVouchers.status, VOUCHER_STATUS.APPROVED),
        filter.supplierIds?.length ? inArray(paymentVouchers.supplierId, filter.supplierIds) : undefined,
        filter.expenseLineIds?.length
          ? inArray(paymentVouchers.expenseLineId, filter.expenseLineIds)
          : undefined,
        filter.dueTo ? lte(paymentVouchers.dueDate, filter.dueTo) : undefined,
      ),
    )
    .orderBy(asc(paymentVouchers.dueDate), asc(spanish(suppliers.name)), asc(paymentVouchers.id))
    .limit(SUPPLIER_RUN_CANDIDATES_MAX + 1)
  const listed = rows.slice(0, SUPPLIER_RUN_CANDIDATES_MAX)
  const owing = listed.filter(
    (r) => r.detractionCents > 0 && !r.detractionDepositedOn && r.type !== CREDIT_NOTE,
  )
  const holidays = owing.length ? await holidaysOf(db) : new Set<string>()
  return {
    content: listed.map(
      ({
        series,
        number,
        recordingPeriod,
        detractionDepositedOn,
        detractionExchangeRateMilli,
        retentionExchangeRateMilli,
        ...r
      }) => ({
        ...r,
        fullNumber: voucherNumber(series, number),
        netCents:
          r.currency === 'PEN'
            ? netCents(r.totalCents, r.detractionCents, r.retentionCents, r.fourthCategoryCents)
            : foreignNetCents(
                r.totalCents,
                r.detractionCents,
                detractionExchangeRateMilli,
                r.retentionCents,
                retentionExchangeRateMilli,
              ),
      }),
    ),
    truncated: rows.length > SUPPLIER_RUN_CANDIDATES_MAX,
    // APROBADO, so not paid yet: the deadline runs from the recording period until the run pays.
    detractionWarnings: owing.map((r) => ({
      voucherId: r.id,
      supplierId: r.supplierId,
      supplierName: r.supplierName,
      fullNumber: voucherNumber(r.series, r.number),
      detractionCents: r.detractionCents,
      dueOn: detractionDeadline(r.recordingPeriod, null, holidays),
    })),
  }
}
