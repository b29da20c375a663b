import {
  formatCount,
  PAYROLL_FILE_COLUMNS,
  PAYROLL_LIMITS,
  PAYROLL_TEMPLATE_EXAMPLE,
  PAYROLL_TEMPLATE_SHEET,
} from '@planillas/domain'
import { uploadTemplate } from '../../lib/upload-template'

/** The payroll template: sheet 'Planilla' and its notes, with the bank codes. */
export const payrollTemplate = (banks: { code: string; name: string }[]) =>
  uploadTemplate({
    sheetName: PAYROLL_TEMPLATE_SHEET,
    columns: PAYROLL_FILE_COLUMNS,
    textColumns: new Set(['identifier', 'bankCode', 'bankAccount', 'bankInterAccount']),
    example: [...PAYROLL_TEMPLATE_EXAMPLE],
    important: [
      'Llene la hoja "Planilla" desde la fila 2 y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
      `Máximo ${formatCount(PAYROLL_LIMITS.maxRows)} filas de datos y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)".`,
      'Escriba valores, no fórmulas. Si una fila tiene errores no se registra nada: corrija el archivo y vuelva a cargarlo.',
    ],
    codeLists: [{ title: ['Código de banco', 'Banco'], rows: banks.map((b) => [b.code, b.name]) }],
  })
