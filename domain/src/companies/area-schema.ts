import { z } from 'zod'
import { requiredText } from '../common/fields'
import { SearchSchema } from '../common/list'

export const AreaSchema = z.object({
  description: requiredText('Descripción es requerida', 100, 'Descripción admite como máximo 100 caracteres'),
})
export type AreaInput = z.infer<typeof AreaSchema>

/** The list filter shared by areas and positions: search on description, optional status. */
export const DescriptionFilterSchema = z.object({
  search: SearchSchema,
  status: z.coerce.number().int().min(1).max(2).nullish(),
})
export type DescriptionFilter = z.infer<typeof DescriptionFilterSchema>
