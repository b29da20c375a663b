import { z } from 'zod'
import { isoFromDayMonthYear } from '../common/date-input'
import type { EnumTable } from '../common/enums'
import { optionalText, requiredText } from '../common/fields'
import { formatCount, formatDate, todayInLima } from '../common/format'
import { DateRangeSchema, SearchSchema } from '../common/list'

/**
 * Payments made ('Cargar abonos', docs/domain.md): the clerk uploads the bank's proof of payment for a
 * payroll (one Excel of payments and the PDF receipts); a job matches every payment to a payroll
 * line and marks it paid. Batch states, limits, messages and the upload's fields live here.
 */
export const paymentBatchStatus = {
  1: { key: 'PENDING', label: 'PENDIENTE' },
  2: { key: 'PROCESSING', label: 'PROCESANDO' },
  3: { key: 'PROCESSED', label: 'PROCESADO' },
  4: { key: 'OBSERVED', label: 'CON OBSERVACIONES' },
  5: { key: 'FAILED', label: 'CON ERRORES' },
} as const satisfies EnumTable
export const PAYMENT_BATCH_STATUS = {
  PENDING: 1,
  PROCESSING: 2,
  PROCESSED: 3,
  OBSERVED: 4,
  FAILED: 5,
} as const
export type PaymentBatchStatus = (typeof PAYMENT_BATCH_STATUS)[keyof typeof PAYMENT_BATCH_STATUS]
/** Still being worked on: the list refreshes by itself while it shows one. */
export const isPaymentBatchRunning = (status: number) =>
  status === PAYMENT_BATCH_STATUS.PENDING || status === PAYMENT_BATCH_STATUS.PROCESSING

/** An observation leaves its row unpaid and the rest applied; an error stops the whole batch. */
export const paymentIssueKind = {
  1: { key: 'OBSERVATION', label: 'OBSERVACIÓN' },
  2: { key: 'ERROR', label: 'ERROR' },
} as const satisfies EnumTable
export const PAYMENT_ISSUE_KIND = { OBSERVATION: 1, ERROR: 2 } as const

export const PAYMENT_LIMITS = {
  payrollNumberMax: 50,
  payrollDescMax: 100,
  maxFileBytes: 20 * 1024 * 1024,
  maxReceiptBytes: 10 * 1024 * 1024,
  maxReceipts: 500,
  /** All receipts of one batch together: the worker builds the merged download in memory. */
  maxReceiptsTotalBytes: 100 * 1024 * 1024,
  /**
   * Pages of one receipt. A bank's transfer proof is one or two pages; a consolidated proof that
   * lists a whole payroll's transfers runs to a few dozen. 50 leaves room for that and keeps a
   * hostile file (20,000 one-line pages in 269 KB) from being opened page by page at all.
   */
  maxReceiptPages: 50,
  /**
   * Pages of all the receipts of one batch: the merged download copies and stamps each page in
   * the worker. 5,000 is ten pages for each of the 500 receipts allowed, or one page for each of
   * 5,000 rows — more than any real batch — and bounds the merge (docs/decisions/merged-receipts.md).
   */
  maxBatchReceiptPages: 5000,
  maxRows: 200_000,
  receiptNameMax: 200,
} as const

/** How a refusal of a repeated abonos file starts, and what the clerk ticks to load it anyway. */
export const REPEATED_ABONOS_PREFIX = 'El Excel de abonos es idéntico al de la carga'
export const REPEATED_ABONOS_CONFIRM = 'Confirmo que cargo el mismo archivo de abonos otra vez'

export const PAYMENT_UPLOAD_MESSAGES = {
  payrollNumber: 'Número de planilla es requerido',
  payrollNumberMax: `Número de planilla admite como máximo ${PAYMENT_LIMITS.payrollNumberMax} caracteres`,
  payrollDescMax: `Descripción de planilla admite como máximo ${PAYMENT_LIMITS.payrollDescMax} caracteres`,
  paymentDate: 'Fecha de abono es requerida',
  paymentDateInvalid: 'Fecha de abono inválida: use el formato DD/MM/AAAA',
  paymentDateFuture: 'Fecha de abono no puede ser posterior a hoy',
  payrollUnknown: (code: string) => `No existe una planilla con el número '${code}'`,
  payrollInProgress: (code: string) =>
    `La planilla '${code}' aún se está procesando: espere a que su carga termine`,
  payrollAnnulled: (code: string) => `La planilla '${code}' está anulada: no admite abonos`,
  file: 'El archivo Excel de abonos es requerido',
  oneFile: 'Adjunte un solo archivo Excel de abonos',
  fileExtension: 'El archivo de abonos debe tener la extensión .xlsx',
  fileSize: 'El archivo Excel de abonos supera el tamaño máximo de 20 MB',
  receiptExtension: (name: string) => `La constancia '${name}' debe tener la extensión .pdf`,
  receiptContent: (name: string) => `La constancia '${name}' no es un archivo PDF`,
  receiptSize: (name: string) => `La constancia '${name}' supera el tamaño máximo de 10 MB`,
  receiptEmpty: (name: string) => `La constancia '${name}' está vacía`,
  receiptRepeated: (name: string) => `La constancia '${name}' se adjuntó más de una vez`,
  tooManyReceipts: `Adjunte como máximo ${PAYMENT_LIMITS.maxReceipts} constancias por carga`,
  tooManyFields: 'El formulario tiene campos de más: use el formulario de carga de abonos',
  receiptsTotalSize: 'Las constancias suman más de 100 MB: divida la carga de abonos en varias',
  receiptPages: (name: string) =>
    `La constancia '${name}' tiene más de ${PAYMENT_LIMITS.maxReceiptPages} hojas: el máximo por constancia es ${PAYMENT_LIMITS.maxReceiptPages}`,
  receiptsTotalPages: `Las constancias suman más de ${formatCount(PAYMENT_LIMITS.maxBatchReceiptPages)} hojas: divida la carga de abonos en varias`,
  receiptPassword: (name: string) =>
    `La constancia '${name}' está protegida con contraseña: adjúntela sin contraseña`,
  receiptNoPages: (name: string) => `La constancia '${name}' no tiene hojas`,
  accepted: 'Se está procesando la carga de abonos.',
  /** The same bytes already loaded for the same payroll or run, in a batch that was not refused. */
  repeatedFile: (batchId: number, paid: string) =>
    `${REPEATED_ABONOS_PREFIX} #${batchId} de ${paid}: no se cargó. Si de verdad son otros abonos, marque '${REPEATED_ABONOS_CONFIRM}' y adjunte los archivos de nuevo`,
  /** 'Descargar constancias' before the worker has built the merged PDF. */
  receiptsPreparing:
    'Las constancias de esta carga se están preparando en un solo PDF: vuelva a intentarlo en unos momentos',
  /** …while the job queue (Redis) is down: nothing can prepare them until it is back. */
  receiptsQueueDown:
    'Las constancias de esta carga aún no están preparadas y el servicio de colas no está disponible: se prepararán cuando vuelva. Inténtelo más tarde.',
  /** …while the file store refuses writes (full, read-only): the merged PDF cannot be stored. */
  receiptsStorageDown:
    'No se pueden preparar las constancias: el almacenamiento de archivos está lleno o no disponible. Avise al administrador.',
} as const

/** A date the clerk typed (DD/MM/YYYY, or YYYY-MM-DD), not after today in Lima. */
export const PaymentDateSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? isoFromDayMonthYear(value) : value),
    z.string({ error: PAYMENT_UPLOAD_MESSAGES.paymentDate }).trim(),
  )
  .pipe(z.string().min(1, PAYMENT_UPLOAD_MESSAGES.paymentDate))
  .pipe(z.iso.date({ error: PAYMENT_UPLOAD_MESSAGES.paymentDateInvalid }))
  // Only a real date can be late: a malformed one has its own message.
  .refine(
    (d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || d <= todayInLima(),
    PAYMENT_UPLOAD_MESSAGES.paymentDateFuture,
  )

/** The text fields of the upload form ('Cargar abonos'), shared by the web form and the API. */
export const PaymentBatchFieldsSchema = z.object({
  payrollNumber: requiredText(
    PAYMENT_UPLOAD_MESSAGES.payrollNumber,
    PAYMENT_LIMITS.payrollNumberMax,
    PAYMENT_UPLOAD_MESSAGES.payrollNumberMax,
  ),
  payrollDesc: optionalText(PAYMENT_LIMITS.payrollDescMax, PAYMENT_UPLOAD_MESSAGES.payrollDescMax),
  paymentDate: PaymentDateSchema,
})
export type PaymentBatchFields = z.infer<typeof PaymentBatchFieldsSchema>

/** 'Carga de abonos': search by who uploaded, filters Estado and Fecha de carga. */
export const PaymentBatchFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce
    .number({ error: 'Estado inválido' })
    .int('Estado inválido')
    .min(1, 'Estado inválido')
    .max(5, 'Estado inválido')
    .nullish(),
  createdAt: DateRangeSchema.nullish(),
  /** Payroll abonos ('PAYROLL', the default) or supplier abonos ('VOUCHERS'): one list each. */
  source: z.enum(['PAYROLL', 'VOUCHERS']).nullish(),
})
export type PaymentBatchFilter = z.infer<typeof PaymentBatchFilterSchema>

/** What the details page of a payroll shows for one line (paid or why it is still pending). */
export const PAYMENT_LINE_MESSAGES = {
  pendingNoPayment: 'Pendiente: ninguna carga de abonos lo incluye todavía',
  receiptLabel: (date: string, operation: string) =>
    `Constancia del abono del ${formatDate(date)} (operación ${operation})`,
} as const
