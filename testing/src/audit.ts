import { auditLogs, type Executor } from '@planillas/db'
import { and, asc, eq } from 'drizzle-orm'

/** The audit entries of one record (`entity` as the audit names it, and its id), oldest first. */
export const auditEntries = (db: Executor, entity: string, entityId: number | string) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(entityId))))
    .orderBy(asc(auditLogs.id))

/** The latest audit entry of one record, if any. */
export const lastAuditEntry = async (db: Executor, entity: string, entityId: number | string) =>
  (await auditEntries(db, entity, entityId)).at(-1)
