import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { requiredRef, timestamps } from './columns'
import { payrollLines, payrolls } from './payroll'

/**
 * The delivery of one payroll line's boleta de pago: at most one per line (the primary key), so two
 * clerks, or a clerk and the e-mail job, cannot record it twice. `method` 1 by e-mail (the job sent
 * it to `email`), 2 by hand (a clerk recorded it). The acknowledgement link's token is stored only
 * as its SHA-256; the acknowledgement records when and from which address, once.
 */
export const boletaDeliveries = pgTable(
  'boleta_deliveries',
  {
    payrollLineId: bigint('payroll_line_id', { mode: 'number' })
      .primaryKey()
      .references(() => payrollLines.id, { onDelete: 'cascade' }),
    payrollId: requiredRef('payroll_id', () => payrolls.id, { onDelete: 'cascade' }),
    method: smallint('method').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The clerk's e-mail, or 'sistema' for the e-mail job. */
    deliveredBy: text('delivered_by').notNull(),
    email: text('email'),
    ackTokenSha256: text('ack_token_sha256'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedFrom: text('acknowledged_from'),
    ...timestamps,
  },
  (t) => [
    check('boleta_deliveries_method_check', sql`${t.method} in (1, 2)`),
    check(
      'boleta_deliveries_email_check',
      sql`${t.method} <> 1 or (${t.email} is not null and ${t.ackTokenSha256} is not null)`,
    ),
    check(
      'boleta_deliveries_ack_check',
      sql`(${t.acknowledgedAt} is null) = (${t.acknowledgedFrom} is null) and (${t.acknowledgedAt} is null or ${t.ackTokenSha256} is not null)`,
    ),
    uniqueIndex('boleta_deliveries_token_unique').on(t.ackTokenSha256),
    index('boleta_deliveries_payroll_idx').on(t.payrollId),
  ],
)

/**
 * A payroll's boletas as one background job, per kind: 1 the ZIP to download, 2 the e-mails. The
 * row is the job's state as the payroll's page shows it (status, progress, counts, the stored ZIP).
 * Status: 1 PENDIENTE, 2 PROCESANDO, 3 TERMINADO, 4 CON ERRORES.
 */
export const boletaRuns = pgTable(
  'boleta_runs',
  {
    payrollId: requiredRef('payroll_id', () => payrolls.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(1),
    progress: smallint('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The ZIP's storage key (kind 1), once written. */
    fileKey: text('file_key'),
    /** What the last attempt said went wrong, in Spanish. */
    message: text('message'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.payrollId, t.kind] }),
    check('boleta_runs_kind_check', sql`${t.kind} in (1, 2)`),
    check('boleta_runs_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('boleta_runs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
)
