import { z } from 'zod'
import type { Wire } from '../common/wire'

/** An entry of the audit log (`/audit-logs`); `action` is kept as stored (CREATE, UPDATE, …). */
export const AuditRowSchema = z.object({
  id: z.number(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  actor: z.string(),
  description: z.string(),
  createdAt: z.date(),
})

export type AuditRow = Wire<typeof AuditRowSchema>
