import { z } from 'zod'
import { requiredText } from '../common/fields'

export const PositionSchema = z.object({
  description: requiredText('Descripción es requerida', 100, 'Descripción admite como máximo 100 caracteres'),
})
export type PositionInput = z.infer<typeof PositionSchema>
