import { sql } from 'drizzle-orm'
import { bigint, text, timestamp } from 'drizzle-orm/pg-core'

/** created_at, updated_at, created_by: on every table (docs/conventions.md). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  createdBy: text('created_by'),
}

/** Status codes 1 ACTIVO / 2 SUSPENDIDO, checked by the database. */
export const recordStatusCheck = (column: string) => sql.raw(`${column} in (1, 2)`)

/** Money in céntimos: bigint read as a JS number (exact up to S/ 90 billion). */
export const cents = (name: string) => bigint(name, { mode: 'number' })
