import { z } from 'zod'
import { calendarDate, idNumber, NUL_MESSAGE } from './fields'

/** Paging on the wire (docs/architecture.md, API conventions): page is 0-based, size capped at 100, sort `field,dir`. */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 10

export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int()
    .min(0, 'La página no puede ser negativa')
    .default(0),
  size: z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int()
    .min(1, 'El tamaño de página debe ser mayor a cero')
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  sort: z.string().optional(),
})
export type PageQuery = z.infer<typeof PageQuerySchema>

/**
 * 'Descargar selección': a list's export narrowed to the rows the clerk ticked on the
 * page, at most a page of them. Without `ids` the export is the whole filter.
 */
export const ExportSelectionSchema = z.object({
  ids: z
    .array(idNumber())
    .min(1, 'Seleccione al menos un registro')
    .max(MAX_PAGE_SIZE, `Seleccione como máximo ${MAX_PAGE_SIZE} registros`)
    .optional(),
})
export type ExportSelection = z.infer<typeof ExportSelectionSchema>

/** A list's filter as its export takes it: the same filter, and optionally the selected rows. */
export const withSelection = <S extends z.ZodType<Record<string, unknown>>>(filter: S) =>
  z.intersection(filter, ExportSelectionSchema)

/**
 * A page of a list. `totalIsExact: false` means the total was not counted: `totalElements` is the
 * planner's estimate when `totalIsEstimate` ('unos 32,000'), else a lower bound where counting
 * stopped ('más de 10,000'); `totalPages` then reaches at least one page past a full current page.
 */
export type PageResponse<T> = {
  content: T[]
  totalElements: number
  totalPages: number
  totalIsExact?: boolean
  totalIsEstimate?: boolean
}

export type SortSpec<F extends string> = { field: F; direction: 'asc' | 'desc' }

/**
 * Reads `field,asc|desc` against an allow-list. Returns an error message (Spanish) for anything
 * else, so the API can answer 400.
 */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: SortSpec<F>,
): SortSpec<F> | { error: string } {
  if (!sort) return fallback
  const [field, direction = 'asc'] = sort.split(',')
  if (!(allowed as readonly string[]).includes(field)) {
    return { error: `No se puede ordenar por '${field}'. Campos permitidos: ${allowed.join(', ')}` }
  }
  if (direction !== 'asc' && direction !== 'desc') {
    return { error: `La dirección de orden debe ser 'asc' o 'desc'` }
  }
  return { field: field as F, direction }
}

/** A date range filter as the lists send it: either end may be missing. */
export const DateRangeSchema = z
  .object({
    from: calendarDate('Fecha inicial inválida').optional().nullable(),
    to: calendarDate('Fecha final inválida').optional().nullable(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    message: 'La fecha inicial no puede ser mayor a la final',
  })
export type DateRange = z.infer<typeof DateRangeSchema>

/** The longest search any list or look-up takes, and the words for a longer one. */
export const SEARCH_MAX_LENGTH = 100
export const SEARCH_TOO_LONG = `La búsqueda admite como máximo ${SEARCH_MAX_LENGTH} caracteres`

export const SearchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG)
  .refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
  .optional()
  .nullable()
