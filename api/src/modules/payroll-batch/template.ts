import {
  buildCci,
  formatCount,
  identifierType,
  PAYROLL_FILE_COLUMNS,
  PAYROLL_LIMITS,
  PAYROLL_TEMPLATE_SHEET,
} from '@planillas/domain'
import ExcelJS from 'exceljs'

const EXAMPLE_ROW = [
  1,
  '45678912',
  'QUISPE HUAMÁN ROSA ELENA',
  '002',
  '19112345678012',
  buildCci('002', '191', '12345678012'),
  1850.5,
]
/** Columns typed as text so that leading zeros and long numbers survive Excel. */
const TEXT_COLUMNS = new Set(['identifier', 'bankCode', 'bankAccount', 'bankInterAccount'])

/**
 * The payroll template: sheet 'Planilla' with the headers and one example row (text columns
 * formatted as text), and sheet 'Notas' explaining each column, the document-type codes and the
 * bank codes. Only the first sheet is read on upload.
 */
export async function payrollTemplate(banks: { code: string; name: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Planillas'
  const sheet = workbook.addWorksheet(PAYROLL_TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = PAYROLL_FILE_COLUMNS.map((c) => ({
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
    { header: 'Columna', key: 'column', width: 24 },
    { header: 'Cómo llenarla', key: 'note', width: 110 },
  ]
  notes.getRow(1).font = { bold: true }
  for (const c of PAYROLL_FILE_COLUMNS) notes.addRow({ column: c.header, note: c.note })
  notes.addRow({})
  const general = [
    'Llene la hoja "Planilla" desde la fila 2 y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
    `Máximo ${formatCount(PAYROLL_LIMITS.maxRows)} filas de datos y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)".`,
    'Escriba valores, no fórmulas. Si una fila tiene errores no se registra nada: corrija el archivo y vuelva a cargarlo.',
  ]
  for (const text of general) notes.addRow({ column: 'Importante', note: text })
  notes.addRow({})
  notes.addRow({ column: 'Tipo de documento', note: 'Código y descripción' }).font = { bold: true }
  for (const [code, t] of Object.entries(identifierType)) notes.addRow({ column: code, note: t.label })
  notes.addRow({})
  notes.addRow({ column: 'Código de banco', note: 'Banco' }).font = { bold: true }
  for (const bank of banks) notes.addRow({ column: bank.code, note: bank.name })
  notes.getColumn('note').alignment = { wrapText: true, vertical: 'top' }
  notes.getColumn('column').alignment = { vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
