import { z } from 'zod'
import { AUDIT_ACTIONS } from '../common/enums'
import { DateRangeSchema, SearchSchema } from '../common/list'

export const AuditFilterSchema = z.object({
  search: SearchSchema,
  action: z.enum(AUDIT_ACTIONS, { error: 'Acción inválida' }).nullish(),
  date: DateRangeSchema.nullish(),
})
export type AuditFilter = z.infer<typeof AuditFilterSchema>
