import { constanciaBatchErrors, constanciaBatches, type Executor } from '@planillas/db'
import type { ConstanciaBatchFilter } from '@planillas/domain'
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { withBatchFile } from '../../lib/batch-routes'
import { countedRows, type ListPage, likePattern, orderByFor, paged } from '../../lists/paging'

const b = constanciaBatches
const columns = {
  id: b.id,
  status: b.status,
  progress: b.progress,
  rowsRead: b.rowsRead,
  errorCount: b.errorCount,
  matchedCount: b.matchedCount,
  fileName: b.fileName,
  fileSize: b.fileSize,
  createdBy: b.createdBy,
  createdAt: b.createdAt,
  finishedAt: b.finishedAt,
}

const sortColumns = {
  id: b.id,
  createdAt: b.createdAt,
  fileName: b.fileName,
  createdBy: b.createdBy,
  status: b.status,
}

const where = (filter: ConstanciaBatchFilter) =>
  and(
    filter.search
      ? or(ilike(b.fileName, likePattern(filter.search)), ilike(b.createdBy, likePattern(filter.search)))
      : undefined,
    filter.status ? eq(b.status, filter.status) : undefined,
  )

export function listBatches(db: Executor, filter: ConstanciaBatchFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'createdAt', direction: 'desc' }, b.id)
  return paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select(columns)
        .from(b)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(b).where(where(filter)).$dynamic(),
  )
}

export const getBatch = async (db: Executor, id: number) =>
  (await db.select(columns).from(b).where(eq(b.id, id)))[0]

type Selected = Awaited<ReturnType<typeof getBatch>>

/** A constancia batch: upload date, file {name, url, size}, and the job's state and counts. */
export const toBatchRow = (row: Selected) => withBatchFile(row, 'constancia-batches')

const e = constanciaBatchErrors
const problemColumns = {
  rowNumber: e.rowNumber,
  constancia: e.constancia,
  supplierRuc: e.supplierRuc,
  voucher: e.voucher,
  amountCents: e.amountCents,
  message: e.message,
}

/** A page of a batch's problems in row order (the file's own first). */
export function listProblems(db: Executor, batchId: number, page: ListPage) {
  const byBatch = eq(e.batchId, batchId)
  return paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select(problemColumns)
        .from(e)
        .where(byBatch)
        .orderBy(sql`${e.rowNumber} asc nulls first`, asc(e.id))
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(e).where(byBatch).$dynamic(),
  )
}

/** Every problem of a batch in row order, 1,000 at a time (keyset on row, then id). */
export async function* problemsInRowOrder(db: Executor, batchId: number) {
  const row = sql<number>`coalesce(${e.rowNumber}, 0)`
  let after = { row: -1, id: 0 }
  for (;;) {
    const batch = await db
      .select({ id: e.id, ...problemColumns })
      .from(e)
      .where(and(eq(e.batchId, batchId), sql`(${row}, ${e.id}) > (${after.row}, ${after.id})`))
      .orderBy(row, asc(e.id))
      .limit(1000)
    if (!batch.length) return
    yield batch
    const last = batch[batch.length - 1]
    after = { row: last.rowNumber ?? 0, id: last.id }
  }
}
