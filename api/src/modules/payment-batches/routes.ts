import { paymentBatches } from '@planillas/db'
import { FileNotFoundError } from '@planillas/db/storage'
import {
  enumLabel,
  PAYMENT_BATCH_STATUS,
  PAYMENT_TEMPLATE_FILE_NAME,
  PAYMENT_UPLOAD_MESSAGES,
  paymentIssueKind,
} from '@planillas/domain'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { failure, IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { found, notFound } from '../../lib/errors'
import { contentDisposition, inBatches, sendWorkbook } from '../../lib/xlsx'
import '../payroll-batch/context'
import { lineStatuses } from './line-status'
import * as q from './queries'
import { paymentsTemplate } from './template'
import { paymentUploadRoute } from './upload-route'

const tags = ['payment-batches']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** Who sees the uploads: the clerk who uploads them, and the payments list role (DESIGN §3). */
const VIEW = ['planillas_abonos', 'pagos_abonos_lista'] as const
/** A line's receipt and payment state also show on the payroll's details page. */
const LINE_VIEW = [...VIEW, 'planillas_lista'] as const
const GONE = 'El archivo de esta carga ya no está disponible'

/** 'Carga de abonos' (payments made, DESIGN §6): upload, list, files, observations, merged receipts. */
export async function paymentBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(paymentUploadRoute)

  app.get('/template/xlsx', {
    config: { permission: VIEW },
    schema: {
      tags,
      description: 'La plantilla de abonos: encabezados, una fila de ejemplo y una hoja de notas.',
    },
    handler: async (_req, reply) =>
      reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', contentDisposition(PAYMENT_TEMPLATE_FILE_NAME))
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(await paymentsTemplate()),
  })

  app.post('/list', {
    config: { permission: VIEW },
    schema: {
      tags,
      description:
        'Cargas de abonos; por defecto la más reciente primero (sort=createdAt,desc). Filtros: search (usuario que ' +
        'cargó), status (1 PENDIENTE … 5 CON ERRORES), createdAt {from, to} (fecha de carga, días de Lima).',
      ...routeSchema('POST /payment-batches/list'),
    },
    handler: async (req) => {
      const page = await q.listBatches(app.db, req.body ?? {}, req.query)
      return ok({ ...page, content: page.content.map(q.toBatchRow) })
    },
  })

  app.get('/line-status', {
    config: { permission: LINE_VIEW },
    schema: {
      tags,
      description:
        'Estado de pago de líneas de una planilla (máx. 100): el abono que las pagó (fecha, operación, monto, ' +
        'constancia) o, si siguen pendientes, el motivo.',
      ...routeSchema('GET /payment-batches/line-status'),
    },
    handler: async (req) => ok(await lineStatuses(app.db, req.query.payrollId, req.query.lineIds)),
  })

  app.get('/:id', {
    config: { permission: VIEW },
    schema: { tags, ...routeSchema('GET /payment-batches/:id') },
    handler: async (req) => ok(q.toBatchRow(found(await q.getBatch(app.db, req.params.id)))),
  })

  app.get('/:id/errors', {
    config: { permission: VIEW },
    schema: {
      tags,
      description: 'Observaciones y errores de la carga, en el orden del archivo.',
      ...routeSchema('GET /payment-batches/:id/errors'),
    },
    handler: async (req) => {
      found(await q.getBatchFile(app.db, req.params.id))
      return ok(await q.listIssues(app.db, req.params.id, req.query))
    },
  })

  app.get('/:id/errors/xlsx', {
    config: { permission: VIEW },
    schema: {
      tags,
      params: IdParamsSchema,
      description: 'Observaciones y errores: tipo, fila, columna, valor, motivo.',
    },
    handler: async (req, reply) => {
      found(await q.getBatchFile(app.db, req.params.id))
      return sendWorkbook(reply, {
        fileName: `observaciones-abonos-${req.params.id}.xlsx`,
        sheetName: 'Observaciones',
        rows: inBatches(q.issueExportBatch(app.db, req.params.id)),
        columns: [
          { header: 'Tipo', width: 16, value: (i) => enumLabel(paymentIssueKind, i.kind) },
          { header: 'Fila', width: 8, value: (i) => i.rowNumber ?? '' },
          { header: 'Columna', width: 26, value: (i) => i.column ?? '' },
          { header: 'Valor', width: 30, value: (i) => i.value ?? '' },
          { header: 'Motivo', width: 90, value: (i) => i.reason },
        ],
      })
    },
  })

  app.get('/:id/file', {
    config: { permission: VIEW },
    schema: {
      tags,
      params: IdParamsSchema,
      description: 'El Excel de abonos cargado, con su nombre original.',
    },
    handler: async (req, reply) => {
      const batch = found(await q.getBatchFile(app.db, req.params.id))
      return sendStored(reply, batch.fileKey, batch.fileName, XLSX)
    },
  })

  app.get('/:id/receipts', {
    config: { permission: VIEW },
    schema: {
      tags,
      params: IdParamsSchema,
      description:
        'Todas las constancias de la carga en un solo PDF, en el orden del Excel, cada hoja sellada al pie con el ' +
        'código de la planilla y los números de documento y de operación de las filas que la nombran. El worker ' +
        'lo arma una vez, al procesar la carga, y lo guarda; mientras no está listo responde 409 con un mensaje.',
    },
    handler: async (req, reply) => {
      const batch = found(await q.getMergedReceipts(app.db, req.params.id))
      if (!batch.receiptCount) throw notFound('Esta carga de abonos no tiene constancias')
      const name = `constancias-abonos-${batch.id}-${batch.payrollCode}.pdf`
      if (batch.receiptsPdfKey) {
        try {
          const stream = await app.storage.get(batch.receiptsPdfKey)
          return reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Disposition', contentDisposition(name))
            .header('Access-Control-Expose-Headers', 'Content-Disposition')
            .send(stream)
        } catch (error) {
          if (!(error instanceof FileNotFoundError)) throw error
          // The stored copy is gone: forget it and have the worker build it again.
          await app.db
            .update(paymentBatches)
            .set({ receiptsPdfKey: null })
            .where(
              and(eq(paymentBatches.id, batch.id), eq(paymentBatches.receiptsPdfKey, batch.receiptsPdfKey)),
            )
        }
      }
      const running =
        batch.status === PAYMENT_BATCH_STATUS.PENDING || batch.status === PAYMENT_BATCH_STATUS.PROCESSING
      // A processed batch without the merged PDF (uploaded before the worker built it, or its merge
      // failed): ask the worker for it; its import builds it otherwise.
      if (!running) await requestMerge(batch.id)
      return reply
        .code(409)
        .header('Retry-After', '5')
        .send(failure([PAYMENT_UPLOAD_MESSAGES.receiptsPreparing]))
    },
  })

  async function requestMerge(batchId: number) {
    if (!app.jobs) return
    const payload = { batchId }
    const state = await app.jobs.state('payment-receipts', payload)
    // A finished job keeps its id in the queue; forgetting it lets the same id run again.
    if (state === 'completed' || state === 'failed') await app.jobs.forget('payment-receipts', payload)
    if (state !== 'waiting' && state !== 'active' && state !== 'delayed')
      await app.jobs.enqueue('payment-receipts', payload)
  }

  app.get('/:id/receipts/:receiptId', {
    config: { permission: LINE_VIEW },
    schema: {
      tags,
      params: IdParamsSchema.extend({ receiptId: IdParamsSchema.shape.id }),
      description: 'Una constancia tal como se cargó.',
    },
    handler: async (req, reply) => {
      const receipt = found(await q.getReceipt(app.db, req.params.id, req.params.receiptId))
      return sendStored(reply, receipt.fileKey, receipt.fileName, 'application/pdf')
    },
  })

  async function sendStored(reply: FastifyReply, key: string, name: string, type: string) {
    try {
      const stream = await app.storage.get(key)
      return reply
        .header('Content-Type', type)
        .header('Content-Disposition', contentDisposition(name))
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(stream)
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound(GONE)
      throw error
    }
  }
}
