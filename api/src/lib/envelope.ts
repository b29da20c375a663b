import { idNumber } from '@planillas/domain'
import { z } from 'zod'

/** Every response: { status, payload, messages } (DESIGN §4). */
export type Envelope<T> = { status: 'OK' | 'ERROR'; payload: T; messages: string[] }

export const ok = <T>(payload: T, messages: string[] = []): Envelope<T> => ({
  status: 'OK',
  payload,
  messages,
})
export const failure = (messages: string[]): Envelope<null> => ({ status: 'ERROR', payload: null, messages })

export const envelopeOf = <T extends z.ZodType>(payload: T) =>
  z.object({ status: z.enum(['OK', 'ERROR']), payload, messages: z.array(z.string()) })

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    content: z.array(row),
    totalElements: z.number(),
    totalPages: z.number(),
    /** false: counting stopped at a bound and totalElements is 'at least' (paging.ts). */
    totalIsExact: z.boolean().optional(),
  })

export const IdParamsSchema = z.object({
  id: idNumber('El identificador debe ser numérico'),
})

export const StatusQuerySchema = z.object({
  status: z.coerce
    .number({ error: 'Estado inválido' })
    .int()
    .refine((s) => s === 1 || s === 2, 'Estado inválido'),
})

export const CreatedSchema = envelopeOf(z.object({ id: z.number() }))
