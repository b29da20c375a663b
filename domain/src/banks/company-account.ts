import { z } from 'zod'
import { isValidCci } from '../common/identifiers'

/** 'Cuentas de la empresa': an account a company pays its payrolls from. */
export const CompanyAccountSchema = z
  .object({
    bankCode: z.string({ error: 'Banco es requerido' }).regex(/^\d{3}$/, 'Banco es requerido'),
    currency: z.enum(['PEN', 'USD'], { error: 'Moneda debe ser PEN o USD' }),
    accountType: z
      .enum(['C', 'M'], { error: 'Tipo de cuenta debe ser corriente (C) o maestra (M)' })
      .default('C'),
    account: z
      .string({ error: 'Número de cuenta es requerido' })
      .trim()
      .regex(/^\d{6,20}$/, 'Número de cuenta solo admite dígitos (de 6 a 20)'),
    interAccount: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine(
        (v) => v === null || isValidCci(v),
        'El CCI debe tener 20 dígitos y dígitos de control válidos',
      ),
  })
  .refine((a) => a.interAccount === null || a.interAccount.startsWith(a.bankCode), {
    message: 'El CCI no corresponde al banco elegido',
    path: ['interAccount'],
  })
export type CompanyAccountInput = z.infer<typeof CompanyAccountSchema>

export const COMPANY_ACCOUNT_MESSAGES = {
  duplicate: 'La cuenta ya está registrada',
  created: 'Cuenta registrada correctamente',
} as const
