import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import { cents, timestamps } from './columns'
import { expenseLines } from './supplier-catalogues'

/**
 * 'Carga de comprobantes': an Excel of supplier vouchers for one paying company, read by
 * the 'voucher-import' job. All or nothing: every voucher is registered REGISTRADO in one
 * transaction (PROCESADO, `voucher_count`), or none and the file's problems are listed (CON ERRORES).
 */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id').generatedAlwaysAs(sql.raw(`'voucher-batch-' || id`)).notNull(),
    /** The paying company the form names: every voucher of the file is owed by it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    status: smallint('status').notNull().default(1),
    progress: smallint('progress').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Vouchers registered by a PROCESADO batch. */
    voucherCount: integer('voucher_count').notNull().default(0),
    /** 'xlsx': the template's Excel; 'zip': a ZIP of the suppliers' CPE XMLs (with their PDFs). */
    format: text('format').notNull().default('xlsx'),
    /** A ZIP's expense line, the form's: every voucher of the ZIP is charged to it (null for an Excel). */
    expenseLineId: integer('expense_line_id').references(() => expenseLines.id),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** As payroll_batches: set while an attempt runs, so a worker that died in it is counted. */
    attemptOpen: boolean('attempt_open').notNull().default(false),
    crashes: smallint('crashes').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('voucher_batches_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('voucher_batches_progress_check', sql`${t.progress} between 0 and 100`),
    check(
      'voucher_batches_format_check',
      sql`(${t.format} = 'xlsx' and ${t.expenseLineId} is null) or (${t.format} = 'zip' and ${t.expenseLineId} is not null)`,
    ),
    index('voucher_batches_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('voucher_batches_status_idx').on(t.status),
  ],
)

/** Every problem found in a voucher batch's file: a row (null for the whole file), a column, the value. */
export const voucherBatchErrors = pgTable(
  'voucher_batch_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number'),
    column: text('column'),
    value: text('value'),
    message: text('message').notNull(),
    /** The attempt that found it: the attempt that finishes the batch removes the others'. */
    attempt: smallint('attempt').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('voucher_batch_errors_batch_idx').on(t.batchId, t.rowNumber, t.id)],
)

/**
 * 'Importar constancias': SUNAT's constancias de depósito (detracciones deposited), read by the
 * 'constancia-import' job. A malformed file is refused whole (CON ERRORES, its problems listed);
 * otherwise every row matched to a voucher is recorded in one transaction (PROCESADO,
 * `matched_count`) and every other row is listed with its reason (`error_count` of them).
 */
export const constanciaBatches = pgTable(
  'constancia_batches',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id').generatedAlwaysAs(sql.raw(`'constancia-batch-' || id`)).notNull(),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    status: smallint('status').notNull().default(1),
    progress: smallint('progress').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Detracciones a PROCESADO batch recorded as deposited. */
    matchedCount: integer('matched_count').notNull().default(0),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** As payroll_batches: set while an attempt runs, so a worker that died in it is counted. */
    attemptOpen: boolean('attempt_open').notNull().default(false),
    crashes: smallint('crashes').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('constancia_batches_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('constancia_batches_progress_check', sql`${t.progress} between 0 and 100`),
    index('constancia_batches_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('constancia_batches_status_idx').on(t.status),
  ],
)

/**
 * What a constancia batch lists: a problem of a refused file (row, or null for the whole file),
 * or a row not recorded as the file has it (constancia, supplier RUC, series-number, amount) with
 * its reason. `column` and `value` are the pipeline's row-error columns, unused by this kind.
 */
export const constanciaBatchErrors = pgTable(
  'constancia_batch_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => constanciaBatches.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number'),
    column: text('column'),
    value: text('value'),
    message: text('message').notNull(),
    constancia: text('constancia'),
    supplierRuc: text('supplier_ruc'),
    /** Series-number as written out ('F001-123'). */
    voucher: text('voucher'),
    amountCents: cents('amount_cents'),
    /** The attempt that found it: the attempt that finishes the batch removes the others'. */
    attempt: smallint('attempt').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('constancia_batch_errors_batch_idx').on(t.batchId, t.rowNumber, t.id)],
)
