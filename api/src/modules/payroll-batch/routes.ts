import multipart from '@fastify/multipart'
import { banks, payrollBatches, recordAudit } from '@planillas/db'
import { FileNotFoundError } from '@planillas/db/storage'
import {
  MESSAGES,
  PAYROLL_TEMPLATE_FILE_NAME,
  PAYROLL_UPLOAD_MESSAGES,
  payrollType,
  UploadRefusedSchema,
} from '@planillas/domain'
import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CreatedSchema, IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { found, notFound, violatedUniqueConstraint } from '../../lib/errors'
import { contentDisposition, sendWorkbook } from '../../lib/xlsx'
import './context'
import * as q from './queries'
import { payrollTemplate } from './template'
import { readUpload } from './upload'

const tags = ['payroll-batch']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** 'Carga de planillas' is the uploader's screen: its menu entry, guards and dashboard panel need planillas_carga. */
const VIEW = 'planillas_carga'

/** 'Carga de planillas': upload, template, list, file and errors of payroll batches (DESIGN §6). */
export async function payrollBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, { throwFileSizeLimit: false })

  app.post('/', {
    config: { permission: 'planillas_carga' },
    schema: {
      tags,
      description:
        'Formulario multipart: code, period (AAAAMM), name, type (1 OPERADORES, 2 ADMINISTRATIVOS) y file (.xlsx ' +
        'de hasta 20 MB con el encabezado de la plantilla). Devuelve todos los problemas en messages sin guardar ' +
        'nada; si no hay, guarda el archivo, registra la carga PENDIENTE y encola su procesamiento.',
      consumes: ['multipart/form-data'],
      response: { 200: CreatedSchema, 400: UploadRefusedSchema },
    },
    handler: async (req, reply) => {
      const upload = await readUpload(req)
      const refuse = (messages: string[]) =>
        reply.code(400).send({ status: 'ERROR', payload: { messages }, messages })
      if (!upload.ok) return refuse(upload.messages)
      const { fields, file } = upload
      if (await q.codeTaken(app.db, fields.code)) return refuse([PAYROLL_UPLOAD_MESSAGES.codeTaken])

      const fileKey = await app.storage.put(file.content, { name: file.name, contentType: file.contentType })
      let batchId: number
      try {
        batchId = await app.db.transaction(async (tx) => {
          const [batch] = await tx
            .insert(payrollBatches)
            .values({
              ...fields,
              fileKey,
              fileName: file.name,
              fileSize: file.content.length,
              createdBy: req.user.email,
            })
            .returning()
          await recordAudit(tx, {
            action: 'CREATE',
            entity: 'payroll_batches',
            entityId: batch.id,
            actor: req.user.email,
            description: `Cargó el archivo '${file.name}' para la planilla ${batch.code} '${batch.name}' (periodo ${batch.period}, ${payrollType[batch.type as 1 | 2].label}): carga #${batch.id}`,
          })
          return batch.id
        })
      } catch (error) {
        await app.storage.delete(fileKey)
        if (violatedUniqueConstraint(error) === 'payroll_batches_code_unique')
          return refuse([PAYROLL_UPLOAD_MESSAGES.codeTaken])
        throw error
      }
      let queued = false
      try {
        if (app.jobs) {
          await app.jobs.enqueue('payroll-import', { batchId })
          queued = true
        } else
          req.log.warn(
            { batchId },
            'Sin cola de trabajos: la carga queda PENDIENTE hasta que un worker la tome',
          )
      } catch (error) {
        // The batch is recorded PENDIENTE: a worker's sweep enqueues it when the queue is back.
        req.log.error({ batchId, err: error }, 'No se pudo encolar la carga')
      }
      // Not queued: say so, the clerk should not expect it to run now.
      return ok({ id: batchId }, [queued ? PAYROLL_UPLOAD_MESSAGES.accepted : MESSAGES.uploadQueued])
    },
  })

  app.get('/template/xlsx', {
    config: { permission: VIEW },
    schema: { tags, description: 'La plantilla: encabezados, una fila de ejemplo y una hoja de notas.' },
    handler: async (_req, reply) => {
      const bankList = await app.db
        .select({ code: banks.code, name: banks.name })
        .from(banks)
        .orderBy(asc(banks.code))
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', contentDisposition(PAYROLL_TEMPLATE_FILE_NAME))
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(await payrollTemplate(bankList))
    },
  })

  app.post('/list', {
    config: { permission: VIEW },
    schema: {
      tags,
      description:
        'Cargas, la más reciente primero. Filtros: search (nombre de archivo o usuario), period, status.',
      ...routeSchema('POST /payroll-batch/list'),
    },
    handler: async (req) => {
      const page = await q.listBatches(app.db, req.body ?? {}, req.query)
      return ok({ ...page, content: page.content.map(q.toBatchRow) })
    },
  })

  app.get('/:id', {
    config: { permission: VIEW },
    schema: { tags, ...routeSchema('GET /payroll-batch/:id') },
    handler: async (req) => ok(q.toBatchRow(found(await q.getBatch(app.db, req.params.id)))),
  })

  app.get('/:id/file', {
    config: { permission: VIEW },
    schema: { tags, params: IdParamsSchema, description: 'El archivo cargado, con su nombre original.' },
    handler: async (req, reply) => {
      const batch = found(await q.getBatchFile(app.db, req.params.id))
      try {
        const stream = await app.storage.get(batch.fileKey)
        return reply
          .header('Content-Type', XLSX)
          .header('Content-Disposition', contentDisposition(batch.fileName))
          .send(stream)
      } catch (error) {
        if (error instanceof FileNotFoundError)
          throw notFound('El archivo de esta carga ya no está disponible')
        throw error
      }
    },
  })

  app.get('/:id/errors', {
    config: { permission: VIEW },
    schema: {
      tags,
      ...routeSchema('GET /payroll-batch/:id/errors'),
    },
    handler: async (req) => {
      found(await q.getBatchFile(app.db, req.params.id))
      return ok(await q.listErrors(app.db, req.params.id, req.query))
    },
  })

  app.get('/:id/errors/xlsx', {
    config: { permission: VIEW },
    schema: {
      tags,
      params: IdParamsSchema,
      description: 'Todos los errores de la carga: fila, columna, valor, mensaje.',
    },
    handler: async (req, reply) => {
      found(await q.getBatchFile(app.db, req.params.id))
      return sendWorkbook(reply, {
        fileName: `errores-carga-${req.params.id}.xlsx`,
        sheetName: 'Errores',
        rows: q.errorsInRowOrder(app.db, req.params.id),
        columns: [
          { header: 'Fila', width: 8, value: (e) => e.rowNumber ?? '' },
          { header: 'Columna', width: 24, value: (e) => e.column ?? '' },
          { header: 'Valor', width: 30, value: (e) => e.value ?? '' },
          { header: 'Mensaje', width: 90, value: (e) => e.message },
        ],
      })
    },
  })
}
