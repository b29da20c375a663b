import { auditLogs, type Executor } from '@planillas/db'
import {
  type AuditFilter,
  AuditFilterSchema,
  auditAction,
  limaDayStart,
  withSelection,
} from '@planillas/domain'
import dayjs from 'dayjs'
import { and, asc, eq, gt, gte, ilike, lt, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import {
  countedRows,
  type ListPage,
  likePattern,
  MIN_TRIGRAM_WORD,
  orderByFor,
  paged,
} from '../../lists/paging'

const tags = ['audit-logs']

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
  return paged(
    db,
    page,
    (db, limit, offset) =>
      db
        .select()
        .from(auditLogs)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) => countedRows(db).from(auditLogs).where(where(filter)).$dynamic(),
  )
}

export async function auditLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post('/list', {
    config: { permission: 'auditoria_lista' },
    schema: {
      tags,
      ...routeSchema('POST /audit-logs/list'),
    },
    handler: async (req) => ok(await listAuditLogs(app.db, req.body ?? {}, listPage(req))),
  })

  app.post('/xlsx', {
    config: { permission: 'auditoria_descarga_excel' },
    schema: { tags, body: withSelection(AuditFilterSchema).nullish() },
    handler: async (req, reply) => {
      const filter = req.body ?? {}
      return sendWorkbook(reply, {
        fileName: exportFileName('auditoria'),
        sheetName: 'Auditoría',
        rows: exportRows(
          (afterId, limit) =>
            app.db
              .select()
              .from(auditLogs)
              .where(and(where(filter), gt(auditLogs.id, afterId)))
              .orderBy(asc(auditLogs.id))
              .limit(limit),
          req.body?.ids,
        ),
        columns: [
          {
            header: 'Acción',
            width: 18,
            value: (r) => auditAction[r.action as keyof typeof auditAction]?.label ?? r.action,
          },
          { header: 'Fecha y hora', width: 22, date: 'dateTime', value: (r) => r.createdAt },
          { header: 'Usuario', width: 30, value: (r) => r.actor },
          { header: 'Descripción', width: 80, value: (r) => r.description },
        ],
      })
    },
  })
}
