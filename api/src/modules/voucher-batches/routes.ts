import { voucherBatchErrors, voucherBatches } from '@planillas/db'
import { UploadRefusedSchema, VOUCHER_TEMPLATE_FILE_NAME } from '@planillas/domain'
import { rowErrorProblems } from '../../lib/batch-row-errors'
import { uploadKindRoutes } from '../../lib/upload-kind'
import * as q from './queries'
import { voucherTemplate } from './template'
import { VOUCHER_UPLOAD } from './upload'

/** Who registers vouchers uploads them and follows their uploads. */
const PERMISSION = 'pagos_registrar'

/** 'Carga de comprobantes': upload, template, list, file and errors of voucher batches. */
export const voucherBatchRoutes = uploadKindRoutes({
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
