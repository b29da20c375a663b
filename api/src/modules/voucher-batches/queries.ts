import { companies, type Executor, expenseLines, voucherBatches } from '@planillas/db'
import { RECORD_STATUS, type VoucherBatchFilter } from '@planillas/domain'
import { and, asc, eq } from 'drizzle-orm'
import { batchListQueries, batchSortColumns, fileOrUploader } from '../../lib/batch-list'
import { withBatchFile } from '../../lib/batch-routes'

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

const batches = batchListQueries({
  table: b,
  select: (db: Executor) =>
    db.select(columns).from(b).innerJoin(companies, eq(companies.id, b.companyId)).$dynamic(),
  where: (filter: VoucherBatchFilter) =>
    and(fileOrUploader(b, filter.search), filter.status ? eq(b.status, filter.status) : undefined),
  sortColumns: batchSortColumns(b),
})

export const listBatches = batches.list
export const getBatch = batches.get

type Selected = NonNullable<Awaited<ReturnType<typeof getBatch>>>

/** A voucher batch: upload date, file {name, url, size}, company, and the job's state. */
export const toBatchRow = (row: Selected) => withBatchFile(row, 'voucher-batches')

/** The expense lines the template lists: the active ones, in the catalogue's order. */
export const templateExpenseLines = (db: Executor) =>
  db
    .select({ code: expenseLines.code, description: expenseLines.description })
    .from(expenseLines)
    .where(eq(expenseLines.status, RECORD_STATUS.ACTIVE))
    .orderBy(asc(expenseLines.id))
