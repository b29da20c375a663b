import { constanciaBatches } from '@planillas/db'
import { ConstanciaProblemSchema, centsAsSoles, UploadRefusedSchema } from '@planillas/domain'
import { uploadKindRoutes } from '../../uploads/upload-kind'
import * as q from './queries'
import { CONSTANCIA_UPLOAD } from './upload'

/** Who records deposits imports SUNAT's file of them and follows its imports. */
const PERMISSION = 'pagos_pagar'

/**
 * 'Importar constancias': SUNAT's constancias de depósito as an upload kind of the batch pipeline
 * (docs/decisions/detracciones-deposited.md): upload, list, one batch, its file and the rows not
 * recorded (or a refused file's problems) as a page and a workbook. No template: the file is
 * SUNAT's download as it comes.
 */
export const constanciaBatchRoutes = uploadKindRoutes({
  tags: ['detractions'],
  view: PERMISSION,
  upload: {
    kind: CONSTANCIA_UPLOAD,
    permission: PERMISSION,
    description:
      "Formulario multipart: file, el archivo de 'Consulta de constancias de depósito' de SUNAT Operaciones en " +
      'Línea (.csv o .txt, separado por |, ;, coma o tabulación, en UTF-8 o Windows-1252), hasta 64 MB y 300,000 ' +
      'líneas, con las columnas requeridas en su encabezado. Devuelve los problemas del archivo sin guardar nada; si ' +
      'no hay, registra la carga PENDIENTE y encola su procesamiento: cada fila se empareja con un comprobante por ' +
      'R.U.C., tipo, serie y número, y su monto con la detracción al céntimo; las emparejadas quedan depositadas y ' +
      'las demás se listan con su motivo. Una fila mal formada rechaza el archivo entero (CON ERRORES).',
    refusedSchema: UploadRefusedSchema,
  },
  list: {
    endpoint: 'POST /constancia-batches/list',
    one: 'GET /constancia-batches/:id',
    description:
      'Cargas de constancias, la más reciente primero. Filtros: search (archivo o usuario), status.',
    page: q.listBatches,
    get: q.getBatch,
    toRow: q.toBatchRow,
  },
  files: {
    table: constanciaBatches,
    file: {
      permission: PERMISSION,
      description: 'El archivo de SUNAT cargado, con su nombre original.',
      textType: 'text/csv',
    },
    problems: {
      schema: ConstanciaProblemSchema,
      description:
        'Las filas sin registrar (PROCESADO), cada una como la trae el archivo y su motivo; o los problemas del ' +
        'archivo rechazado (CON ERRORES). Montos en céntimos.',
      page: q.listProblems,
      workbook: {
        description:
          'Todas las filas sin registrar o los problemas del archivo: fila, constancia, R.U.C., comprobante, monto, motivo.',
        fileName: (id) => `constancias-sin-registrar-${id}.xlsx`,
        sheetName: 'Sin registrar',
        rows: q.problemsInRowOrder,
        columns: [
          { header: 'Fila', width: 8, value: (p) => p.rowNumber ?? '' },
          { header: 'Constancia', width: 22, value: (p) => p.constancia ?? '' },
          { header: 'R.U.C. proveedor', width: 14, value: (p) => p.supplierRuc ?? '' },
          { header: 'Comprobante', width: 16, value: (p) => p.voucher ?? '' },
          {
            header: 'Monto',
            width: 14,
            money: true,
            value: (p) => (p.amountCents === null ? null : centsAsSoles(p.amountCents)),
          },
          { header: 'Motivo', width: 90, value: (p) => p.message },
        ],
      },
    },
  },
})
