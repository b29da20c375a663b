import {
  type Executor,
  paymentBatches,
  paymentBatchIssues,
  paymentBatchReceipts,
  paymentOrders,
  payrollBatches,
  payrolls,
} from '@planillas/db'
import {
  limaDayStart,
  PAYMENT_UPLOAD_MESSAGES as M,
  PAYMENT_ORDER_STATUS,
  PAYMENT_ORDER_STATUS_LABEL,
  type PaymentBatchFilter,
  SUPPLIER_PAYMENT_MESSAGES,
} from '@planillas/domain'
import dayjs from 'dayjs'
import { and, asc, eq, gt, gte, ilike, inArray, lt, sql } from 'drizzle-orm'
import { countedRows, type ListPage, likePattern, paged } from '../../lists/paging'
import { batchListQueries, batchUploadColumns } from '../../uploads/batch-list'
import { withBatchFile } from '../../uploads/batch-routes'

/** The payroll a payments upload names: it must exist (its import finished) and be VIGENTE. */
export async function findPayrollForPayments(
  db: Executor,
  code: string,
): Promise<{ id: number; code: string } | { problem: string }> {
  const [payroll] = await db
    .select({ id: payrolls.id, code: payrolls.code, status: payrolls.status })
    .from(payrolls)
    .where(sql`lower(${payrolls.code}) = lower(${code})`)
  if (payroll?.status === 1) return { id: payroll.id, code: payroll.code }
  if (payroll) return { problem: M.payrollAnnulled(payroll.code) }
  const [running] = await db
    .select({ id: payrollBatches.id })
    .from(payrollBatches)
    .where(and(sql`lower(${payrollBatches.code}) = lower(${code})`, inArray(payrollBatches.status, [1, 2])))
  return { problem: running ? M.payrollInProgress(code) : M.payrollUnknown(code) }
}

/** The supplier payment run a supplier abonos upload names: a VOUCHERS order still GENERADO. */
export async function findRunForPayments(
  db: Executor,
  orderId: number,
): Promise<{ id: number } | { problem: string }> {
  const [order] = await db
    .select({ id: paymentOrders.id, status: paymentOrders.status })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.source, 'VOUCHERS')))
  if (!order) return { problem: SUPPLIER_PAYMENT_MESSAGES.orderUnknown(orderId) }
  if (order.status !== PAYMENT_ORDER_STATUS.GENERATED)
    return {
      problem: SUPPLIER_PAYMENT_MESSAGES.orderNotOpen(
        orderId,
        PAYMENT_ORDER_STATUS_LABEL[order.status] ?? '',
      ),
    }
  return { id: order.id }
}

const columns = {
  id: paymentBatches.id,
  source: paymentBatches.source,
  payrollId: paymentBatches.payrollId,
  orderId: paymentBatches.orderId,
  payrollNumber: paymentBatches.payrollNumber,
  payrollDesc: paymentBatches.payrollDesc,
  paymentDate: paymentBatches.paymentDate,
  status: paymentBatches.status,
  progress: paymentBatches.progress,
  rowsRead: paymentBatches.rowsRead,
  matchedCount: paymentBatches.matchedCount,
  unmatchedCount: paymentBatches.unmatchedCount,
  mismatchedCount: paymentBatches.mismatchedCount,
  issueCount: paymentBatches.issueCount,
  receiptCount: paymentBatches.receiptCount,
  ...batchUploadColumns(paymentBatches),
}

const nextDay = (date: string) => dayjs(date).add(1, 'day').format('YYYY-MM-DD')

/** One list per source (payroll's by default); search by who uploaded; Estado; Fecha de carga as Lima days. */
const where = (filter: PaymentBatchFilter) =>
  and(
    eq(paymentBatches.source, filter.source ?? 'PAYROLL'),
    filter.search ? ilike(paymentBatches.createdBy, likePattern(filter.search)) : undefined,
    filter.status ? eq(paymentBatches.status, filter.status) : undefined,
    filter.createdAt?.from ? gte(paymentBatches.createdAt, limaDayStart(filter.createdAt.from)) : undefined,
    filter.createdAt?.to
      ? lt(paymentBatches.createdAt, limaDayStart(nextDay(filter.createdAt.to)))
      : undefined,
  )

const batches = batchListQueries({
  table: paymentBatches,
  select: (db: Executor) => db.select(columns).from(paymentBatches).$dynamic(),
  where,
  sortColumns: {
    id: paymentBatches.id,
    createdAt: paymentBatches.createdAt,
    createdBy: paymentBatches.createdBy,
    status: paymentBatches.status,
    paymentDate: paymentBatches.paymentDate,
  },
})

export const listBatches = batches.list
export const getBatch = batches.get

type Selected = NonNullable<Awaited<ReturnType<typeof getBatch>>>

/** A payment-made batch: upload date, uploader, status, file {name, url}; plus the job's counts. */
export const toBatchRow = (row: Selected) => withBatchFile(row, 'payment-batches')

const issueColumns = {
  id: paymentBatchIssues.id,
  kind: paymentBatchIssues.kind,
  rowNumber: paymentBatchIssues.rowNumber,
  column: paymentBatchIssues.column,
  value: paymentBatchIssues.value,
  reason: paymentBatchIssues.reason,
}

/** Observations and errors in file order (issues of the whole file first). */
export function listIssues(db: Executor, batchId: number, page: ListPage) {
  return paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select(issueColumns)
        .from(paymentBatchIssues)
        .where(eq(paymentBatchIssues.batchId, batchId))
        .orderBy(sql`${paymentBatchIssues.rowNumber} asc nulls first`, asc(paymentBatchIssues.id))
        .limit(limit)
        .offset(offset),
    (db) =>
      countedRows(db).from(paymentBatchIssues).where(eq(paymentBatchIssues.batchId, batchId)).$dynamic(),
  )
}

export const issueExportBatch = (db: Executor, batchId: number) => (afterId: number, limit: number) =>
  db
    .select(issueColumns)
    .from(paymentBatchIssues)
    .where(and(eq(paymentBatchIssues.batchId, batchId), gt(paymentBatchIssues.id, afterId)))
    .orderBy(asc(paymentBatchIssues.id))
    .limit(limit)

/** The receipts in the order of the Excel (first row that names each), then those no row names. */
export const getReceipt = async (db: Executor, batchId: number, receiptId: number) =>
  (
    await db
      .select()
      .from(paymentBatchReceipts)
      .where(and(eq(paymentBatchReceipts.batchId, batchId), eq(paymentBatchReceipts.id, receiptId)))
  )[0]

/** What 'Descargar constancias' needs: whether the batch runs, its receipts, the stored merge. */
export const getMergedReceipts = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: paymentBatches.id,
        status: paymentBatches.status,
        receiptCount: paymentBatches.receiptCount,
        receiptsPdfKey: paymentBatches.receiptsPdfKey,
        source: paymentBatches.source,
        /** The payroll's code as recorded at upload (or the run's number). */
        payrollCode: paymentBatches.payrollNumber,
      })
      .from(paymentBatches)
      .where(eq(paymentBatches.id, id))
  )[0]

/** Forgets a batch's stored merged receipts (gone from the storage), unless another key replaced it. */
export const forgetMergedReceipts = (db: Executor, batchId: number, key: string) =>
  db
    .update(paymentBatches)
    .set({ receiptsPdfKey: null })
    .where(and(eq(paymentBatches.id, batchId), eq(paymentBatches.receiptsPdfKey, key)))

/** Whose abonos a batch holds ('PAYROLL' or 'VOUCHERS'), or undefined when there is no such batch. */
export async function batchSource(db: Executor, batchId: number): Promise<string | undefined> {
  const [batch] = await db
    .select({ source: paymentBatches.source })
    .from(paymentBatches)
    .where(eq(paymentBatches.id, batchId))
  return batch?.source
}
