import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import {
  batchAttemptColumns,
  batchConstraints,
  batchErrorColumns,
  batchErrorIndex,
  batchFileColumns,
  batchKeyColumns,
  batchProgressColumns,
  cents,
  requiredRef,
} from './columns'
import { expenseLines } from './supplier-catalogues'

/**
 * 'Carga de comprobantes': an Excel of supplier vouchers for one paying company, read by
 * the 'voucher-import' job. All or nothing: every voucher is registered REGISTRADO in one
 * transaction (PROCESADO, `voucher_count`), or none and the file's problems are listed (CON ERRORES).
 */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    ...batchKeyColumns('voucher-batch'),
    /** The paying company the form names: every voucher of the file is owed by it. */
    companyId: requiredRef('company_id', () => companies.id),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    ...batchProgressColumns(),
    errorCount: integer('error_count').notNull().default(0),
    /** Vouchers registered by a PROCESADO batch. */
    voucherCount: integer('voucher_count').notNull().default(0),
    /** 'xlsx': the template's Excel; 'zip': a ZIP of the suppliers' CPE XMLs (with their PDFs). */
    format: text('format').notNull().default('xlsx'),
    /** A ZIP's expense line, the form's: every voucher of the ZIP is charged to it (null for an Excel). */
    expenseLineId: integer('expense_line_id').references(() => expenseLines.id),
    ...batchFileColumns(),
    ...batchAttemptColumns(),
  },
  (t) => [
    ...batchConstraints('voucher_batches', t, '1, 2, 3, 4'),
    check(
      'voucher_batches_format_check',
      sql`(${t.format} = 'xlsx' and ${t.expenseLineId} is null) or (${t.format} = 'zip' and ${t.expenseLineId} is not null)`,
    ),
  ],
)

/** Every problem found in a voucher batch's file: a row (null for the whole file), a column, the value. */
export const voucherBatchErrors = pgTable(
  'voucher_batch_errors',
  batchErrorColumns(() => voucherBatches.id),
  (t) => [batchErrorIndex('voucher_batch_errors', t)],
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
    ...batchKeyColumns('constancia-batch'),
    /** 1 PENDIENTE, 2 PROCESANDO, 3 PROCESADO, 4 CON ERRORES. */
    ...batchProgressColumns(),
    errorCount: integer('error_count').notNull().default(0),
    /** Detracciones a PROCESADO batch recorded as deposited. */
    matchedCount: integer('matched_count').notNull().default(0),
    ...batchFileColumns(),
    ...batchAttemptColumns(),
  },
  (t) => [...batchConstraints('constancia_batches', t, '1, 2, 3, 4')],
)

/**
 * What a constancia batch lists: a problem of a refused file (row, or null for the whole file),
 * or a row not recorded as the file has it (constancia, supplier RUC, series-number, amount) with
 * its reason. `column` and `value` are the pipeline's row-error columns, unused by this kind.
 */
export const constanciaBatchErrors = pgTable(
  'constancia_batch_errors',
  batchErrorColumns(() => constanciaBatches.id, {
    constancia: text('constancia'),
    supplierRuc: text('supplier_ruc'),
    /** Series-number as written out ('F001-123'). */
    voucher: text('voucher'),
    amountCents: cents('amount_cents'),
  }),
  (t) => [batchErrorIndex('constancia_batch_errors', t)],
)
