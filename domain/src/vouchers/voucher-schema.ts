import { z } from 'zod'
import { OPERATION_NUMBER } from '../banks/operation-number'
import { isIsoDate } from '../common/dates'
import type { EnumTable } from '../common/enums'
import { idList, idNumber, optionalText, requiredCode, requiredText } from '../common/fields'
import { todayInLima } from '../common/format'
import { DateRangeSchema, SearchSchema } from '../common/list'
import { NO_COMMAS_MESSAGE, solesAmount } from '../common/money-input'
import {
  RECORDING_PERIOD_MESSAGES,
  RECORDING_PERIOD_PATTERN,
  recordingPeriodProblem,
} from './detraction-deadline'
import { RATE_DATE_BOUNDS, takesReferenceValue } from './spot'
import { VOUCHER_STATUSES } from './voucher-status'

/** SUNAT document types a supplier sends (tabla 10). */
export const voucherType = {
  '01': 'FACTURA',
  '02': 'RECIBO POR HONORARIOS',
  '03': 'BOLETA DE VENTA',
  '07': 'NOTA DE CRÉDITO',
  '08': 'NOTA DE DÉBITO',
} as const
export type VoucherType = keyof typeof voucherType
export const VOUCHER_TYPES = Object.keys(voucherType) as VoucherType[]
export const CREDIT_NOTE: VoucherType = '07'

/** 'Tipo de pago' of the approve dialog; crédito is the default. */
export const paymentType = {
  1: { key: 'CREDIT', label: 'CRÉDITO' },
  2: { key: 'CASH', label: 'CONTADO' },
} as const satisfies EnumTable
export const PAYMENT_TYPES = [1, 2] as const

/** `F001-00000123` as the list shows it. */
export const voucherNumber = (series: string, number: number) =>
  `${series}-${String(number).padStart(8, '0')}`

export const VOUCHER_MESSAGES = {
  companyRequired: 'Empresa es requerida',
  supplierRequired: 'Proveedor es requerido',
  typeRequired: 'Tipo de comprobante es requerido',
  seriesRequired: 'Serie es requerida',
  seriesFormat: 'Serie debe tener 4 caracteres, letras y números (p. ej. F001)',
  numberRequired: 'Número es requerido',
  numberFormat: 'Número debe tener entre 1 y 8 dígitos',
  issueDateRequired: 'Fecha de emisión es requerida',
  issueDateFuture: 'Fecha de emisión no puede ser posterior a hoy',
  dueDateRequired: 'Fecha de vencimiento es requerida',
  dueBeforeIssue: 'Fecha de vencimiento no puede ser anterior a la fecha de emisión',
  currency: 'Moneda debe ser soles (PEN) o dólares (USD)',
  feeReceiptInSoles: 'Los recibos por honorarios se registran en soles (PEN)',
  baseRequired: 'Base imponible es requerida',
  igvRequired: 'IGV es requerido',
  totalRequired: 'Total es requerido',
  amountInvalid: 'Debe ser un monto con hasta 2 decimales, con punto decimal y sin comas',
  totalPositive: 'El total debe ser mayor a cero',
  totalMismatch: 'El total debe ser la base imponible más el IGV',
  descriptionRequired: 'Descripción es requerida',
  expenseLineRequired: 'Línea de gasto es requerida',
  creditedRequired: 'La nota de crédito debe indicar el comprobante que modifica',
  creditedOnlyForCreditNote: 'Solo una nota de crédito indica el comprobante que modifica',
  creditedOtherSupplier: 'El comprobante modificado debe ser del mismo proveedor',
  creditedOtherCurrency: 'La nota de crédito debe estar en la moneda del comprobante que modifica',
  duplicate: 'Ya existe un comprobante del proveedor con el mismo tipo, serie y número',
  pdfRequired: 'El PDF del comprobante es requerido',
  pdfPendingAuthorize:
    'No se puede autorizar un comprobante sin su PDF: adjunte el PDF en el detalle del comprobante y vuelva a autorizarlo',
  pdfAlreadyAttached: 'El comprobante ya tiene su PDF',
  xmlAlreadyAttached: 'El comprobante ya tiene su XML',
  filesClosedVoucher: (status: string) => `No se adjuntan archivos a un comprobante ${status}`,
  pdfType: 'El comprobante debe ser un archivo .pdf',
  pdfUnreadable: 'El PDF no se pudo leer: verifique que no esté dañado ni protegido con contraseña',
  xmlType: 'El XML del comprobante debe ser un archivo .xml',
  fileSize: 'Cada archivo admite como máximo 10 MB',
  supplierSuspended: 'El proveedor está suspendido',
  // Dialogs (docs/domain.md, supplier payments)
  projectTypeRequired: 'Tipo de proyecto es requerido',
  periodRequired: 'Periodo es requerido',
  periodMax: 'Periodo admite como máximo 11 caracteres',
  periodFormat: 'Periodo debe tener el formato AAAAMM-NNN (p. ej. 202409-001)',
  rejectReasonRequired: 'Motivo de rechazo es requerido',
  paymentTypeRequired: 'Tipo de pago es requerido',
  spotCodeInvalid: 'Código de detracción inválido',
  spotCodeUnknown: 'El código de detracción no tiene una tasa vigente a la fecha de emisión',
  referenceValueInvalid: 'Valor referencial inválido: use un monto en soles con hasta 2 decimales',
  referenceValuePositive: 'El valor referencial debe ser mayor a cero',
  referenceValueOnly027:
    'El valor referencial solo se usa con el código 027 (servicio de transporte de bienes por vía terrestre)',
  percentage: 'El porcentaje de detracción debe ser un porcentaje válido',
  rateReasonRequired: 'Indique el motivo de usar un porcentaje distinto al de la tabla de detracciones',
  retentionReasonRequired: 'Indique el motivo de no seguir la regla de retención',
  noDetractionAccount: 'El proveedor no tiene cuenta de detracciones (Banco de la Nación) registrada',
  deductionsOverTotal: 'La detracción y la retención no pueden superar el total del comprobante',
  paidAmountRequired: 'Monto pagado es requerido',
  paidAmountPositive: 'El monto pagado debe ser mayor a cero',
  paidAmountNotNet: (paid: string, net: string) =>
    `El monto pagado (${paid}) no es el neto a pagar del comprobante (${net}): se registra el pago del neto completo, no pagos parciales ni mayores`,
  paidInOpenRun: (orderId: number) =>
    `El comprobante está en la orden de pago N° ${orderId}, que sigue vigente: se marca como pagado con el abono de esa orden; anule la orden antes de marcarlo como pagado a mano`,
  paidDateRequired: 'Fecha de pago es requerida',
  paidDateFuture: 'Fecha de pago no puede ser posterior a hoy',
  cancelDateRequired: 'Fecha de solicitud es requerida',
  cancelDateFuture: 'Fecha de solicitud no puede ser posterior a hoy',
  cancelReasonRequired: 'Motivo de anulación es requerido',
  cancelReasonMax: 'Motivo de anulación admite como máximo 255 caracteres',
  requesterRequired: 'Correo del solicitante es requerido',
  requesterInvalid: 'Ingrese un correo electrónico válido',
  evidenceRequired: 'El sustento (PDF) es requerido',
  noCommas: NO_COMMAS_MESSAGE,
} as const
const M = VOUCHER_MESSAGES

/** A required YYYY-MM-DD that is a real day; `notAfterToday` adds the Lima 'not in the future' rule. */
const day = (required: string, future?: string) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) return ctx.addIssue({ code: 'custom', message: required })
      if (!isIsoDate(v)) return ctx.addIssue({ code: 'custom', message: 'Fecha inválida' })
      if (future && v > todayInLima()) ctx.addIssue({ code: 'custom', message: future })
    })

const soles = (required: string, positive?: string) =>
  solesAmount({ required, invalid: M.amountInvalid, positive })

const VoucherFields = z.object({
  companyId: idNumber(M.companyRequired),
  supplierId: idNumber(M.supplierRequired),
  type: z.enum(VOUCHER_TYPES as [VoucherType, ...VoucherType[]], { error: M.typeRequired }),
  series: z
    .string({ error: M.seriesRequired })
    .trim()
    .toUpperCase()
    .min(1, { message: M.seriesRequired, abort: true })
    .regex(/^[A-Z0-9]{4}$/, M.seriesFormat),
  number: z.union([z.string(), z.number()], { error: M.numberRequired }).transform((v, ctx) => {
    const text = String(v).trim()
    if (!text) {
      ctx.addIssue({ code: 'custom', message: M.numberRequired })
      return z.NEVER
    }
    if (!/^\d{1,8}$/.test(text) || Number(text) === 0) {
      ctx.addIssue({ code: 'custom', message: M.numberFormat })
      return z.NEVER
    }
    return Number(text)
  }),
  issueDate: day(M.issueDateRequired, M.issueDateFuture),
  dueDate: day(M.dueDateRequired),
  /** Soles or dollars: the amounts are cents of this currency (docs/decisions/usd-vouchers.md). */
  currency: z.enum(['PEN', 'USD'], { error: M.currency }).default('PEN'),
  base: soles(M.baseRequired),
  igv: soles(M.igvRequired),
  total: soles(M.totalRequired, M.totalPositive),
  description: requiredText(M.descriptionRequired, 500, 'Descripción admite como máximo 500 caracteres'),
  expenseLineId: idNumber(M.expenseLineRequired),
  /** A nota de crédito (07) names the voucher it credits; no other type does. */
  creditsVoucherId: idNumber('Comprobante modificado inválido').nullish(),
  /** 'Periodo de registro' (AAAAMM) in the Registro de Compras; blank: the issue month. */
  recordingPeriod: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || RECORDING_PERIOD_PATTERN.test(v), RECORDING_PERIOD_MESSAGES.format),
})

/** 'Registrar comprobante': the fields of the form (its PDF and XML travel as files). */
export const VoucherSchema = VoucherFields.superRefine(
  (input, ctx) => {
    const v = input as Partial<z.infer<typeof VoucherFields>>
    if (v.issueDate && v.dueDate && isIsoDate(v.issueDate) && isIsoDate(v.dueDate) && v.dueDate < v.issueDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: M.dueBeforeIssue })
    if (typeof v.base === 'number' && typeof v.igv === 'number' && typeof v.total === 'number')
      if (v.base + v.igv !== v.total)
        ctx.addIssue({ code: 'custom', path: ['total'], message: M.totalMismatch })
    if (v.type === '02' && v.currency === 'USD')
      ctx.addIssue({ code: 'custom', path: ['currency'], message: M.feeReceiptInSoles })
    if (v.type === CREDIT_NOTE && !v.creditsVoucherId)
      ctx.addIssue({ code: 'custom', path: ['creditsVoucherId'], message: M.creditedRequired })
    if (v.type && v.type !== CREDIT_NOTE && v.creditsVoucherId)
      ctx.addIssue({ code: 'custom', path: ['creditsVoucherId'], message: M.creditedOnlyForCreditNote })
    // A period not AAAAMM is the field's own problem; the window needs a period and an issue date.
    if (
      v.recordingPeriod &&
      RECORDING_PERIOD_PATTERN.test(v.recordingPeriod) &&
      v.issueDate &&
      isIsoDate(v.issueDate)
    ) {
      const problem = recordingPeriodProblem(v.issueDate, v.recordingPeriod)
      if (problem) ctx.addIssue({ code: 'custom', path: ['recordingPeriod'], message: problem })
    }
  },
  { when: () => true },
)
export type VoucherInput = z.infer<typeof VoucherSchema>
export type VoucherFormInput = z.input<typeof VoucherSchema>

/** Authorize: project type (catalogue) and period `AAAAMM-NNN`, at most 11 characters (docs/domain.md, supplier payments). */
export const AuthorizeSchema = z.object({
  projectTypeId: idNumber(M.projectTypeRequired),
  period: z
    .string({ error: M.periodRequired })
    .trim()
    .min(1, { message: M.periodRequired, abort: true })
    .max(11, { message: M.periodMax, abort: true })
    .regex(/^\d{4}(0[1-9]|1[0-2])-\d{3}$/, M.periodFormat),
})
export type AuthorizeInput = z.infer<typeof AuthorizeSchema>

/**
 * 'Periodo de registro' of a voucher not yet approved (AAAAMM). Its window around the issue month
 * is checked by the API, which reads the issue date.
 */
export const RecordingPeriodSchema = z.object({
  recordingPeriod: z
    .string({ error: RECORDING_PERIOD_MESSAGES.required })
    .trim()
    .min(1, { message: RECORDING_PERIOD_MESSAGES.required, abort: true })
    .regex(RECORDING_PERIOD_PATTERN, RECORDING_PERIOD_MESSAGES.format),
})
export type RecordingPeriodInput = z.infer<typeof RecordingPeriodSchema>

/** Reject: a reason from the catalogue (and an optional note). */
export const RejectSchema = z.object({
  rejectReasonId: idNumber(M.rejectReasonRequired),
  note: z
    .string()
    .trim()
    .max(255, 'Observación admite como máximo 255 caracteres')
    .nullish()
    .transform((v) => v || null),
})
export type RejectInput = z.infer<typeof RejectSchema>

/** the specified percentage: 1 to 100 (two decimals, for catalogue 54's 1.5 %), as basis points. */
const percentage = z.union([z.string(), z.number()], { error: M.percentage }).transform((v, ctx) => {
  const text = String(v).trim()
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text)
  const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN
  if (!(bp >= 100 && bp <= 10_000)) {
    ctx.addIssue({ code: 'custom', message: M.percentage })
    return z.NEVER
  }
  return bp
})

const optionalReason = z
  .string()
  .trim()
  .max(255, 'El motivo admite como máximo 255 caracteres')
  .nullish()
  .transform((v) => v || null)

/**
 * The specified retention switch: 'true'/'on'/'1' or true is on, 'false'/'off'/'0' or false is off, and
 * missing (or blank) means 'as the rule proposes'. A form sends it explicitly (a radio or a hidden
 * 'false' before the checkbox): an unticked box alone says nothing.
 */
const retentionSwitch = z
  .union([z.boolean(), z.string()], { error: 'Valor inválido' })
  .optional()
  .transform((v, ctx) => {
    if (typeof v === 'boolean' || v === undefined) return v
    const text = v.trim().toLowerCase()
    if (!text) return undefined
    if (['on', 'true', '1'].includes(text)) return true
    if (['off', 'false', '0'].includes(text)) return false
    ctx.addIssue({ code: 'custom', message: 'Valor inválido' })
    return z.NEVER
  })

/**
 * Approve: payment type, detracción by SPOT code (none: no code), the percentage proposed from the
 * table (another needs a reason), and the retention switch the rule proposes (against it: a
 * reason). The amounts are computed by the API from the dated tables, never typed.
 */
export const ApproveSchema = z
  .object({
    paymentType: requiredCode(M.paymentTypeRequired, PAYMENT_TYPES),
    spotCode: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || /^\d{3}$/.test(v), M.spotCodeInvalid),
    detractionRate: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v, ctx) => {
        if (v === null || v === undefined || v === '') return null
        const parsed = percentage.safeParse(v)
        if (parsed.success) return parsed.data
        ctx.addIssue({ code: 'custom', message: M.percentage })
        return z.NEVER
      }),
    /** Code 027 only: the valor referencial in soles (the detracción's base is the greater of it and the total). */
    referenceValue: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v, ctx) => {
        if (v === null || v === undefined || String(v).trim() === '') return null
        const parsed = solesAmount({
          required: M.referenceValueInvalid,
          invalid: M.referenceValueInvalid,
          positive: M.referenceValuePositive,
        }).safeParse(v)
        if (parsed.success) return parsed.data
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
        return z.NEVER
      }),
    rateReason: optionalReason,
    retention: retentionSwitch,
    retentionReason: optionalReason,
  })
  .superRefine((v, ctx) => {
    if (v.referenceValue !== null && !takesReferenceValue(v.spotCode))
      ctx.addIssue({ code: 'custom', path: ['referenceValue'], message: M.referenceValueOnly027 })
  })
export type ApproveInput = z.infer<typeof ApproveSchema>

/**
 * Mark paid: amount (no commas), a date not after today in Lima, and the bank's operation number when
 * the payment has one (a transfer; a cheque or cash has none), as a supplier abonos upload takes it.
 */
export const PaySchema = z.object({
  paidAmount: soles(M.paidAmountRequired, M.paidAmountPositive),
  paidOn: day(M.paidDateRequired, M.paidDateFuture),
  paidOperation: optionalText(OPERATION_NUMBER.max, OPERATION_NUMBER.maxMessage).refine(
    (v) => v === null || OPERATION_NUMBER.pattern.test(v),
    OPERATION_NUMBER.formatMessage,
  ),
})
export type PayInput = z.infer<typeof PaySchema>

/** Cancel: request date, reason (≤ 255), requester e-mail; the evidence PDF travels as a file. */
export const CancelSchema = z.object({
  requestDate: day(M.cancelDateRequired, M.cancelDateFuture),
  reason: requiredText(M.cancelReasonRequired, 255, M.cancelReasonMax),
  requestedBy: z
    .string({ error: M.requesterRequired })
    .trim()
    .min(1, { message: M.requesterRequired, abort: true })
    .pipe(z.email({ error: M.requesterInvalid }).max(150, M.requesterInvalid)),
})
export type CancelInput = z.infer<typeof CancelSchema>

/** 'Comprobantes' filters: state, supplier, due date range, línea de gasto, search, company, type. */
export const VoucherFilterSchema = z.object({
  search: SearchSchema,
  statuses: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(
        z.coerce
          .number()
          .refine((n) => (VOUCHER_STATUSES as readonly number[]).includes(n), 'Estado inválido'),
      )
      .optional(),
  ),
  supplierIds: idList('Proveedor inválido'),
  companyIds: idList('Empresa inválida'),
  expenseLineIds: idList('Línea de gasto inválida'),
  types: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.enum(VOUCHER_TYPES as [VoucherType, ...VoucherType[]], { error: 'Tipo inválido' })).optional(),
  ),
  dueDate: DateRangeSchema.nullish(),
  /** Only vouchers past their due date and not paid, rejected or cancelled ('vencidos'). */
  overdue: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === '' ? undefined : v),
    z.boolean().nullish(),
  ),
})
export type VoucherFilter = z.infer<typeof VoucherFilterSchema>

export const SPOT_RATE_MESSAGES = {
  duplicate: 'Ya existe una tasa de ese código vigente desde esa fecha',
  duplicateRetention: 'Ya existe una tasa de retención vigente desde esa fecha',
  validFromBounds: 'Vigente desde debe estar entre el 01/01/2000 y el 31/12/2100',
  backdatedReason:
    'Vigente desde es anterior a hoy: indique el motivo (la nueva tasa se aplicará a comprobantes ya emitidos)',
} as const

/** 'Vigente desde' of a dated row: a real day within RATE_DATE_BOUNDS. */
const validFromDay = day('Vigente desde es requerida').refine(
  (v) => !isIsoDate(v) || (v >= RATE_DATE_BOUNDS.from && v <= RATE_DATE_BOUNDS.to),
  SPOT_RATE_MESSAGES.validFromBounds,
)

/** A row valid from before today (Lima) changes past proposals: it needs a reason, kept in the audit. */
const backdatedNeedsReason = (row: { validFrom: string; reason: string | null }, ctx: z.RefinementCtx) => {
  if (row.validFrom < todayInLima() && !row.reason)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: SPOT_RATE_MESSAGES.backdatedReason })
}

/** Reference-data rows an administrator adds (a new dated row; history is kept). */
export const SpotRateSchema = z
  .object({
    code: z
      .string({ error: 'Código es requerido' })
      .trim()
      .regex(/^\d{3}$/, 'Código debe tener 3 dígitos'),
    description: requiredText('Descripción es requerida', 200),
    rate: percentage,
    minimum: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v, ctx) => {
        if (v === null || v === undefined || v === '') return null
        const parsed = solesAmount({ required: 'Monto mínimo inválido', invalid: M.amountInvalid }).safeParse(
          v,
        )
        if (parsed.success) return parsed.data
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
        return z.NEVER
      }),
    validFrom: validFromDay,
    reason: optionalReason,
  })
  .superRefine(backdatedNeedsReason)
export type SpotRateInput = z.infer<typeof SpotRateSchema>

export const RetentionRateSchema = z
  .object({
    rate: percentage,
    threshold: solesAmount({ required: 'Monto mínimo es requerido', invalid: M.amountInvalid }),
    validFrom: validFromDay,
    reason: optionalReason,
  })
  .superRefine(backdatedNeedsReason)
export type RetentionRateInput = z.infer<typeof RetentionRateSchema>
