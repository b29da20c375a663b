import { z } from 'zod'
import { optionalText } from '../common/fields'
import { formatDate } from '../common/format'
import { formatMoney } from '../common/money'
import { PAYMENT_FILE_COLUMNS, type PaymentColumn } from './abono-file'
import { PAYMENT_LIMITS, PaymentDateSchema } from './abonos'

/**
 * Supplier abonos ('Abonos de proveedores'): the bank's proof that a supplier
 * payment run was paid, uploaded like payroll's 'Cargar abonos' and processed by the same job.
 * The Excel has the payroll template's columns (document type 6 and the supplier's RUC); each row
 * pays one supplier line of the run and marks all of that supplier's vouchers in it PAGADO.
 */
export const SUPPLIER_PAYMENT_MESSAGES = {
  orderNumber: 'N° de orden de pago es requerido',
  orderNumberInvalid: 'N° de orden de pago inválido: escriba el número de la orden, por ejemplo 12',
  descMax: `Descripción admite como máximo ${PAYMENT_LIMITS.payrollDescMax} caracteres`,
  orderUnknown: (id: number) => `No existe una orden de pago a proveedores con el número ${id}`,
  orderNotOpen: (id: number, status: string) => `La orden de pago N° ${id} está ${status}: no admite abonos`,
  accepted: 'Se está procesando la carga de abonos de proveedores.',
  notInRun: (id: number) => `El proveedor no figura en la orden de pago N° ${id}`,
  amountDiffers: (paid: string, expected: string) =>
    `El monto abonado (${formatMoney(paid)}) no coincide con el neto a pagar de la orden (${formatMoney(expected)})`,
  notApproved: (voucher: string, status: string) =>
    `El comprobante ${voucher} está ${status}, ya no APROBADO: no se registró el pago de este proveedor`,
  alreadyPaid: (voucher: string, date: string | null, operation: string | null) =>
    `El comprobante ${voucher} ya figura PAGADO${date ? ` el ${formatDate(date)}` : ''}${operation ? ` (operación ${operation})` : ''}: no se registró el pago de este proveedor`,
  orderGone: (id: number) =>
    `La orden de pago N° ${id} ya no está vigente (anulada o reemplazada): no se registró ningún abono`,
} as const

/** The text fields of the supplier abonos form, shared by the web form and the API. */
export const SupplierPaymentBatchFieldsSchema = z.object({
  orderNumber: z
    .string({ error: SUPPLIER_PAYMENT_MESSAGES.orderNumber })
    .trim()
    .min(1, SUPPLIER_PAYMENT_MESSAGES.orderNumber)
    .regex(/^\d{1,9}$/, SUPPLIER_PAYMENT_MESSAGES.orderNumberInvalid)
    .transform(Number)
    .refine((n) => n > 0, SUPPLIER_PAYMENT_MESSAGES.orderNumberInvalid),
  description: optionalText(PAYMENT_LIMITS.payrollDescMax, SUPPLIER_PAYMENT_MESSAGES.descMax),
  paymentDate: PaymentDateSchema,
})
export type SupplierPaymentBatchFields = z.infer<typeof SupplierPaymentBatchFieldsSchema>

const SUPPLIER_NOTES: Partial<Record<PaymentColumn['key'], string>> = {
  identifierType: 'Obligatorio. 6 (RUC), el documento del proveedor.',
  identifier:
    'Obligatorio. El RUC del proveedor (11 dígitos), que debe figurar en la orden de pago indicada en el formulario. Un proveedor no puede repetirse en el archivo.',
  amount:
    'Obligatorio. Importe abonado en soles, con 2 decimales como máximo. Debe ser igual al neto que la orden paga a ese proveedor (total − detracción − retención de sus comprobantes).',
  receipt:
    'Opcional. Nombre del archivo PDF de la constancia, tal como se adjunta en el formulario. Si se deja vacío, se usa la constancia llamada como el RUC o el número de operación (20123456789.pdf), si se adjuntó.',
}

/** The supplier template: the payroll template's columns (one reader for both), notes for suppliers. */
export const SUPPLIER_PAYMENT_FILE_COLUMNS: readonly PaymentColumn[] = PAYMENT_FILE_COLUMNS.map((c) => ({
  ...c,
  note: SUPPLIER_NOTES[c.key] ?? c.note,
}))
export const SUPPLIER_PAYMENT_TEMPLATE_EXAMPLE: readonly (string | number)[] = [
  6,
  '20100047218',
  1850.5,
  '0012345678',
  'constancia-20100047218.pdf',
]
export const SUPPLIER_PAYMENT_TEMPLATE_FILE_NAME = 'plantilla-abonos-proveedores.xlsx'
