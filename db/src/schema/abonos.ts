import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  batchAttemptColumns,
  batchConstraints,
  batchFileColumns,
  batchKeyColumns,
  batchProgressColumns,
  requiredRef,
  timestamps,
} from './columns'
import { paymentOrders } from './payment-orders'
import { payrollLines, payrolls } from './payroll'

/**
 * An upload of payments made ('Cargar abonos'): the payroll it pays, the bank's Excel of payments
 * and the state of its import job. The job id is derived from the id, the same on every retry.
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    ...batchKeyColumns('payment-batch'),
    /**
     * What the batch pays: a payroll ('PAYROLL', payroll abonos) or a supplier payment run
     * ('VOUCHERS', a payment order of that source, supplier abonos); exactly one is set.
     */
    source: text('source').notNull().default('PAYROLL'),
    payrollId: integer('payroll_id').references(() => payrolls.id),
    orderId: integer('order_id').references(() => paymentOrders.id),
    /** What the clerk typed: the payroll's code (or the run's number) and an optional description. */
    payrollNumber: text('payroll_number').notNull(),
    payrollDesc: text('payroll_desc'),
    paymentDate: date('payment_date').notNull(),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON OBSERVACIONES, 5 CON ERRORES. */
    ...batchProgressColumns(),
    /** Rows that paid their line. */
    matchedCount: integer('matched_count').notNull().default(0),
    /** Rows whose document is not in the payroll. */
    unmatchedCount: integer('unmatched_count').notNull().default(0),
    /** Rows that found their line but could not pay it (amount, already paid, receipt, repeated, bad values). */
    mismatchedCount: integer('mismatched_count').notNull().default(0),
    issueCount: integer('issue_count').notNull().default(0),
    receiptCount: integer('receipt_count').notNull().default(0),
    ...batchFileColumns(),
    /**
     * SHA-256 of the Excel's bytes: the same file again for the same payroll or run is refused
     * unless the clerk confirms it (a second upload of one bank file is a mistake far more often).
     */
    contentSha256: text('content_sha256'),
    /**
     * The merged receipts ('Descargar constancias'), built once by the worker after the batch is
     * processed and streamed by the API; null until then (and for batches without receipts).
     */
    receiptsPdfKey: text('receipts_pdf_key'),
    ...batchAttemptColumns(),
  },
  (t) => [
    ...batchConstraints('payment_batches', t, '1, 2, 3, 4, 5'),
    check('payment_batches_source_check', sql`${t.source} in ('PAYROLL', 'VOUCHERS')`),
    check(
      'payment_batches_source_target_check',
      sql`(${t.source} = 'PAYROLL') = (${t.payrollId} is not null) and (${t.source} = 'VOUCHERS') = (${t.orderId} is not null)`,
    ),
    index('payment_batches_payroll_idx').on(t.payrollId),
    index('payment_batches_order_idx').on(t.orderId),
    index('payment_batches_content_idx').on(t.contentSha256),
  ],
)

/** A PDF receipt (constancia) uploaded with a batch; `pages` is known once the job opened it. */
export const paymentBatchReceipts = pgTable(
  'payment_batch_receipts',
  {
    id: serial('id').primaryKey(),
    batchId: requiredRef('batch_id', () => paymentBatches.id, { onDelete: 'cascade' }),
    /** Upload order, for receipts no row names. */
    position: integer('position').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** The name as rows refer to it (`receiptKey`): lower case, `.pdf`. */
    matchKey: text('match_key').notNull(),
    fileSize: integer('file_size').notNull(),
    pages: integer('pages'),
    /** Filled by the job: the first row that names it, and the documents and operations of those rows. */
    firstRow: integer('first_row'),
    documents: text('documents').array(),
    operations: text('operations').array(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_batch_receipts_name_unique').on(t.batchId, t.matchKey),
    index('payment_batch_receipts_batch_idx').on(t.batchId, t.position),
  ],
)

/**
 * What the job found wrong: an observation (the row stays unpaid, the rest is applied) or an
 * error (nothing is applied). `payrollLineId` ties an observation to the line it left pending.
 */
export const paymentBatchIssues = pgTable(
  'payment_batch_issues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: requiredRef('batch_id', () => paymentBatches.id, { onDelete: 'cascade' }),
    /** 1 OBSERVACIÓN, 2 ERROR. */
    kind: smallint('kind').notNull(),
    rowNumber: integer('row_number'),
    column: text('column'),
    value: text('value'),
    reason: text('reason').notNull(),
    payrollLineId: bigint('payroll_line_id', { mode: 'number' }).references(() => payrollLines.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    check('payment_batch_issues_kind_check', sql`${t.kind} in (1, 2)`),
    index('payment_batch_issues_batch_idx').on(t.batchId, t.rowNumber, t.id),
    index('payment_batch_issues_line_idx').on(t.payrollLineId),
  ],
)

/**
 * The payment that paid a payroll line. One per line, enforced by the database: no retry and no
 * second upload of the same proof can pay a line twice.
 */
export const payrollLinePayments = pgTable(
  'payroll_line_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payrollLineId: bigint('payroll_line_id', { mode: 'number' })
      .notNull()
      .references(() => payrollLines.id, { onDelete: 'cascade' }),
    payrollId: requiredRef('payroll_id', () => payrolls.id, { onDelete: 'cascade' }),
    batchId: requiredRef('batch_id', () => paymentBatches.id),
    /** The row of the payments file that paid it. */
    rowNumber: integer('row_number').notNull(),
    paymentDate: date('payment_date').notNull(),
    operationNumber: text('operation_number').notNull(),
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull(),
    receiptId: integer('receipt_id').references(() => paymentBatchReceipts.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payroll_line_payments_line_unique').on(t.payrollLineId),
    index('payroll_line_payments_payroll_idx').on(t.payrollId),
    index('payroll_line_payments_batch_idx').on(t.batchId, t.rowNumber),
    check('payroll_line_payments_amount_check', sql`${t.amountPaid} > 0`),
  ],
)
