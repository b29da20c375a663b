import { companies, type Executor, expenseLines, voucherBatches } from '@planillas/db'
import { RECORD_STATUS } from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import { batchJobColumns, batchUploadColumns, searchedBatchQueries } from '../../uploads/batch-list'
import { withBatchFile } from '../../uploads/batch-routes'

const b = voucherBatches
const columns = {
  id: b.id,
  companyId: b.companyId,
  companyName: companies.name,
  ...batchJobColumns(b),
  voucherCount: b.voucherCount,
  ...batchUploadColumns(b),
}

const batches = searchedBatchQueries(b, (db: Executor) =>
  db.select(columns).from(b).innerJoin(companies, eq(companies.id, b.companyId)).$dynamic(),
)

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
