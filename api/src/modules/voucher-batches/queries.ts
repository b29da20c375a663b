import { companies, type Executor, expenseLines, voucherBatches } from '@planillas/db'
import { RECORD_STATUS, type VoucherBatchFilter } from '@planillas/domain'
import { and, asc, eq, ilike, or } from 'drizzle-orm'
import { withBatchFile } from '../../lib/batch-routes'
import { countedRows, type ListPage, likePattern, orderByFor, paged } from '../../lists/paging'

const b = voucherBatches
const columns = {
  id: b.id,
  companyId: b.companyId,
  companyName: companies.name,
  status: b.status,
  progress: b.progress,
  rowsRead: b.rowsRead,
  errorCount: b.errorCount,
  voucherCount: b.voucherCount,
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

const where = (filter: VoucherBatchFilter) =>
  and(
    filter.search
      ? or(ilike(b.fileName, likePattern(filter.search)), ilike(b.createdBy, likePattern(filter.search)))
      : undefined,
    filter.status ? eq(b.status, filter.status) : undefined,
  )

const select = (db: Executor) =>
  db.select(columns).from(b).innerJoin(companies, eq(companies.id, b.companyId))

export function listBatches(db: Executor, filter: VoucherBatchFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'createdAt', direction: 'desc' }, b.id)
  return paged(
    db,
    page,
    (db, limit, offset) =>
      select(db)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(b).where(where(filter)).$dynamic(),
  )
}

export const getBatch = async (db: Executor, id: number) => (await select(db).where(eq(b.id, id)))[0]

type Selected = Awaited<ReturnType<typeof getBatch>>

/** A voucher batch: upload date, file {name, url, size}, company, and the job's state. */
export const toBatchRow = (row: Selected) => withBatchFile(row, 'voucher-batches')

/** The expense lines the template lists: the active ones, in the catalogue's order. */
export const templateExpenseLines = (db: Executor) =>
  db
    .select({ code: expenseLines.code, description: expenseLines.description })
    .from(expenseLines)
    .where(eq(expenseLines.status, RECORD_STATUS.ACTIVE))
    .orderBy(asc(expenseLines.id))
