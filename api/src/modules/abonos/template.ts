import {
  formatCount,
  PAYMENT_FILE_COLUMNS,
  PAYMENT_LIMITS,
  PAYMENT_TEMPLATE_EXAMPLE,
  PAYMENT_TEMPLATE_SHEET,
  SUPPLIER_PAYMENT_FILE_COLUMNS,
  SUPPLIER_PAYMENT_TEMPLATE_EXAMPLE,
} from '@planillas/domain'
import { uploadTemplate } from '../../lib/upload-template'

/** The payments template: sheet 'Abonos' and its notes, how receipts are matched included. */
export const paymentsTemplate = () =>
  uploadTemplate({
    sheetName: PAYMENT_TEMPLATE_SHEET,
    columns: PAYMENT_FILE_COLUMNS,
    textColumns: new Set(['identifier', 'operationNumber', 'receipt']),
    example: [...PAYMENT_TEMPLATE_EXAMPLE],
    important: [
      'Llene la hoja "Abonos" desde la fila 2 con un abono por fila y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
      'En el formulario indique el N° de planilla (su código), la fecha de abono y adjunte este archivo y las constancias en PDF (10 MB como máximo cada una).',
      `Máximo ${formatCount(PAYMENT_LIMITS.maxRows)} filas y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)" y escriba valores, no fórmulas.`,
      'Cada fila abona la línea de la planilla con el mismo tipo y número de documento si el monto coincide y la línea no fue abonada antes. Las filas que no cumplen quedan como observaciones con su motivo; las demás se registran.',
      'Si el archivo o una constancia no se pueden leer, no se registra ningún abono: corrija y vuelva a cargar.',
    ],
  })

/** The supplier abonos template: the same sheet and columns (one reader), notes for a payment run. */
export const supplierPaymentsTemplate = () =>
  uploadTemplate({
    sheetName: PAYMENT_TEMPLATE_SHEET,
    columns: SUPPLIER_PAYMENT_FILE_COLUMNS,
    textColumns: new Set(['identifier', 'operationNumber', 'receipt']),
    example: [...SUPPLIER_PAYMENT_TEMPLATE_EXAMPLE],
    important: [
      'Llene la hoja "Abonos" desde la fila 2 con una transferencia por proveedor y reemplace la fila de ejemplo; no cambie ni agregue encabezados o columnas.',
      'En el formulario indique el N° de la orden de pago a proveedores, la fecha de abono y adjunte este archivo y las constancias en PDF (10 MB como máximo cada una).',
      `Máximo ${formatCount(PAYMENT_LIMITS.maxRows)} filas y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)" y escriba valores, no fórmulas.`,
      'Cada fila marca PAGADOS, con la fecha de abono y el número de operación, todos los comprobantes del proveedor con ese RUC en la orden, si el monto es el neto de la orden y todos siguen APROBADOS. Las filas que no cumplen quedan como observaciones con su motivo; las demás se registran.',
      'Si el archivo o una constancia no se pueden leer, no se registra ningún abono: corrija y vuelva a cargar.',
    ],
  })
