import { paymentBatches } from '@planillas/db'
import {
  enumLabel,
  mayUse,
  PAYMENT_BATCH_STATUS,
  PAYMENT_TEMPLATE_FILE_NAME,
  PAYMENT_UPLOAD_MESSAGES,
  PaymentIssueSchema,
  type Permission,
  paymentIssueKind,
  SUPPLIER_PAYMENT_TEMPLATE_FILE_NAME,
  UploadRefusedSchema,
  XLSX_MIME,
} from '@planillas/domain'
import { FileNotFoundError } from '@planillas/storage'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { failure, IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { forbidden, found, HttpError, notFound } from '../../lib/errors'
import { inBatches, sendAttachment } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { batchFileRoutes } from '../../uploads/batch-routes'
import { batchUploadRoute, sendStoredFile } from '../../uploads/batch-upload'
import { lineStatuses } from './line-status'
import * as q from './queries'
import { paymentsTemplate, supplierPaymentsTemplate } from './template'
import { PAYMENT_UPLOAD, SUPPLIER_PAYMENT_UPLOAD } from './upload'

const tags = ['abonos']
/**
 * The routes' first gate: either kind of abonos. A batch itself is read only with the permission of
 * its source (`SOURCE_VIEW`): payroll abonos are the payroll clerk's, supplier abonos Pagos'.
 */
const VIEW = ['planillas_abonos', 'pagos_abonos_lista'] as const
/** A line's receipt and payment state also show on the payroll's details page. */
const LINE_VIEW = [...VIEW, 'planillas_lista'] as const
/** Who reads a batch of each source, and one of its receipts (the payroll's details link to them). */
const SOURCE_VIEW = {
  PAYROLL: { batch: ['planillas_abonos'], receipt: ['planillas_abonos', 'planillas_lista'] },
  VOUCHERS: { batch: ['pagos_abonos_lista'], receipt: ['pagos_abonos_lista'] },
} as const satisfies Record<string, Record<string, readonly Permission[]>>

/** 'Carga de abonos' (payments made, docs/architecture.md): upload, list, files, observations, merged receipts. */
export async function abonoRoutes(fastify: FastifyInstance) {
  // Before any route of this module: a batch named by its number answers only to its source's permission.
  fastify.addHook('preHandler', async (req) => {
    const id = (req.params as { id?: unknown } | undefined)?.id
    if (typeof id !== 'number') return
    const source = await q.batchSource(fastify.db, id)
    // An unknown batch is the handler's 404.
    if (!source) return
    const view = SOURCE_VIEW[source as keyof typeof SOURCE_VIEW] ?? SOURCE_VIEW.VOUCHERS
    const required = req.routeOptions.url?.includes('/receipts/:receiptId') ? view.receipt : view.batch
    if (!mayUse(req.user.roles, required)) throw forbidden()
  })
  await fastify.register(abonoUploadRoutes)
  await fastify.register(abonoReadRoutes)
  await fastify.register(abonoReceiptRoutes)
}

/** The two uploads (payroll's and a supplier run's abonos) and their templates. */
async function abonoUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(
    batchUploadRoute({
      kind: PAYMENT_UPLOAD,
      permission: 'planillas_abonos',
      tags,
      description:
        'Formulario multipart: payrollNumber (código de la planilla, máx. 50), payrollDesc (máx. 100), ' +
        'paymentDate (DD/MM/AAAA o AAAA-MM-DD, no posterior a hoy), file (un .xlsx de hasta 20 MB con el encabezado de la ' +
        'plantilla de abonos) y records (cero o más PDF de hasta 10 MB y ' +
        '50 hojas cada uno, 100 MB y 5,000 hojas en total; los cifrados se aceptan si abren sin contraseña). Devuelve todos los problemas en ' +
        'messages sin guardar nada; si no hay, guarda los archivos, registra la carga PENDIENTE y encola su ' +
        'procesamiento.',
      refusedSchema: UploadRefusedSchema,
    }),
  )

  // Supplier abonos: the same pipeline and job, a supplier payment run instead of a payroll.
  await app.register(
    batchUploadRoute({
      kind: SUPPLIER_PAYMENT_UPLOAD,
      permission: 'pagos_pagar',
      tags,
      description:
        'Abonos de proveedores. Formulario multipart: orderNumber (N° de la orden de pago a proveedores, GENERADO), ' +
        'description (máx. 100), paymentDate (DD/MM/AAAA o AAAA-MM-DD, no posterior a hoy), file (el .xlsx de la ' +
        'plantilla de abonos de proveedores: tipo 6, RUC, monto neto, operación, constancia) y records (PDF, como en ' +
        'la carga de abonos de planillas). Devuelve todos los problemas sin guardar nada; si no hay, registra la carga ' +
        'PENDIENTE (source VOUCHERS) y encola su procesamiento: cada fila abonada marca PAGADO todos los comprobantes ' +
        'del proveedor en la orden.',
      refusedSchema: UploadRefusedSchema,
    }),
    { prefix: '/suppliers' },
  )

  app.get('/template/suppliers/xlsx', {
    config: { permission: VIEW },
    schema: {
      tags,
      description:
        'La plantilla de abonos de proveedores: encabezados, una fila de ejemplo y una hoja de notas.',
    },
    handler: async (_req, reply) =>
      sendAttachment(reply, SUPPLIER_PAYMENT_TEMPLATE_FILE_NAME, XLSX_MIME, await supplierPaymentsTemplate()),
  })

  app.get('/template/xlsx', {
    config: { permission: VIEW },
    schema: {
      tags,
      description: 'La plantilla de abonos: encabezados, una fila de ejemplo y una hoja de notas.',
    },
    handler: async (_req, reply) =>
      sendAttachment(reply, PAYMENT_TEMPLATE_FILE_NAME, XLSX_MIME, await paymentsTemplate()),
  })
}

/** The list, the checks the upload form asks for, a batch, its Excel and its observations. */
async function abonoReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/list', {
    config: { permission: VIEW },
    schema: {
      tags,
      description:
        'Cargas de abonos; por defecto la más reciente primero (sort=createdAt,desc). Filtros: source (PAYROLL, por ' +
        'defecto, o VOUCHERS: abonos de proveedores), search (usuario que ' +
        'cargó), status (1 PENDIENTE … 5 CON ERRORES), createdAt {from, to} (fecha de carga, días de Lima).',
      ...routeSchema('POST /payment-batches/list'),
    },
    handler: async (req) => {
      // The supplier runs' batches are Pagos' ('Abonos de proveedores'), the payroll's the payroll clerk's.
      const source = req.body?.source === 'VOUCHERS' ? 'VOUCHERS' : 'PAYROLL'
      if (!mayUse(req.user.roles, SOURCE_VIEW[source].batch)) throw forbidden()
      const page = await q.listBatches(app.db, req.body ?? {}, listPage(req))
      return ok({ ...page, content: page.content.map(q.toBatchRow) })
    },
  })

  app.get('/payroll-check', {
    config: { permission: 'planillas_abonos' },
    schema: {
      tags,
      description:
        'Si una carga de abonos puede nombrar esta planilla: el mismo motivo que daría la carga, o null.',
      ...routeSchema('GET /payment-batches/payroll-check'),
    },
    handler: async (req) => {
      const found = await q.findPayrollForPayments(app.db, req.query.number)
      return ok({ problem: 'problem' in found ? found.problem : null })
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

  await app.register(
    batchFileRoutes({
      table: paymentBatches,
      tags,
      permission: VIEW,
      file: { permission: VIEW, description: 'El Excel de abonos cargado, con su nombre original.' },
      problems: {
        schema: PaymentIssueSchema,
        description: 'Observaciones y errores de la carga, en el orden del archivo.',
        page: q.listIssues,
        workbook: {
          description: 'Observaciones y errores: tipo, fila, columna, valor, motivo.',
          fileName: (id) => `observaciones-abonos-${id}.xlsx`,
          sheetName: 'Observaciones',
          rows: (db, id) => inBatches(q.issueExportBatch(db, id)),
          columns: [
            { header: 'Tipo', width: 16, value: (i) => enumLabel(paymentIssueKind, i.kind) },
            { header: 'Fila', width: 8, value: (i) => i.rowNumber ?? '' },
            { header: 'Columna', width: 26, value: (i) => i.column ?? '' },
            { header: 'Valor', width: 30, value: (i) => i.value ?? '' },
            { header: 'Motivo', width: 90, value: (i) => i.reason },
          ],
        },
      },
    }),
  )
}

/** A batch's receipts: merged into one PDF by the worker, or one as uploaded. */
async function abonoReceiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
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
      const target = batch.source === 'VOUCHERS' ? `orden-${batch.payrollCode}` : batch.payrollCode
      const name = `constancias-abonos-${batch.id}-${target}.pdf`
      if (batch.receiptsPdfKey) {
        try {
          const stream = await app.storage.get(batch.receiptsPdfKey)
          return sendAttachment(reply, name, 'application/pdf', stream)
        } catch (error) {
          if (!(error instanceof FileNotFoundError)) throw error
          // The stored copy is gone: forget it and have the worker build it again.
          await q.forgetMergedReceipts(app.db, batch.id, batch.receiptsPdfKey)
        }
      }
      // Not stored yet. Say at once what is true: nothing can store it (a full store), nothing can
      // build it (the queue is down: asking it would wait for Redis), or it is on its way.
      if (!(await storageAccepts())) throw new HttpError(503, [PAYMENT_UPLOAD_MESSAGES.receiptsStorageDown])
      if (!(await queueAnswers())) throw new HttpError(503, [PAYMENT_UPLOAD_MESSAGES.receiptsQueueDown])
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

  const storageAccepts = () =>
    app.storage.check().then(
      () => true,
      () => false,
    )
  /** Whether the queue can take a job now (asking a BullMQ queue whose Redis is down waits for it). */
  const queueAnswers = async () => !app.jobs?.available || (await app.jobs.available())

  async function requestMerge(batchId: number) {
    if (!app.jobs) return
    const payload = { batchId }
    // Its import is still finishing: it builds the merge right after the batch is processed, and
    // a second build at once on another worker would be thrown away.
    const importing = await app.jobs.state('payment-import', payload)
    if (importing === 'waiting' || importing === 'active' || importing === 'delayed') return
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
      return sendStoredFile(reply, app.storage, {
        key: receipt.fileKey,
        name: receipt.fileName,
        contentType: 'application/pdf',
      })
    },
  })
}
