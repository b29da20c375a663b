import {
  type areas,
  catalogVersion,
  type Executor,
  type expenseLines,
  type positions,
  type projectTypes,
  type rejectReasons,
} from '@planillas/db'
import type { DescriptionFilter, RecordStatus } from '@planillas/domain'
import { and, asc, eq, gt } from 'drizzle-orm'
import { foldedLike, type ListPage, orderByFor, pagedList, spanish } from '../../lists/paging'

/** Areas and positions share one shape: a described record with a status. */
export type CatalogTable =
  | typeof areas
  | typeof positions
  | typeof expenseLines
  | typeof projectTypes
  | typeof rejectReasons
export type CatalogRow = CatalogTable['$inferSelect']

export function catalogQueries(table: CatalogTable) {
  const columns = {
    id: table.id,
    code: table.code,
    description: table.description,
    status: table.status,
    createdAt: table.createdAt,
  }
  const where = (filter: DescriptionFilter) =>
    and(
      filter.search ? foldedLike(table.description, filter.search) : undefined,
      filter.status ? eq(table.status, filter.status) : undefined,
    )

  return {
    list: (db: Executor, filter: DescriptionFilter, page: ListPage) => {
      const orderBy = orderByFor(page.sort, columns, { field: 'id', direction: 'asc' }, table.id, {
        names: ['description'],
      })
      return pagedList(db, page, table, (db) => db.select().from(table).$dynamic(), where(filter), orderBy)
    },
    exportBatch: (db: Executor, filter: DescriptionFilter) => (afterId: number, limit: number) =>
      db
        .select()
        .from(table)
        .where(and(where(filter), gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(limit),
    active: (db: Executor) =>
      db
        .select({ id: table.id, code: table.code, description: table.description })
        .from(table)
        .where(eq(table.status, 1))
        .orderBy(asc(spanish(table.description))),
    get: async (db: Executor, id: number) => (await db.select().from(table).where(eq(table.id, id)))[0],
    create: async (db: Executor, description: string, actor: string) =>
      (await db.insert(table).values({ description, createdBy: actor }).returning())[0],
    update: async (db: Executor, id: number, description: string) =>
      (await db.update(table).set({ description }).where(eq(table.id, id)).returning())[0],
    setStatus: async (db: Executor, id: number, status: RecordStatus) =>
      (await db.update(table).set({ status }).where(eq(table.id, id)).returning())[0],
  }
}

/** How many times areas, positions and companies have changed (0 before the first change). */
export async function catalogVersionNumber(db: Executor): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion)
  return row?.version ?? 0
}
