import { type Executor, padronLoads } from '@planillas/db'
import type { PadronLoadFilter } from '@planillas/domain'
import { and, eq, ilike, or } from 'drizzle-orm'
import { withBatchFile } from '../../lib/batch-routes'
import { countedRows, type ListPage, likePattern, orderByFor, paged } from '../../lists/paging'

const p = padronLoads
const columns = {
  id: p.id,
  kind: p.kind,
  listDate: p.listDate,
  status: p.status,
  progress: p.progress,
  rowsRead: p.rowsRead,
  errorCount: p.errorCount,
  rucCount: p.rucCount,
  fileName: p.fileName,
  fileSize: p.fileSize,
  createdBy: p.createdBy,
  createdAt: p.createdAt,
  finishedAt: p.finishedAt,
}
const sortColumns = { id: p.id, createdAt: p.createdAt, listDate: p.listDate, status: p.status }

const where = (filter: PadronLoadFilter) =>
  and(
    filter.search
      ? or(ilike(p.fileName, likePattern(filter.search)), ilike(p.createdBy, likePattern(filter.search)))
      : undefined,
    filter.kind ? eq(p.kind, filter.kind) : undefined,
    filter.status ? eq(p.status, filter.status) : undefined,
  )

export function listLoads(db: Executor, filter: PadronLoadFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'createdAt', direction: 'desc' }, p.id)
  return paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select(columns)
        .from(p)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(p).where(where(filter)).$dynamic(),
  )
}

export const getLoad = async (db: Executor, id: number) =>
  (await db.select(columns).from(p).where(eq(p.id, id)))[0]

type Selected = Awaited<ReturnType<typeof getLoad>>

/** A load: upload date, file {name, url, size}, which padrón, the day it is dated, the job's state. */
export const toLoadRow = (row: Selected) => withBatchFile(row, 'padron-loads')
