import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  batchAttemptColumns,
  batchConstraints,
  batchErrorColumns,
  batchErrorIndex,
  batchFileColumns,
  batchKeyColumns,
  batchProgressColumns,
  requiredRef,
  timestamps,
} from './columns'
import { employees } from './employees'
import { banks } from './reference'

const periodCheck = (column: string) => sql.raw(`${column} ~ '^[0-9]{4}(0[1-9]|1[0-2])$'`)

/**
 * An uploaded payroll file ('Carga de planillas') and the state of its import job. The job id is
 * derived from the id, so it is the same on every retry.
 */
export const payrollBatches = pgTable(
  'payroll_batches',
  {
    ...batchKeyColumns('payroll-batch'),
    /** The payroll code, period, name and type the clerk typed: the payroll gets them. */
    code: text('code').notNull(),
    period: text('period').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    ...batchProgressColumns(),
    errorCount: integer('error_count').notNull().default(0),
    ...batchFileColumns(),
    /**
     * SHA-256 of the uploaded bytes: the same workbook again for the same period and type is refused
     * unless the clerk confirms (null for uploads made before it was recorded).
     */
    contentSha256: text('content_sha256'),
    ...batchAttemptColumns(),
  },
  (t) => [
    ...batchConstraints('payroll_batches', t, '1, 2, 3, 4'),
    check('payroll_batches_type_check', sql`${t.type} in (1, 2)`),
    check('payroll_batches_period_check', periodCheck('period')),
    // A code is taken by a batch that may still become a payroll; a failed one frees it.
    uniqueIndex('payroll_batches_code_unique').on(sql`lower(${t.code})`).where(sql`status <> 4`),
    index('payroll_batches_content_idx').on(t.period, t.type, t.contentSha256),
  ],
)

/** Every problem found in a batch's file: a row (null for the whole file), a column, the value. */
export const payrollBatchErrors = pgTable(
  'payroll_batch_errors',
  batchErrorColumns(() => payrollBatches.id),
  (t) => [batchErrorIndex('payroll_batch_errors', t)],
)

/** A payroll list ('Planillas'): written with all its lines in one transaction by the import job. */
export const payrolls = pgTable(
  'payrolls',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    period: text('period').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    /** 1 VIGENTE, 2 ANULADA. */
    status: smallint('status').notNull().default(1),
    collaborators: integer('collaborators').notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    paidCount: integer('paid_count').notNull().default(0),
    totalPaid: numeric('total_paid', { precision: 16, scale: 2 }).notNull().default('0'),
    progress: smallint('progress').notNull().default(0),
    /** The upload it came from: unique, so a retried import can never write a second payroll. */
    batchId: integer('batch_id').references(() => payrollBatches.id),
    ...timestamps,
  },
  (t) => [
    check('payrolls_status_check', sql`${t.status} in (1, 2)`),
    check('payrolls_type_check', sql`${t.type} in (1, 2)`),
    check('payrolls_period_check', periodCheck('period')),
    check('payrolls_progress_check', sql`${t.progress} between 0 and 100`),
    uniqueIndex('payrolls_code_unique').on(sql`lower(${t.code})`),
    uniqueIndex('payrolls_batch_unique').on(t.batchId),
    index('payrolls_period_type_idx').on(t.period, t.type),
  ],
)

/** One collaborator's pay in a payroll. Payment columns are filled by the payments import. */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payrollId: requiredRef('payroll_id', () => payrolls.id, { onDelete: 'cascade' }),
    /** The spreadsheet row it was read from (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    employeeId: requiredRef('employee_id', () => employees.id),
    identifierType: smallint('identifier_type').notNull(),
    identifier: text('identifier').notNull(),
    fullName: text('full_name').notNull(),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    bankAccount: text('bank_account').notNull(),
    bankInterAccount: text('bank_inter_account'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paid: boolean('paid').notNull().default(false),
    paidDate: date('paid_date'),
    operationNumber: text('operation_number'),
    /**
     * Why the line must be looked at before it is paid (domain LINE_REVIEW bits: 1 bank data differ
     * from the employee's verified data, 2 SIN CONTRATO, 4 document in another payroll of the same
     * period and type). Set by the import in the same transaction as the lines.
     */
    reviewFlags: smallint('review_flags').notNull().default(0),
    /** Who confirmed a flagged line and when, recorded by the server. */
    reviewConfirmedBy: text('review_confirmed_by'),
    reviewConfirmedAt: timestamp('review_confirmed_at', { withTimezone: true }),
    /** Days worked in the period, and ordinary and overtime time in minutes, when the file gives them. */
    daysWorked: smallint('days_worked'),
    ordinaryMinutes: integer('ordinary_minutes'),
    overtimeMinutes: integer('overtime_minutes'),
    /** The worker's pension system as the file gave it ('AFP' or 'ONP'), and their CUSPP (AFPnet). */
    pensionSystem: text('pension_system'),
    cuspp: text('cuspp'),
    ...timestamps,
  },
  (t) => [
    check('payroll_lines_amount_check', sql`${t.amount} > 0`),
    check('payroll_lines_days_worked_check', sql`${t.daysWorked} between 0 and 31`),
    check('payroll_lines_minutes_check', sql`${t.ordinaryMinutes} >= 0 and ${t.overtimeMinutes} >= 0`),
    check('payroll_lines_pension_system_check', sql`${t.pensionSystem} in ('AFP', 'ONP')`),
    check('payroll_lines_cuspp_check', sql`${t.cuspp} ~ '^[0-9A-Z]{12}$'`),
    check(
      'payroll_lines_review_confirmed_check',
      sql`(${t.reviewConfirmedAt} is null) = (${t.reviewConfirmedBy} is null)`,
    ),
    uniqueIndex('payroll_lines_document_unique').on(t.payrollId, t.identifierType, t.identifier),
    index('payroll_lines_payroll_row_idx').on(t.payrollId, t.rowNumber),
    index('payroll_lines_employee_idx').on(t.employeeId),
  ],
)
