import type { AuditAction } from '@planillas/domain'
import type { Executor } from './executor'
import { auditLogs } from './schema/index'

export type AuditEntry = {
  action: AuditAction
  entity: string
  entityId?: string | number | null
  actor: string
  description: string
}

/** Writes one audit entry; call it with the transaction that made the change. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    actor: entry.actor,
    description: entry.description,
    createdBy: entry.actor,
  })
}

/** Describes what changed between two versions of a record, with Spanish field labels. */
export function describeChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T, string>>,
): string {
  const changes: string[] = []
  for (const key of Object.keys(labels) as (keyof T)[]) {
    if (!(key in after)) continue
    const from = before[key] ?? ''
    const to = after[key] ?? ''
    if (String(from) !== String(to)) changes.push(`${labels[key]}: '${from}' → '${to}'`)
  }
  return changes.length ? changes.join('; ') : 'sin cambios'
}

export const SYSTEM_ACTOR = 'sistema'
