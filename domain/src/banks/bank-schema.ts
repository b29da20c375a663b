import { z } from 'zod'
import { requiredText } from '../common/fields'
import { SearchSchema } from '../common/list'

/**
 * 'Mantenimiento › Bancos': the catalogue of banks and cajas an administrator completes. The code is
 * the entity's participant code in the Cámara de Compensación Electrónica, i.e. the first three
 * digits of its CCIs; it is the bank's key and is never edited.
 */
export const BANK_MESSAGES = {
  codeRequired: 'El código del banco es requerido',
  codeFormat: 'El código del banco debe tener 3 dígitos',
  duplicate: (code: string) => `Ya existe un banco con el código ${code}`,
  /** A CCI, payroll row or account that names a code the catalogue does not hold. */
  unknown: (code: string) => `Código de banco no registrado: ${code}`,
  /** … or a bank the administrator suspended. */
  inactive: (code: string) =>
    `El banco ${code} está suspendido: actívelo en Mantenimiento › Bancos o use otro banco`,
} as const

export const BANK_SOURCE = { REFERENCE: 'referencia', USER: 'usuario' } as const

export const BankCodeSchema = z
  .string({ error: BANK_MESSAGES.codeRequired })
  .trim()
  .min(1, { message: BANK_MESSAGES.codeRequired, abort: true })
  .regex(/^\d{3}$/, BANK_MESSAGES.codeFormat)

const bankNames = {
  name: requiredText('Nombre es requerido', 100, 'Nombre admite como máximo 100 caracteres'),
  shortName: requiredText('Nombre corto es requerido', 40, 'Nombre corto admite como máximo 40 caracteres'),
}

export const BankSchema = z.object({ code: BankCodeSchema, ...bankNames })
export type BankInput = z.infer<typeof BankSchema>

/** On edit the code is read-only (it is the key and the CCIs' prefix): the body carries the names. */
export const BankUpdateSchema = z.object(bankNames)
export type BankUpdateInput = z.infer<typeof BankUpdateSchema>

/** The list's filter: search on code or name (long or short), optional status. */
export const BankFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(2).nullish(),
})
export type BankFilter = z.infer<typeof BankFilterSchema>

export const BankParamsSchema = z.object({ code: BankCodeSchema })
