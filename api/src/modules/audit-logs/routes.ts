import { AuditFilterSchema, auditAction, withSelection } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { auditLogExportBatch, listAuditLogs } from './queries'

const tags = ['audit-logs']

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
        rows: exportRows(auditLogExportBatch(app.db, filter), req.body?.ids),
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
