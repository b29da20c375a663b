import { z } from 'zod'
import { idNumber } from '../common/fields'
import { formatDate, todayInLima } from '../common/format'
import type { Wire } from '../common/wire'

/**
 * How far a payment date may be from today (Lima): a file for a payment at most a month back
 * (regenerated for a payroll paid late) or a year ahead. Anything further is a typo (0000-01-01,
 * 9999-12-31), never a date a bank pays on.
 */
export const PAYMENT_DATE_DAYS_BEFORE = 31
export const PAYMENT_DATE_DAYS_AFTER = 366

const shiftDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The first and last payment dates accepted today. */
export function paymentDateRange(today: string = todayInLima()) {
  return { from: shiftDays(today, -PAYMENT_DATE_DAYS_BEFORE), to: shiftDays(today, PAYMENT_DATE_DAYS_AFTER) }
}

const paymentDateOutOfRange = () => {
  const { from, to } = paymentDateRange()
  return `La fecha de pago debe estar entre el ${formatDate(from)} y el ${formatDate(to)}`
}

export const PAYMENT_ORDER_MESSAGES = {
  referenceSymbols: 'La referencia debe tener al menos una letra o un número',
  annulReason: 'Indique el motivo de la anulación',
  annulReasonMax: 'El motivo admite como máximo 200 caracteres',
} as const

/** A payment file's date: within the accepted range (`paymentDateRange`). */
export const paymentDateField = z.iso
  .date({ error: 'Fecha de pago inválida: use el formato DD/MM/AAAA' })
  .superRefine((value, ctx) => {
    const { from, to } = paymentDateRange()
    if (value < from || value > to) ctx.addIssue({ code: 'custom', message: paymentDateOutOfRange() })
  })

/** The reference a bank shows for the whole file: up to 40 characters, a letter or a digit. */
export const referenceField = z
  .string({ error: 'Referencia es requerida' })
  .trim()
  .min(1, 'Referencia es requerida')
  .max(40, 'Referencia admite como máximo 40 caracteres')
  .regex(/[\p{L}\p{N}]/u, PAYMENT_ORDER_MESSAGES.referenceSymbols)

/** A confirmed list of lines, as its digest (64 hexadecimal characters). */
const linesDigestField = z
  .string({ error: 'Confirmación de líneas inválida' })
  .regex(/^[0-9a-f]{64}$/, 'Confirmación de líneas inválida')

/** 'Generar archivo de pago' (new): what `/payment-orders` takes and answers. */
export const PaymentOrderBodySchema = z.object({
  payrollId: idNumber('Planilla es requerida'),
  companyAccountId: idNumber('Cuenta de cargo es requerida'),
  format: z.enum(['BCP', 'CCI', 'BBVA'], { error: 'Formato del banco es requerido' }),
  paymentDate: paymentDateField,
  reference: referenceField,
  /**
   * The payroll's lines are already in an open order: the clerk confirmed that this file replaces
   * that order (named here, so a confirmation given for one order never covers another).
   */
  replacesOrderId: idNumber('Orden de pago a reemplazar inválida').optional(),
  confirmReplace: z.boolean({ error: 'Confirmación inválida' }).optional(),
  /**
   * The clerk confirmed leaving out the OBSERVADO lines listed (`GET /payment-orders/next-file`):
   * that list's digest, so a tick given for one list never covers another.
   */
  confirmObserved: linesDigestField.optional(),
  /** The clerk confirmed sending again the lines the bank rejected or did not pay: that list's digest. */
  confirmResend: linesDigestField.optional(),
})

/** 'Anular' an order: why, in the clerk's words (kept on the order and in the audit log). */
export const PaymentOrderAnnulSchema = z.object({
  reason: z
    .string({ error: PAYMENT_ORDER_MESSAGES.annulReason })
    .trim()
    .min(1, PAYMENT_ORDER_MESSAGES.annulReason)
    .max(200, PAYMENT_ORDER_MESSAGES.annulReasonMax),
})

/**
 * An order's state: GENERADO (its lines are sent), ANULADO, REEMPLAZADO (by a later order),
 * GENERANDO (its lines are claimed and its file is being written), FALLIDO (the file could not be
 * written: its lines were released).
 */
export const PAYMENT_ORDER_STATUS = {
  GENERATED: 1,
  ANNULLED: 2,
  REPLACED: 3,
  BUILDING: 4,
  FAILED: 5,
} as const
export const PAYMENT_ORDER_STATUS_LABEL: Record<number, string> = {
  1: 'GENERADO',
  2: 'ANULADO',
  3: 'REEMPLAZADO',
  4: 'GENERANDO',
  5: 'FALLIDO',
}

export const PaymentOrderRowSchema = z.object({
  id: z.number(),
  payrollId: z.number(),
  format: z.string(),
  paymentDate: z.string(),
  reference: z.string(),
  /** Null while GENERANDO and for a FALLIDO order (no file was written). */
  lineCount: z.number().nullable(),
  totalAmount: z.number().nullable(),
  checksum: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().nullable(),
  sha256: z.string().nullable(),
  account: z.string(),
  bankCode: z.string(),
  status: z.number(),
  replacesOrderId: z.number().nullable(),
  annulledBy: z.string().nullable(),
  annulledAt: z.date().nullable(),
  annulReason: z.string().nullable(),
  /** Why a FALLIDO order's file could not be written. */
  failureReason: z.string().nullable(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
})

/** A company account a payment file may charge. */
export const PaymentAccountOptionSchema = z.object({
  id: z.number(),
  bankCode: z.string(),
  currency: z.string(),
  account: z.string(),
  companyName: z.string(),
})

export const PaymentFormatSchema = z.object({ code: z.string(), label: z.string() })

export const PaymentOrderQuerySchema = z.object({ payrollId: idNumber('Planilla inválida') })

/** A line a confirmation lists: an OBSERVADO line left out, or a line the bank rejected. */
export const OrderLineBriefSchema = z.object({
  id: z.number(),
  rowNumber: z.number(),
  identifierType: z.number(),
  identifier: z.string(),
  fullName: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** The open order a line to send again was in. */
  orderId: z.number().nullable(),
})

const listedLinesSchema = z.object({
  count: z.number(),
  /** What the confirmation sends back; null when the list is empty. */
  digest: z.string().nullable(),
  /** The first lines (at most 200), in file order. */
  lines: z.array(OrderLineBriefSchema),
})

/**
 * What the payroll's next payment file would do: the OBSERVADO lines it leaves out, the lines the
 * bank rejected or did not pay that it may send again, the free lines it carries, and what the
 * open orders already sent (amounts in soles).
 */
export const NextPaymentFileSchema = z.object({
  observed: listedLinesSchema,
  resend: listedLinesSchema,
  free: z.object({ count: z.number(), total: z.number() }),
  sent: z.object({ count: z.number(), total: z.number() }),
})

/** A generated file: its id, how many lines it pays and their total. */
export const PaymentOrderCreatedSchema = z.object({
  id: z.number(),
  lineCount: z.number(),
  totalAmount: z.number(),
})

export type PaymentOrderRow = Wire<typeof PaymentOrderRowSchema>
export type NextPaymentFile = Wire<typeof NextPaymentFileSchema>
export type PaymentAccountOption = Wire<typeof PaymentAccountOptionSchema>
