import { type Executor, padronLoads } from '@planillas/db'
import type { PadronLoadFilter } from '@planillas/domain'
import { and, eq } from 'drizzle-orm'
import {
  batchJobColumns,
  batchListQueries,
  batchUploadColumns,
  fileOrUploader,
} from '../../uploads/batch-list'
import { withBatchFile } from '../../uploads/batch-routes'

const p = padronLoads
const columns = {
  id: p.id,
  kind: p.kind,
  listDate: p.listDate,
  ...batchJobColumns(p),
  rucCount: p.rucCount,
  ...batchUploadColumns(p),
}
const loads = batchListQueries({
  table: p,
  select: (db: Executor) => db.select(columns).from(p).$dynamic(),
  where: (filter: PadronLoadFilter) =>
    and(
      fileOrUploader(p, filter.search),
      filter.kind ? eq(p.kind, filter.kind) : undefined,
      filter.status ? eq(p.status, filter.status) : undefined,
    ),
  sortColumns: { id: p.id, createdAt: p.createdAt, listDate: p.listDate, status: p.status },
})

export const listLoads = loads.list
export const getLoad = loads.get

type Selected = NonNullable<Awaited<ReturnType<typeof getLoad>>>

/** A load: upload date, file {name, url, size}, which padrón, the day it is dated, the job's state. */
export const toLoadRow = (row: Selected) => withBatchFile(row, 'padron-loads')
