import { z } from 'zod'
import { isoFromDayMonthYear } from '../common/date-input'
import { isIsoDate } from '../common/dates'
import { SearchSchema } from '../common/list'
import type { Wire } from '../common/wire'
import { PADRON_KINDS, PADRON_MESSAGES } from './padron'

/** A load of a SUNAT padrón as 'Mantenimiento › Padrones de SUNAT' lists it (`/padron-loads`). */
export const PadronLoadRowSchema = z.object({
  id: z.number(),
  kind: z.enum(PADRON_KINDS),
  /** The day the padrón is dated (ISO). */
  listDate: z.string(),
  /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  /** Lines that could not be read (PROCESADO: omitted; CON ERRORES: the file's problem). */
  errorCount: z.number(),
  /** RUCs the load holds once PROCESADO. */
  rucCount: z.number(),
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
})
export type PadronLoadRow = Wire<typeof PadronLoadRowSchema>

/** The list's filters: file name or user, which padrón, status. */
export const PadronLoadFilterSchema = z.object({
  search: SearchSchema,
  kind: z.enum(PADRON_KINDS).nullish(),
  status: z.coerce.number().int().min(1).max(4).nullish(),
})
export type PadronLoadFilter = z.infer<typeof PadronLoadFilterSchema>

/**
 * The upload form's fields: which padrón, and the day it is dated (DD/MM/AAAA; empty: today in
 * Lima, the day it was downloaded).
 */
export const PadronUploadFieldsSchema = z.object({
  kind: z.enum(PADRON_KINDS, { message: PADRON_MESSAGES.kind }),
  listDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? isoFromDayMonthYear(v) : ''))
    .refine((v) => v === '' || isIsoDate(v), { message: 'Ingrese la fecha del padrón como DD/MM/AAAA' }),
})
