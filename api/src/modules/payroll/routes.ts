import {
  DeclarationFileParamsSchema,
  DeclarationFileQuerySchema,
  DeclarationMonthParamsSchema,
  DeclarationMonthQuerySchema,
  lineStateOf,
  payrollStatus,
  XLSX_MIME,
} from '@planillas/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { ok, routeSchema } from '../../lib/envelope'
import { conflict, found } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import { sendAttachment } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { sentAtOf } from '../payment-orders/order-lines'
import {
  conceptsOfLines,
  type DeclarationFile,
  declarationFile,
  monthDeclarationFile,
} from './declaration-files'
import { payrollExportRoutes } from './export-routes'
import { lineReviewRoutes } from './line-review'
import * as q from './queries'

const tags = ['payroll']

/** A line's state once its open payment order is known (ENVIADO while one holds it). */
const withSentAt = <L extends Parameters<typeof lineStateOf>[0]>(line: L, sentAt: Date | null) => ({
  ...line,
  sentAt,
  state: lineStateOf({ ...line, sentAt }),
})
/** A declaration file as its download: the problems instead (409) when a line was refused. */
function sendDeclaration(reply: FastifyReply, file: DeclarationFile) {
  if (!file.ok) throw conflict(file.problems)
  if (file.kind === 'xlsx') return sendAttachment(reply, file.name, XLSX_MIME, file.content)
  return sendAttachment(reply, file.name, 'text/plain; charset=us-ascii', Buffer.from(file.content, 'ascii'))
}

/** 'Planillas': the payrolls the import job wrote, their lines, status and exports. */
export async function payrollRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(lineReviewRoutes)
  await app.register(payrollExportRoutes)

  app.post('/list', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      description:
        'Filtros: search (nombre o código de planilla), type (1 OPERADORES, 2 ADMINISTRATIVOS), period (AAAAMM).',
      ...routeSchema('POST /payroll/list'),
    },
    handler: async (req) => ok(await q.listPayrolls(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/', {
    config: { permission: OPTION_PERMISSIONS.planillas },
    schema: {
      tags,
      description: 'Planillas vigentes, para listas desplegables.',
      ...routeSchema('GET /payroll'),
    },
    handler: async () => ok(await q.activePayrolls(app.db)),
  })

  app.get('/:id', {
    config: { permission: 'planillas_lista' },
    schema: { tags, ...routeSchema('GET /payroll/:id') },
    handler: async (req) => ok(q.toPayrollRow(found(await q.getPayroll(app.db, req.params.id)))),
  })

  app.post('/:id/lines', {
    config: { permission: 'planillas_lista' },
    schema: {
      tags,
      description:
        'Líneas de una planilla, por fila del archivo. Filtros: search (documento o nombre), paid.',
      ...routeSchema('POST /payroll/:id/lines'),
    },
    handler: async (req) => {
      found(await q.getPayroll(app.db, req.params.id))
      const page = await q.listLines(app.db, req.params.id, req.body ?? {}, listPage(req))
      const ids = page.content.map((l) => Number(l.id))
      const sentAt = await sentAtOf(app.db, ids)
      const concepts = await conceptsOfLines(app.db, req.params.id, ids)
      return ok({
        ...page,
        content: page.content.map((l) => ({
          ...withSentAt(l, sentAt.get(Number(l.id)) ?? null),
          concepts: concepts.get(Number(l.id)) ?? [],
        })),
      })
    },
  })

  app.get('/:id/files/:kind', {
    config: { permission: 'planillas_descarga_excel' },
    schema: {
      tags,
      description:
        'Archivos declarados desde los conceptos de la planilla (tabla 22 de PLAME), para la empresa que declara ' +
        "(query companyId): kind rem, 0601AAAAMMRUC.rem (un concepto por línea); kind jor, 0601AAAAMMRUC.jor (horas); un '|' " +
        'después de cada campo y fin de línea CRLF. kind afpnet: la hoja de carga de AFPnet (xlsx, 17 columnas A–Q, sin ' +
        'encabezados) con las líneas del régimen AFP. Cada línea se revisa antes: si alguna no cumple, 409 con los motivos.',
      params: DeclarationFileParamsSchema,
      querystring: DeclarationFileQuerySchema,
    },
    handler: async (req, reply) => {
      const payroll = found(await q.getPayroll(app.db, req.params.id))
      return sendDeclaration(
        reply,
        found(await declarationFile(app.db, payroll, req.query.companyId, req.params.kind)),
      )
    },
  })

  app.get('/declaration/:kind', {
    config: { permission: 'planillas_descarga_excel' },
    schema: {
      tags,
      description:
        'Los mismos archivos para declarar, de una empresa y un mes (query companyId, period AAAAMM): las líneas de ' +
        'todas las planillas VIGENTES del periodo cuyos trabajadores emplea la empresa (por el contrato vigente en el ' +
        'periodo, si no por su ficha); quien figura en varias planillas va en una sola línea, con cada concepto ' +
        'sumado. 409 con los motivos si alguna línea no cumple o la empresa no tiene planillas del mes.',
      params: DeclarationMonthParamsSchema,
      querystring: DeclarationMonthQuerySchema,
    },
    handler: async (req, reply) =>
      sendDeclaration(
        reply,
        found(await monthDeclarationFile(app.db, req.query.companyId, req.query.period, req.params.kind)),
      ),
  })

  app.put('/:id/status', {
    config: { permission: 'planillas_edicion' },
    schema: {
      tags,
      ...routeSchema('PUT /payroll/:id/status'),
    },
    handler: statusChangeHandler(app, {
      entity: 'payrolls',
      noun: 'la planilla',
      statuses: payrollStatus,
      get: q.getPayroll,
      set: q.setPayrollStatus,
      name: (p) => `${p.code} '${p.name}'`,
    }),
  })
}
