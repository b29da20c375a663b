import { auditLogs, type Executor } from '@planillas/db'
import { type AuditFilter, limaDayStart } from '@planillas/domain'
import dayjs from 'dayjs'
import { and, asc, eq, gt, gte, ilike, lt, or } from 'drizzle-orm'
import { type ListPage, likePattern, MIN_TRIGRAM_WORD, orderByFor, pagedList } from '../../lists/paging'

const sortColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  action: auditLogs.action,
  actor: auditLogs.actor,
}

function where(filter: AuditFilter) {
  const from = filter.date?.from
  const to = filter.date?.to
  // Shorter than a trigram, a search would read every entry of the largest table: left out.
  const search = filter.search && filter.search.length >= MIN_TRIGRAM_WORD ? filter.search : undefined
  return and(
    search
      ? or(ilike(auditLogs.actor, likePattern(search)), ilike(auditLogs.description, likePattern(search)))
      : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    from ? gte(auditLogs.createdAt, limaDayStart(from)) : undefined,
    to ? lt(auditLogs.createdAt, limaDayStart(dayjs(to).add(1, 'day').format('YYYY-MM-DD'))) : undefined,
  )
}

export function listAuditLogs(db: Executor, filter: AuditFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'createdAt', direction: 'desc' }, auditLogs.id)
  return pagedList(
    db,
    page,
    auditLogs,
    (db) => db.select().from(auditLogs).$dynamic(),
    where(filter),
    orderBy,
  )
}

/** The entries of the filter after `afterId`, in id order: the export's batches. */
export const auditLogExportBatch = (db: Executor, filter: AuditFilter) => (afterId: number, limit: number) =>
  db
    .select()
    .from(auditLogs)
    .where(and(where(filter), gt(auditLogs.id, afterId)))
    .orderBy(asc(auditLogs.id))
    .limit(limit)
