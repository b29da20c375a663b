import { z } from 'zod'
import type { Wire } from './wire'

/** 'Generar archivo de pago' (issue 14): what `/payment-orders` takes and answers. */
export const PaymentOrderBodySchema = z.object({
  payrollId: z.coerce.number({ error: 'Planilla es requerida' }).int().positive('Planilla es requerida'),
  companyAccountId: z.coerce
    .number({ error: 'Cuenta de cargo es requerida' })
    .int()
    .positive('Cuenta de cargo es requerida'),
  format: z.enum(['BCP', 'CCI'], { error: 'Formato del banco es requerido' }),
  paymentDate: z.iso.date({ error: 'Fecha de pago inválida: use el formato DD/MM/AAAA' }),
  reference: z
    .string({ error: 'Referencia es requerida' })
    .trim()
    .min(1, 'Referencia es requerida')
    .max(40, 'Referencia admite como máximo 40 caracteres'),
})

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

export const PaymentOrderQuerySchema = z.object({ payrollId: z.coerce.number().int().positive() })

/** A generated file: its id, how many lines it pays and their total. */
export const PaymentOrderCreatedSchema = z.object({
  id: z.number(),
  lineCount: z.number(),
  totalAmount: z.number(),
})

export type PaymentOrderRow = Wire<typeof PaymentOrderRowSchema>
export type PaymentAccountOption = Wire<typeof PaymentAccountOptionSchema>
