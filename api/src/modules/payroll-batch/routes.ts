import { payrollBatchErrors, payrollBatches } from '@planillas/db'
import { PAYROLL_TEMPLATE_FILE_NAME, UploadRefusedSchema } from '@planillas/domain'
import { rowErrorProblems } from '../../uploads/batch-row-errors'
import { uploadKindRoutes } from '../../uploads/upload-kind'
import * as q from './queries'
import { payrollTemplate } from './template'
import { PAYROLL_UPLOAD } from './upload'

/** 'Carga de planillas': upload, template, list, file and errors of payroll batches (docs/architecture.md). */
export const payrollBatchRoutes = uploadKindRoutes({
  tags: ['payroll-batch'],
  // 'Carga de planillas' is the uploader's screen: its menu entry, guards and dashboard panel need planillas_carga.
  view: 'planillas_carga',
  upload: {
    kind: PAYROLL_UPLOAD,
    permission: 'planillas_carga',
    description:
      'Formulario multipart: code, period (AAAAMM), name, type (1 OPERADORES, 2 ADMINISTRATIVOS) y file (.xlsx ' +
      'de hasta 20 MB con el encabezado de la plantilla). Devuelve todos los problemas en messages sin guardar ' +
      'nada; si no hay, guarda el archivo, registra la carga PENDIENTE y encola su procesamiento.',
    refusedSchema: UploadRefusedSchema,
  },
  template: {
    fileName: PAYROLL_TEMPLATE_FILE_NAME,
    build: async (db) => payrollTemplate(await q.templateBanks(db), await q.templateConcepts(db)),
  },
  list: {
    endpoint: 'POST /payroll-batch/list',
    one: 'GET /payroll-batch/:id',
    description:
      'Cargas, la más reciente primero. Filtros: search (nombre de archivo o usuario), period, status.',
    page: q.listBatches,
    get: q.getBatch,
    toRow: q.toBatchRow,
  },
  files: {
    table: payrollBatches,
    file: {
      permission: ['planillas_descarga_excel', 'planillas_carga'],
      description: 'El archivo cargado, con su nombre original.',
    },
    problems: rowErrorProblems(payrollBatchErrors, (id) => `errores-carga-${id}.xlsx`),
  },
})
