import type { Executor } from '@planillas/db'
import { and, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { type ListPage, likePattern, type OpenSelect, orderByFor, pagedList } from '../lists/paging'
import type { BatchTable } from './batch-routes'

/** A batch list's 'Buscar': the file's name or who uploaded it. */
export const fileOrUploader = (b: BatchTable, search: string | null | undefined) =>
  search ? or(ilike(b.fileName, likePattern(search)), ilike(b.createdBy, likePattern(search))) : undefined

/** A batch's job as its list shows it: status, progress, rows read and the problems counted. */
export const batchJobColumns = <B extends BatchTable & { errorCount: PgColumn }>(b: B) => ({
  status: b.status,
  progress: b.progress,
  rowsRead: b.rowsRead,
  errorCount: b.errorCount,
})

/** A batch's file, who uploaded it and when, and when its job ended, as its list shows them. */
export const batchUploadColumns = <B extends BatchTable>(b: B) => ({
  fileName: b.fileName,
  fileSize: b.fileSize,
  createdBy: b.createdBy,
  createdAt: b.createdAt,
  finishedAt: b.finishedAt,
})

/** The columns a batch list sorts by, whatever its kind. */
export const batchSortColumns = (b: BatchTable) => ({
  id: b.id,
  createdAt: b.createdAt,
  fileName: b.fileName,
  createdBy: b.createdBy,
  status: b.status,
})

/**
 * The list of one upload kind's batches (newest first unless sorted) and one batch by id: each kind
 * gives its table, its select (`.$dynamic()`), what its filter keeps and what it sorts by.
 */
export function batchListQueries<F, T, S extends string>(kind: {
  table: BatchTable
  select: (db: Executor) => OpenSelect<T>
  where: (filter: F) => SQL | undefined
  sortColumns: Record<S | 'createdAt', PgColumn | SQL>
}) {
  const { table } = kind
  function list(db: Executor, filter: F, page: ListPage) {
    const orderBy = orderByFor(
      page.sort,
      kind.sortColumns,
      { field: 'createdAt', direction: 'desc' },
      table.id,
    )
    return pagedList(db, page, table, kind.select, kind.where(filter), orderBy)
  }
  const get = async (db: Executor, id: number): Promise<T | undefined> =>
    (await kind.select(db).where(eq(table.id, id)))[0]
  return { list, get }
}

/** What a list filtered by 'Buscar' and Estado alone is asked for. */
export type BatchSearch = { search?: string | null; status?: number | null }

/** `batchListQueries` of a kind whose list is filtered by 'Buscar' and Estado and sorted by `batchSortColumns`. */
export const searchedBatchQueries = <T>(table: BatchTable, select: (db: Executor) => OpenSelect<T>) =>
  batchListQueries({
    table,
    select,
    where: (filter: BatchSearch) =>
      and(fileOrUploader(table, filter.search), filter.status ? eq(table.status, filter.status) : undefined),
    sortColumns: batchSortColumns(table),
  })
