import { banks, type Executor, payrollBatches, payrolls, plameConcepts } from '@planillas/db'
import { type PayrollBatchFilter, RECORD_STATUS } from '@planillas/domain'
import { and, asc, desc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm'
import {
  batchJobColumns,
  batchListQueries,
  batchUploadColumns,
  fileOrUploader,
} from '../../uploads/batch-list'
import { withBatchFile } from '../../uploads/batch-routes'

const columns = {
  id: payrollBatches.id,
  code: payrollBatches.code,
  period: payrollBatches.period,
  name: payrollBatches.name,
  type: payrollBatches.type,
  ...batchJobColumns(payrollBatches),
  ...batchUploadColumns(payrollBatches),
  payrollId: payrolls.id,
}

const batches = batchListQueries({
  table: payrollBatches,
  select: (db: Executor) =>
    db
      .select(columns)
      .from(payrollBatches)
      .leftJoin(payrolls, eq(payrolls.batchId, payrollBatches.id))
      .$dynamic(),
  where: (filter: PayrollBatchFilter) =>
    and(
      fileOrUploader(payrollBatches, filter.search),
      filter.period ? eq(payrollBatches.period, filter.period) : undefined,
      filter.status ? eq(payrollBatches.status, filter.status) : undefined,
    ),
  // In this order: a wrong sort's 400 names them so.
  sortColumns: {
    id: payrollBatches.id,
    createdAt: payrollBatches.createdAt,
    fileName: payrollBatches.fileName,
    period: payrollBatches.period,
    createdBy: payrollBatches.createdBy,
    status: payrollBatches.status,
  },
})

export const listBatches = batches.list
export const getBatch = batches.get

type Selected = NonNullable<Awaited<ReturnType<typeof getBatch>>>

/** A payroll batch: upload date, file {name, url}, period, createdBy, plus the job's state. */
export const toBatchRow = (row: Selected) => withBatchFile(row, 'payroll-batch')

/** Whether a payroll, or a batch that may still become one, already has this code. */
export async function codeTaken(db: Executor, code: string): Promise<boolean> {
  const lower = code.toLowerCase()
  const [payroll] = await db
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(sql`lower(${payrolls.code}) = ${lower}`)
    .limit(1)
  if (payroll) return true
  const [batch] = await db
    .select({ id: payrollBatches.id })
    .from(payrollBatches)
    .where(and(sql`lower(${payrollBatches.code}) = ${lower}`, ne(payrollBatches.status, 4)))
    .limit(1)
  return Boolean(batch)
}

/**
 * The payroll (or the upload still becoming one) that an identical workbook of the same period and
 * type already made: failed uploads and annulled payrolls do not count.
 */
export async function repeatedUpload(
  db: Executor,
  upload: { period: string; type: number; contentSha256: string },
): Promise<{ code: string; name: string } | null> {
  const [row] = await db
    .select({ code: payrollBatches.code, name: payrollBatches.name })
    .from(payrollBatches)
    .leftJoin(payrolls, eq(payrolls.batchId, payrollBatches.id))
    .where(
      and(
        eq(payrollBatches.period, upload.period),
        eq(payrollBatches.type, upload.type),
        eq(payrollBatches.contentSha256, upload.contentSha256),
        ne(payrollBatches.status, 4),
        or(sql`${payrolls.id} is null`, eq(payrolls.status, 1)),
      ),
    )
    .orderBy(sql`${payrollBatches.id} desc`)
    .limit(1)
  return row ?? null
}

/** The banks the template lists: the catalogue's active ones (a suspended one would be refused). */
export const templateBanks = (db: Executor) =>
  db
    .select({ code: banks.code, name: banks.name })
    .from(banks)
    .where(eq(banks.status, RECORD_STATUS.ACTIVE))
    .orderBy(asc(banks.code))

/** The codes of PLAME's table 22 in force today, for the template's notes. */
export const templateConcepts = (db: Executor) =>
  db
    .selectDistinctOn([plameConcepts.code], {
      code: plameConcepts.code,
      description: plameConcepts.description,
      kind: plameConcepts.kind,
    })
    .from(plameConcepts)
    .where(
      and(
        lte(plameConcepts.validFrom, sql`current_date`),
        or(isNull(plameConcepts.validTo), gte(plameConcepts.validTo, sql`current_date`)),
      ),
    )
    .orderBy(asc(plameConcepts.code), desc(plameConcepts.validFrom))
