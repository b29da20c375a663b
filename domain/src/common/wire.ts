import { z } from 'zod'
import { idNumber } from './fields'

/**
 * The shapes every API answer shares (docs/architecture.md). The API serialises its answers through these
 * schemas; the web tier reads their types, as they arrive over the wire (`Wire`).
 */

/** Every response: { status, payload, messages }. */
export const envelopeOf = <T extends z.ZodType>(payload: T) =>
  z.object({ status: z.enum(['OK', 'ERROR']), payload, messages: z.array(z.string()) })

/**
 * One page of a list; `totalIsExact: false`: not counted, `totalElements` is the planner's estimate
 * (`totalIsEstimate`) or a lower bound where counting stopped (`PageResponse`).
 */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    content: z.array(row),
    totalElements: z.number(),
    totalPages: z.number(),
    totalIsExact: z.boolean().optional(),
    totalIsEstimate: z.boolean().optional(),
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

/** At most this many records change status in one call (a page of a list at its largest size). */
export const MAX_BULK = 100

/** The records a bulk action applies to: distinct ids, from one to MAX_BULK. */
export const BulkIdsSchema = z.object({
  ids: z
    .array(idNumber())
    .min(1, 'Seleccione al menos un registro')
    .max(MAX_BULK, `Seleccione como máximo ${MAX_BULK} registros`),
})
export const BulkIdsPayloadSchema = z.object({ ids: z.array(z.number()) })

/** The payload of a create, an update or a status change: the record's id. */
export const IdPayloadSchema = z.object({ id: z.number() })
export const CreatedSchema = envelopeOf(IdPayloadSchema)

/** A refused upload: every problem, in the envelope and in payload.messages. */
export const UploadRefusedSchema = z.object({
  status: z.literal('ERROR'),
  payload: z.object({ messages: z.array(z.string()) }).nullable(),
  messages: z.array(z.string()),
})

/** A value as JSON carries it: dates become ISO strings, the rest keeps its shape. */
export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

/** What the web tier receives for a schema the API answers with. */
export type Wire<S extends z.ZodType> = Json<z.output<S>>
