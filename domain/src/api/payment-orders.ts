import { z } from 'zod'
import { idNumber } from '../fields'
import { formatDate, todayInLima } from '../format'
import type { Wire } from './wire'

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

/** 'Generar archivo de pago': what `/payment-orders` takes and answers. */
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
})

/** 'Anular' an order: why, in the clerk's words (kept on the order and in the audit log). */
export const PaymentOrderAnnulSchema = z.object({
  reason: z
    .string({ error: PAYMENT_ORDER_MESSAGES.annulReason })
    .trim()
    .min(1, PAYMENT_ORDER_MESSAGES.annulReason)
    .max(200, PAYMENT_ORDER_MESSAGES.annulReasonMax),
})

/** An order's state: GENERADO (its lines are sent), ANULADO, REEMPLAZADO (by a later order). */
export const PAYMENT_ORDER_STATUS = { GENERATED: 1, ANNULLED: 2, REPLACED: 3 } as const
export const PAYMENT_ORDER_STATUS_LABEL: Record<number, string> = {
  1: 'GENERADO',
  2: 'ANULADO',
  3: 'REEMPLAZADO',
}

export const PaymentOrderRowSchema = z.object({
  id: z.number(),
  payrollId: z.number(),
  format: z.string(),
  paymentDate: z.string(),
  reference: z.string(),
  lineCount: z.number(),
  totalAmount: z.number(),
  checksum: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
  account: z.string(),
  bankCode: z.string(),
  status: z.number(),
  replacesOrderId: z.number().nullable(),
  annulledBy: z.string().nullable(),
  annulledAt: z.date().nullable(),
  annulReason: z.string().nullable(),
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

/** A generated file: its id, how many lines it pays and their total. */
export const PaymentOrderCreatedSchema = z.object({
  id: z.number(),
  lineCount: z.number(),
  totalAmount: z.number(),
})

export type PaymentOrderRow = Wire<typeof PaymentOrderRowSchema>
export type PaymentAccountOption = Wire<typeof PaymentAccountOptionSchema>
