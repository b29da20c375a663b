import { z } from 'zod'
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../common/list'
import type { Wire } from '../common/wire'

/** Reference data for the forms' look-ups: districts (INEI ubigeos), countries, banks. */
export const DistrictSchema = z.object({
  id: z.string(),
  description: z.string(),
  district: z.string(),
  province: z.string(),
  department: z.string(),
})

export const DistrictQuerySchema = z.object({
  search: z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG).optional(),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, 'El límite debe ser mayor a cero')
    .max(2000, 'El límite máximo es 2000')
    .default(50),
})

export const DistrictParamsSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Ubigeo inválido') })

export const CountrySchema = z.object({ id: z.string(), description: z.string() })
export const BankOptionSchema = z.object({ id: z.string(), name: z.string(), shortName: z.string() })

export type District = Wire<typeof DistrictSchema>
export type Country = Wire<typeof CountrySchema>
export type BankOption = Wire<typeof BankOptionSchema>
