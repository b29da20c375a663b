import { expenseLines, voucherBatches } from '@planillas/db'
import {
  BatchErrorSchema,
  RECORD_STATUS,
  UploadRefusedSchema,
  VOUCHER_TEMPLATE_FILE_NAME,
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
import { voucherTemplate } from './template'
import { VOUCHER_UPLOAD } from './upload'

const tags = ['voucher-batches']
/** Who registers vouchers uploads them and follows their uploads. */
const PERMISSION = 'pagos_registrar'

/** 'Carga de comprobantes' (issue 22): upload, template, list, file and errors of voucher batches. */
export async function voucherBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(
    batchUploadRoute({
      kind: VOUCHER_UPLOAD,
      permission: PERMISSION,
      tags,
      description:
        'Formulario multipart: companyId (la empresa pagadora) y file (.xlsx de hasta 20 MB con el encabezado de ' +
        'la plantilla). Devuelve todos los problemas en messages sin guardar nada; si no hay, guarda el archivo, ' +
        'registra la carga PENDIENTE y encola su procesamiento: todos los comprobantes quedan REGISTRADOS (sin PDF) ' +
        'o ninguno, con cada error de fila listado.',
      refusedSchema: UploadRefusedSchema,
    }),
  )

  app.get('/template/xlsx', {
    config: { permission: PERMISSION },
    schema: { tags, description: 'La plantilla: encabezados, una fila de ejemplo y una hoja de notas.' },
    handler: async (_req, reply) => {
      const lines = await app.db
        .select({ code: expenseLines.code, description: expenseLines.description })
        .from(expenseLines)
        .where(eq(expenseLines.status, RECORD_STATUS.ACTIVE))
        .orderBy(asc(expenseLines.id))
      return sendAttachment(reply, VOUCHER_TEMPLATE_FILE_NAME, XLSX_MIME, await voucherTemplate(lines))
    },
  })

  app.post('/list', {
    config: { permission: PERMISSION },
    schema: {
      tags,
      description:
        'Cargas de comprobantes, la más reciente primero. Filtros: search (archivo o usuario), status.',
      ...routeSchema('POST /voucher-batches/list'),
    },
    handler: async (req) => {
      const page = await q.listBatches(app.db, req.body ?? {}, listPage(req))
      return ok({ ...page, content: page.content.map(q.toBatchRow) })
    },
  })

  app.get('/:id', {
    config: { permission: PERMISSION },
    schema: { tags, ...routeSchema('GET /voucher-batches/:id') },
    handler: async (req) => ok(q.toBatchRow(found(await q.getBatch(app.db, req.params.id)))),
  })

  await app.register(
    batchFileRoutes({
      table: voucherBatches,
      tags,
      permission: PERMISSION,
      file: { permission: PERMISSION, description: 'El archivo cargado, con su nombre original.' },
      problems: {
        schema: BatchErrorSchema,
        page: q.listErrors,
        workbook: {
          description: 'Todos los errores de la carga: fila, columna, valor, mensaje.',
          fileName: (id) => `errores-carga-comprobantes-${id}.xlsx`,
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
