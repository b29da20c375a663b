import { banks, payrollBatches } from '@planillas/db'
import {
  BatchErrorSchema,
  PAYROLL_TEMPLATE_FILE_NAME,
  RECORD_STATUS,
  UploadRefusedSchema,
  XLSX_MIME,
} from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { batchFileRoutes } from '../../lib/batch-routes'
import { batchUploadRoute } from '../../lib/batch-upload'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { sendAttachment } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import * as q from './queries'
import { payrollTemplate } from './template'
import { PAYROLL_UPLOAD } from './upload'

const tags = ['payroll-batch']
/** 'Carga de planillas' is the uploader's screen: its menu entry, guards and dashboard panel need planillas_carga. */
const VIEW = 'planillas_carga'

/** 'Carga de planillas': upload, template, list, file and errors of payroll batches (docs/architecture.md). */
export async function payrollBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(
    batchUploadRoute({
      kind: PAYROLL_UPLOAD,
      permission: 'planillas_carga',
      tags,
      description:
        'Formulario multipart: code, period (AAAAMM), name, type (1 OPERADORES, 2 ADMINISTRATIVOS) y file (.xlsx ' +
        'de hasta 20 MB con el encabezado de la plantilla). Devuelve todos los problemas en messages sin guardar ' +
        'nada; si no hay, guarda el archivo, registra la carga PENDIENTE y encola su procesamiento.',
      refusedSchema: UploadRefusedSchema,
    }),
  )

  app.get('/template/xlsx', {
    config: { permission: VIEW },
    schema: { tags, description: 'La plantilla: encabezados, una fila de ejemplo y una hoja de notas.' },
    handler: async (_req, reply) => {
      const bankList = await app.db
        .select({ code: banks.code, name: banks.name })
        .from(banks)
        // The catalogue's active banks: a suspended one would be refused (Mantenimiento › Bancos).
        .where(eq(banks.status, RECORD_STATUS.ACTIVE))
        .orderBy(asc(banks.code))
      return sendAttachment(reply, PAYROLL_TEMPLATE_FILE_NAME, XLSX_MIME, await payrollTemplate(bankList))
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
      const page = await q.listBatches(app.db, req.body ?? {}, listPage(req))
      return ok({ ...page, content: page.content.map(q.toBatchRow) })
    },
  })

  app.get('/:id', {
    config: { permission: VIEW },
    schema: { tags, ...routeSchema('GET /payroll-batch/:id') },
    handler: async (req) => ok(q.toBatchRow(found(await q.getBatch(app.db, req.params.id)))),
  })

  await app.register(
    batchFileRoutes({
      table: payrollBatches,
      tags,
      permission: VIEW,
      file: {
        permission: ['planillas_descarga_excel', 'planillas_carga'],
        description: 'El archivo cargado, con su nombre original.',
      },
      problems: {
        schema: BatchErrorSchema,
        page: q.listErrors,
        workbook: {
          description: 'Todos los errores de la carga: fila, columna, valor, mensaje.',
          fileName: (id) => `errores-carga-${id}.xlsx`,
          sheetName: 'Errores',
          rows: q.errorsInRowOrder,
          columns: [
            { header: 'Fila', width: 8, value: (e) => e.rowNumber ?? '' },
            { header: 'Columna', width: 24, value: (e) => e.column ?? '' },
            { header: 'Valor', width: 30, value: (e) => e.value ?? '' },
            { header: 'Mensaje', width: 90, value: (e) => e.message },
          ],
        },
      },
    }),
  )
}
