import { voucherBatchErrors, voucherBatches } from '@planillas/db'
import { UploadRefusedSchema, VOUCHER_TEMPLATE_FILE_NAME } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import { rowErrorProblems } from '../../uploads/batch-row-errors'
import { batchUploadRoute } from '../../uploads/batch-upload'
import { uploadKindRoutes } from '../../uploads/upload-kind'
import * as q from './queries'
import { voucherTemplate } from './template'
import { VOUCHER_UPLOAD } from './upload'
import { VOUCHER_ZIP_UPLOAD } from './zip-upload'

/** Who registers vouchers uploads them and follows their uploads. */
const PERMISSION = 'pagos_registrar'

/** 'Carga de comprobantes': upload, template, list, file and errors of voucher batches. */
const excelKindRoutes = uploadKindRoutes({
  tags: ['voucher-batches'],
  view: PERMISSION,
  upload: {
    kind: VOUCHER_UPLOAD,
    permission: PERMISSION,
    description:
      'Formulario multipart: companyId (la empresa pagadora) y file (.xlsx de hasta 20 MB con el encabezado de ' +
      'la plantilla). Devuelve todos los problemas en messages sin guardar nada; si no hay, guarda el archivo, ' +
      'registra la carga PENDIENTE y encola su procesamiento: todos los comprobantes quedan REGISTRADOS (sin PDF) ' +
      'o ninguno, con cada error de fila listado.',
    refusedSchema: UploadRefusedSchema,
  },
  template: {
    fileName: VOUCHER_TEMPLATE_FILE_NAME,
    build: async (db) => voucherTemplate(await q.templateExpenseLines(db)),
  },
  list: {
    endpoint: 'POST /voucher-batches/list',
    one: 'GET /voucher-batches/:id',
    description:
      'Cargas de comprobantes, la más reciente primero. Filtros: search (archivo o usuario), status.',
    page: q.listBatches,
    get: q.getBatch,
    toRow: q.toBatchRow,
  },
  files: {
    table: voucherBatches,
    file: { permission: PERMISSION, description: 'El archivo cargado, con su nombre original.' },
    problems: rowErrorProblems(voucherBatchErrors, (id) => `errores-carga-comprobantes-${id}.xlsx`),
  },
})

/**
 * 'Carga de comprobantes': the Excel kind's routes and, under `/xml`, the same kind's upload of a
 * ZIP of the suppliers' XMLs (with their PDFs): one table, one job, one list and errors page.
 */
export async function voucherBatchRoutes(app: FastifyInstance) {
  await app.register(excelKindRoutes)
  await app.register(
    batchUploadRoute({
      kind: VOUCHER_ZIP_UPLOAD,
      permission: PERMISSION,
      tags: ['voucher-batches'],
      description:
        'Formulario multipart: companyId (la empresa pagadora), expenseLineId (la línea de gasto de todos) y file ' +
        '(.zip de hasta 100 MB con los XML UBL 2.1 de los comprobantes y, opcional, el PDF de cada uno con el ' +
        'mismo nombre). Devuelve todos los problemas del formulario sin guardar nada; si no hay, registra la carga ' +
        'PENDIENTE y encola su procesamiento: cada XML se lee, se valida y se contrasta (emisor, receptor, montos); ' +
        'todos los comprobantes quedan REGISTRADOS con su XML (y su PDF) o ninguno, con cada problema listado.',
      refusedSchema: UploadRefusedSchema,
    }),
    { prefix: '/xml' },
  )
}
