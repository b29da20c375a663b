import {
  formatCount,
  VOUCHER_FILE_COLUMNS,
  VOUCHER_LIMITS,
  VOUCHER_TEMPLATE_EXAMPLE,
  VOUCHER_TEMPLATE_SHEET,
  voucherType,
} from '@planillas/domain'
import { uploadTemplate } from '../../lib/upload-template'

/** The vouchers template: sheet 'Comprobantes' and its notes, with the types and the expense lines. */
export const voucherTemplate = (lines: { code: string; description: string }[]) =>
  uploadTemplate({
    sheetName: VOUCHER_TEMPLATE_SHEET,
    columns: VOUCHER_FILE_COLUMNS,
    textColumns: new Set(['ruc', 'type', 'series', 'number', 'issueDate', 'dueDate', 'credited']),
    example: [...VOUCHER_TEMPLATE_EXAMPLE],
    important: [
      'Llene la hoja "Comprobantes" desde la fila 2 y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
      `Máximo ${formatCount(VOUCHER_LIMITS.maxRows)} filas de datos y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)".`,
      'Escriba valores, no fórmulas. Si una fila tiene errores no se registra ningún comprobante: corrija el archivo y vuelva a cargarlo.',
      'Los comprobantes quedan REGISTRADOS con el PDF pendiente: adjunte el PDF de cada uno en su detalle antes de autorizarlo.',
    ],
    codeLists: [
      { title: ['Tipo de comprobante', 'Descripción'], rows: Object.entries(voucherType) },
      { title: ['Línea de gasto', 'Descripción'], rows: lines.map((l) => [l.code, l.description]) },
    ],
  })
