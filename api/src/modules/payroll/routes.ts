import {
  DeclarationFileParamsSchema,
  DeclarationFileQuerySchema,
  enumLabel,
  identifierType,
  lineState,
  lineStateOf,
  PayrollFilterSchema,
  PayrollLineFilterSchema,
  payrollStatus,
  payrollType,
  periodLabel,
  reviewReasons,
  withSelection,
  XLSX_MIME,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPTION_PERMISSIONS } from '../../auth/option-permissions'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { conflict, found } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import { exportFileName, exportRows, sendAttachment, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { sentAtOf, sentLineIds } from '../payment-orders/order-lines'
import { conceptsOfLines, declarationFile } from './declaration-files'
import { lineReviewRoutes } from './line-review'
import * as q from './queries'

const tags = ['payroll']

/** A line's state once its open payment order is known (ENVIADO while one holds it). */
const withSentAt = <L extends Parameters<typeof lineStateOf>[0]>(line: L, sentAt: Date | null) => ({
  ...line,
  sentAt,
  state: lineStateOf({ ...line, sentAt }),
})
const money = (value: string | number) => Number(value)
/** A line's review reasons as the export writes them, worked out once per combination of flags. */
const reasonsTexts = new Map<number, string>()
const reasonsText = (flags: number) => {
  const known = reasonsTexts.get(flags)
  if (known !== undefined) return known
  const text = reviewReasons(flags).join('; ')
  reasonsTexts.set(flags, text)
  return text
}

/** 'Planillas': the payrolls the import job wrote, their lines, status and exports. */
export async function payrollRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(lineReviewRoutes)

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
      const file = found(await declarationFile(app.db, payroll, req.query.companyId, req.params.kind))
      if (!file.ok) throw conflict(file.problems)
      if (file.kind === 'xlsx') return sendAttachment(reply, file.name, XLSX_MIME, file.content)
      return sendAttachment(
        reply,
        file.name,
        'text/plain; charset=us-ascii',
        Buffer.from(file.content, 'ascii'),
      )
    },
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

  app.post('/xlsx', {
    config: { permission: 'planillas_descarga_excel' },
    schema: { tags, body: withSelection(PayrollFilterSchema).nullish() },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('planillas'),
        sheetName: 'Planillas',
        rows: exportRows(q.payrollExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Código', width: 16, value: (p) => p.code },
          { header: 'Periodo', width: 10, value: (p) => periodLabel(p.period) },
          { header: 'Nombre', width: 36, value: (p) => p.name },
          { header: 'Tipo', width: 18, value: (p) => enumLabel(payrollType, p.type) },
          { header: 'Colaboradores', width: 14, value: (p) => p.collaborators },
          { header: 'Monto Total a Pagar (S/)', width: 22, money: true, value: (p) => money(p.totalAmount) },
          { header: 'Abonados', width: 12, value: (p) => p.paidCount },
          { header: 'Total Pagado (S/)', width: 18, money: true, value: (p) => money(p.totalPaid) },
          { header: 'Progreso (%)', width: 12, value: (p) => p.progress },
          { header: 'Estado', width: 12, value: (p) => enumLabel(payrollStatus, p.status) },
          { header: 'Fecha de creación', width: 22, date: 'dateTime', value: (p) => p.createdAt },
        ],
      }),
  })

  app.post('/:id/lines/xlsx', {
    config: { permission: 'planillas_descarga_excel' },
    schema: { tags, params: IdParamsSchema, body: PayrollLineFilterSchema.nullish() },
    handler: async (req, reply) => {
      const payroll = found(await q.getPayroll(app.db, req.params.id))
      const sent = await sentLineIds(app.db, payroll.id)
      // the lines come as arrays (q.LineExportRow), read batch by batch as the file is sent.
      const state = (l: q.LineExportRow) =>
        lineStateOf({
          paid: l[9],
          reviewFlags: l[12],
          reviewConfirmedAt: l[13],
          sentAt: sent.has(Number(l[0])) ? 'sent' : null,
        })
      return sendWorkbook(reply, {
        fileName: exportFileName(`planilla-${payroll.code}`),
        sheetName: 'Detalle',
        rows: q.lineExportBatches(app.db, payroll.id, req.body ?? {}),
        columns: [
          { header: 'Fila', width: 8, value: (l) => l[1] },
          { header: 'Tipo de documento', width: 18, value: (l) => enumLabel(identifierType, l[2]) },
          { header: 'Número de documento', width: 20, value: (l) => l[3] },
          { header: 'Apellidos y nombres', width: 36, value: (l) => l[4] },
          { header: 'Código de banco', width: 14, value: (l) => l[5] },
          { header: 'Número de cuenta', width: 22, value: (l) => l[6] },
          { header: 'CCI', width: 24, value: (l) => l[7] ?? '' },
          { header: 'Monto (S/)', width: 14, money: true, value: (l) => l[8] },
          { header: 'Abonado', width: 10, value: (l) => (l[9] ? 'SÍ' : 'NO') },
          { header: 'Fecha de abono', width: 14, date: 'date', value: (l) => l[10] },
          { header: 'N° de operación', width: 18, value: (l) => l[11] ?? '' },
          { header: 'Estado', width: 12, value: (l) => enumLabel(lineState, state(l)) },
          { header: 'Observaciones', width: 48, value: (l) => reasonsText(l[12]) },
        ],
      })
    },
  })
}
