import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  type PgColumnBuilderBase,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

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

/**
 * A required reference to another table's integer id: `integer(name).notNull().references(target)`,
 * with the foreign key's actions when it has them (`{ onDelete: 'cascade' }`).
 */
export const requiredRef = (
  name: string,
  target: () => AnyPgColumn,
  actions?: Parameters<ReturnType<typeof integer>['references']>[1],
) => integer(name).notNull().references(target, actions)

/*
 * An uploaded file read by a job (a batch: payroll, abonos, vouchers, constancias, padrones) has the
 * same columns in the same places, in four groups, each spread where the table has it.
 */

/** The batch's id, and the job id derived from it (`'<prefix>-' || id`): the same on every retry. */
export const batchKeyColumns = (jobPrefix: string) => ({
  id: serial('id').primaryKey(),
  jobId: text('job_id')
    .generatedAlwaysAs(sql.raw(`'${jobPrefix}-' || id`))
    .notNull(),
})

/** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, then the kind's failed states; progress 0-100; rows read. */
export const batchProgressColumns = () => ({
  status: smallint('status').notNull().default(1),
  progress: smallint('progress').notNull().default(0),
  rowsRead: integer('rows_read').notNull().default(0),
})

/** Storage key of the file; the original name is kept for download. */
export const batchFileColumns = () => ({
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
})

/** The job's attempts at the batch, and the timestamps. */
export const batchAttemptColumns = () => ({
  attempts: smallint('attempts').notNull().default(0),
  /**
   * Set when an attempt starts, cleared when it ends by an error: still set at the next claim,
   * the attempt ended with its worker process.
   */
  attemptOpen: boolean('attempt_open').notNull().default(false),
  /**
   * Attempts that ended with their worker process: a file that kills the worker is set aside
   * instead of killing every worker that takes it.
   */
  crashes: smallint('crashes').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ...timestamps,
})

/** A batch table's checks of status (its codes) and progress, and its list and status indexes. */
export const batchConstraints = (
  table: string,
  t: Record<'status' | 'progress' | 'createdAt' | 'id', ExtraConfigColumn>,
  statuses: string,
) => [
  check(`${table}_status_check`, sql`${t.status} in (${sql.raw(statuses)})`),
  check(`${table}_progress_check`, sql`${t.progress} between 0 and 100`),
  index(`${table}_created_at_idx`).on(t.createdAt.desc(), t.id.desc()),
  index(`${table}_status_idx`).on(t.status),
]

/**
 * Every problem found in a batch's file: a row (null for the whole file), a column, the value, the
 * message; then the kind's own columns; then the attempt that found it (the attempt that finishes
 * the batch removes the others').
 */
export const batchErrorColumns = <E extends Record<string, PgColumnBuilderBase>>(
  batchId: () => AnyPgColumn,
  extra: E = {} as E,
) => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  batchId: requiredRef('batch_id', batchId, { onDelete: 'cascade' }),
  rowNumber: integer('row_number'),
  column: text('column'),
  value: text('value'),
  message: text('message').notNull(),
  ...extra,
  attempt: smallint('attempt').notNull().default(1),
  ...timestamps,
})

/** A batch error table's index: its batch's errors in row order. */
export const batchErrorIndex = (
  table: string,
  t: Record<'batchId' | 'rowNumber' | 'id', ExtraConfigColumn>,
) => index(`${table}_batch_idx`).on(t.batchId, t.rowNumber, t.id)
