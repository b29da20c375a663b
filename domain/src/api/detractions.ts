import { z } from 'zod'
import { isIsoDate } from '../contract-dates'
import { todayInLima } from '../format'

/** 'Registrar depósito': the constancia of a detracción's deposit at the Banco de la Nación. */
export const DetractionDepositSchema = z.object({
  constancia: z
    .string({ error: 'El número de constancia es requerido' })
    .trim()
    .regex(/^\d{1,20}$/, 'El número de constancia debe tener solo dígitos (hasta 20)'),
  depositedOn: z
    .string({ error: 'La fecha del depósito es requerida' })
    .trim()
    .superRefine((v, ctx) => {
      if (!isIsoDate(v)) return ctx.addIssue({ code: 'custom', message: 'La fecha del depósito es inválida' })
      if (v > todayInLima())
        ctx.addIssue({ code: 'custom', message: 'La fecha del depósito no puede ser posterior a hoy' })
    }),
})
export type DetractionDepositInput = z.infer<typeof DetractionDepositSchema>

/** What an import of SUNAT's constancias did: rows matched to a voucher, and the others with why. */
export const ConstanciaImportSchema = z.object({
  matched: z
    .object({ rowNumber: z.number(), voucherId: z.number(), voucher: z.string(), constancia: z.string() })
    .array(),
  unmatched: z.object({ rowNumber: z.number(), reason: z.string() }).array(),
})

export const RetentionRegisterQuerySchema = z.object({
  period: z
    .string({ error: 'El periodo es requerido' })
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM'),
})
