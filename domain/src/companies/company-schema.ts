import { z } from 'zod'
import { checkbox, optionalText, requiredText } from '../common/fields'
import { SearchSchema } from '../common/list'
import { isValidRuc } from '../common/ruc'

export const RUC_MESSAGES = {
  required: 'RUC es requerido',
  numeric: 'RUC debe tener un valor numérico',
  length: 'RUC debe tener 11 dígitos',
  checkDigit: 'RUC inválido: el dígito verificador no corresponde',
  duplicate: 'Ya existe una empresa registrada con el mismo RUC',
} as const

export const RucSchema = z
  .string({ error: RUC_MESSAGES.required })
  .trim()
  // Each check stops the rest: one message per problem, the most basic first.
  .min(1, { message: RUC_MESSAGES.required, abort: true })
  .regex(/^\d+$/, { message: RUC_MESSAGES.numeric, abort: true })
  .length(11, { message: RUC_MESSAGES.length, abort: true })
  .refine(isValidRuc, RUC_MESSAGES.checkDigit)

export const CompanySchema = z.object({
  ruc: RucSchema,
  name: requiredText('Razón social es requerida', 200, 'Razón social admite como máximo 200 caracteres'),
  address: requiredText(
    'Dirección fiscal es requerida',
    250,
    'Dirección fiscal admite como máximo 250 caracteres',
  ),
  legalRepresentative: optionalText(200, 'Representante legal admite como máximo 200 caracteres'),
  /**
   * 'Agente de retención' (SUNAT's designation, it decides the IGV retention of supplier payments):
   * 'on'/true is yes, 'off'/'false'/false no. Missing keeps what the company has (no on create), so
   * a form that does not show the box never clears it.
   */
  retentionAgent: z
    .union([z.boolean(), z.string()], { error: 'Agente de retención inválido' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : checkbox('').parse(v))),
  /**
   * The series of its comprobantes de retención electrónicos ('R' and 3 letters or digits; SEE del
   * contribuyente / OSE). Missing or empty keeps what the company has (R001 on create).
   */
  retentionSeries: z
    .string({ error: 'Serie de comprobantes de retención inválida' })
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^R[A-Z0-9]{3}$/.test(v), {
      message: "La serie de comprobantes de retención debe ser 'R' y 3 letras o dígitos (por ejemplo R001)",
    }),
})
export type CompanyInput = z.infer<typeof CompanySchema>

/** On edit the RUC is read-only: the body carries the other fields. */
export const CompanyUpdateSchema = CompanySchema.omit({ ruc: true })
export type CompanyUpdateInput = z.infer<typeof CompanyUpdateSchema>

export const CompanyFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(2).nullish(),
})
