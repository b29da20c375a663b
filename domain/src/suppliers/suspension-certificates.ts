import { z } from 'zod'
import { isIsoDate } from '../common/dates'
import { idNumber } from '../common/fields'
import { todayInLima } from '../common/format'
import type { Wire } from '../common/wire'

/** The messages of a supplier's constancias de suspensión de retenciones de cuarta categoría. */
export const SUSPENSION_MESSAGES = {
  numberRequired: 'Ingrese el número de la constancia de suspensión',
  numberInvalid: 'El número de la constancia solo admite dígitos, letras y guiones (hasta 30 caracteres)',
  grantedRequired: 'Ingrese la fecha en que SUNAT otorgó la constancia',
  grantedInvalid: 'La fecha de otorgamiento no es una fecha válida',
  grantedFuture: 'La fecha de otorgamiento no puede ser posterior a hoy',
  notNaturalPerson: (ruc: string) =>
    `El proveedor con R.U.C. ${ruc} no es una persona natural (R.U.C. 10…): no emite recibos por honorarios ni tiene constancias de suspensión`,
  duplicate: (number: string) => `El proveedor ya tiene registrada la constancia N° ${number}`,
  notFound: 'La constancia de suspensión no existe o no es de este proveedor',
  added: 'Constancia de suspensión registrada',
  removed: 'Constancia de suspensión eliminada',
} as const

const M = SUSPENSION_MESSAGES

/** A natural person's RUC starts with 10: only they issue recibos por honorarios. */
export const isNaturalPersonRuc = (ruc: string) => ruc.startsWith('10')

/** 'Agregar constancia': its number (as SUNAT prints it, upper case) and the day it was granted. */
export const SuspensionCertificateSchema = z.object({
  number: z
    .string({ error: M.numberRequired })
    .trim()
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      if (!v) return ctx.addIssue({ code: 'custom', message: M.numberRequired })
      if (!/^[0-9A-Z-]{1,30}$/.test(v)) ctx.addIssue({ code: 'custom', message: M.numberInvalid })
    }),
  grantedOn: z
    .string({ error: M.grantedRequired })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) return ctx.addIssue({ code: 'custom', message: M.grantedRequired })
      if (!isIsoDate(v)) return ctx.addIssue({ code: 'custom', message: M.grantedInvalid })
      if (v > todayInLima()) ctx.addIssue({ code: 'custom', message: M.grantedFuture })
    }),
})
export type SuspensionCertificateInput = z.infer<typeof SuspensionCertificateSchema>

/** What `GET /suppliers/:id/suspension-certificates` answers, newest grant first. */
export const SuspensionCertificateRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  grantedOn: z.string(),
  /** The last day it suspends the retention: 31 December of the year it was granted. */
  validUntil: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
})
export type SuspensionCertificateRow = Wire<typeof SuspensionCertificateRowSchema>

export const SuspensionCertificateParamsSchema = z.object({
  id: idNumber('El identificador debe ser numérico'),
  certificateId: idNumber('El identificador de la constancia debe ser numérico'),
})
