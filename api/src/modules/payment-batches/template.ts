import {
  formatCount,
  identifierType,
  PAYMENT_FILE_COLUMNS,
  PAYMENT_LIMITS,
  PAYMENT_TEMPLATE_SHEET,
} from '@planillas/domain'
import ExcelJS from 'exceljs'

const EXAMPLE_ROW = [1, '45678912', 1850.5, '0012345678', 'constancia-45678912.pdf']
/** Columns typed as text so that leading zeros and long numbers survive Excel. */
const TEXT_COLUMNS = new Set(['identifier', 'operationNumber', 'receipt'])

/**
 * The payments template: sheet 'Abonos' with the headers and one example row, and sheet 'Notas'
 * explaining each column, how receipts are matched and the document-type codes. Only the first
 * sheet is read on upload.
 */
export async function paymentsTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Planillas'
  const sheet = workbook.addWorksheet(PAYMENT_TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = PAYMENT_FILE_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: TEXT_COLUMNS.has(c.key) ? { numFmt: '@' } : c.key === 'amount' ? { numFmt: '#,##0.00' } : {},
  }))
  sheet.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } }
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0288D1' } }
  sheet.addRow(EXAMPLE_ROW)

  const notes = workbook.addWorksheet('Notas')
  notes.columns = [
    { header: 'Columna', key: 'column', width: 26 },
    { header: 'Cómo llenarla', key: 'note', width: 110 },
  ]
  notes.getRow(1).font = { bold: true }
  for (const c of PAYMENT_FILE_COLUMNS) notes.addRow({ column: c.header, note: c.note })
  notes.addRow({})
  const general = [
    'Llene la hoja "Abonos" desde la fila 2 con un abono por fila y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
    'En el formulario indique el N° de planilla (su código), la fecha de abono y adjunte este archivo y las constancias en PDF (10 MB como máximo cada una).',
    `Máximo ${formatCount(PAYMENT_LIMITS.maxRows)} filas y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)" y escriba valores, no fórmulas.`,
    'Cada fila abona la línea de la planilla con el mismo tipo y número de documento si el monto coincide y la línea no fue abonada antes. Las filas que no cumplen quedan como observaciones con su motivo; las demás se registran.',
    'Si el archivo o una constancia no se pueden leer, no se registra ningún abono: corrija y vuelva a cargar.',
  ]
  for (const text of general) notes.addRow({ column: 'Importante', note: text })
  notes.addRow({})
  notes.addRow({ column: 'Tipo de documento', note: 'Código y descripción' }).font = { bold: true }
  for (const [code, t] of Object.entries(identifierType)) notes.addRow({ column: code, note: t.label })
  notes.getColumn('note').alignment = { wrapText: true, vertical: 'top' }
  notes.getColumn('column').alignment = { vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
