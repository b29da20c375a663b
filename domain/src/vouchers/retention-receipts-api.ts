import { z } from 'zod'
import { isIsoDate } from '../common/dates'
import { todayInLima } from '../common/format'

const period = z
  .string({ error: 'El periodo es requerido' })
  .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM')

/** The CREs of a month (AAAAMM of issue), optionally of one state (1 PENDIENTE, 2 ENVIADO, 3 ANULADO). */
export const CreListQuerySchema = z.object({
  period,
  status: z.coerce
    .number({ error: 'El estado es inválido' })
    .int()
    .min(1, 'El estado es inválido')
    .max(3, 'El estado es inválido')
    .optional(),
})
export type CreListQuery = z.infer<typeof CreListQuerySchema>

/** The month's PDT 626 file of one company. */
export const Pdt626QuerySchema = z.object({
  period,
  companyId: z.coerce.number({ error: 'La empresa es requerida' }).int().positive('La empresa es requerida'),
})

export const CreRowSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  series: z.string(),
  number: z.number(),
  issueDate: z.string(),
  supplierRuc: z.string(),
  supplierName: z.string(),
  orderId: z.number().nullable(),
  documentCount: z.number(),
  /** The related vouchers as 'type series-number' ('01 F001-123'), in voucher order. */
  documents: z.string().array(),
  paidCents: z.number(),
  retentionCents: z.number(),
  netCents: z.number(),
  status: z.number(),
  sentOn: z.string().nullable(),
  annulReason: z.string().nullable(),
  /** The last day to send it (7 calendar days from the day after issue) and whether that is past. */
  sendDeadline: z.string(),
  overdue: z.boolean(),
})
export type CreRow = z.infer<typeof CreRowSchema>

/** 'Marcar enviado': the day it reached SUNAT or the OSE. */
export const CreSendSchema = z.object({
  sentOn: z
    .string({ error: 'La fecha de envío es requerida' })
    .trim()
    .superRefine((v, ctx) => {
      if (!isIsoDate(v)) return ctx.addIssue({ code: 'custom', message: 'La fecha de envío es inválida' })
      if (v > todayInLima())
        ctx.addIssue({ code: 'custom', message: 'La fecha de envío no puede ser posterior a hoy' })
    }),
})
export type CreSendInput = z.infer<typeof CreSendSchema>

/** 'Anular' (reversión): the reason, kept with who and when; the number is never given again. */
export const CreAnnulSchema = z.object({
  reason: z
    .string({ error: 'Indique el motivo de la anulación' })
    .trim()
    .min(5, 'El motivo de la anulación debe tener al menos 5 caracteres')
    .max(200, 'El motivo de la anulación no puede superar 200 caracteres'),
})
export type CreAnnulInput = z.infer<typeof CreAnnulSchema>

/** The reversals of a month: what is still to report and the summaries made (AAAAMM of the summary). */
export const ReversalListQuerySchema = z.object({ period })

/** Annulled CREs that had been sent, not yet in a summary: one group per company and issue date. */
export const PendingReversalSchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  referenceDate: z.string(),
  receipts: z.object({ id: z.number(), series: z.string(), number: z.number(), reason: z.string() }).array(),
})

export const ReversalRowSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  /** `RR-AAAAMMDD-n`. */
  code: z.string(),
  issueDate: z.string(),
  referenceDate: z.string(),
  receipts: z.string().array(),
  status: z.number(),
  sentOn: z.string().nullable(),
  createdBy: z.string().nullable(),
})

export const ReversalListSchema = z.object({
  pending: PendingReversalSchema.array(),
  summaries: ReversalRowSchema.array(),
})
export type ReversalList = z.infer<typeof ReversalListSchema>

/** 'Generar resumen de reversiones': the company and the issue date of the CREs it reports. */
export const ReversalCreateSchema = z.object({
  companyId: z.coerce.number({ error: 'La empresa es requerida' }).int().positive('La empresa es requerida'),
  referenceDate: z
    .string({ error: 'La fecha de los comprobantes es requerida' })
    .trim()
    .refine(isIsoDate, 'La fecha de los comprobantes es inválida'),
})
export type ReversalCreateInput = z.infer<typeof ReversalCreateSchema>
