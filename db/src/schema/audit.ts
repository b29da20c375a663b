import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    /** The table the entry is about, e.g. 'areas'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** E-mail of who did it ('sistema' for scheduled jobs). */
    actor: text('actor').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    check('audit_logs_action_check', sql`${t.action} in ('CREATE', 'UPDATE', 'DELETE', 'LOGIN')`),
    index('audit_logs_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // The log grows fastest: its search (ILIKE on who and what) must not read every entry.
    index('audit_logs_actor_trgm_idx').using('gin', t.actor.op('gin_trgm_ops')),
    index('audit_logs_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
)
