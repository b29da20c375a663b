import { constanciaBatchErrors, constanciaBatches, type Executor } from '@planillas/db'
import { batchJobColumns, batchUploadColumns, searchedBatchQueries } from '../../uploads/batch-list'
import { withBatchFile } from '../../uploads/batch-routes'
import { batchErrorQueries } from '../../uploads/batch-row-errors'

const b = constanciaBatches
const columns = { id: b.id, ...batchJobColumns(b), matchedCount: b.matchedCount, ...batchUploadColumns(b) }

const batches = searchedBatchQueries(b, (db: Executor) => db.select(columns).from(b).$dynamic())

export const listBatches = batches.list
export const getBatch = batches.get

type Selected = NonNullable<Awaited<ReturnType<typeof getBatch>>>

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

/** A row not recorded (or a refused file's problem) as the page and the workbook show it. */
export type ConstanciaProblem = {
  rowNumber: number | null
  constancia: string | null
  supplierRuc: string | null
  voucher: string | null
  amountCents: number | null
  message: string
}

const problems = batchErrorQueries<ConstanciaProblem>(e, problemColumns)

/** A page of a batch's problems in row order (the file's own first). */
export const listProblems = problems.listErrors

/** Every problem of a batch in row order, 1,000 at a time (keyset on row, then id). */
export const problemsInRowOrder = problems.errorsInRowOrder
