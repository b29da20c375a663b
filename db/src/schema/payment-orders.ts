import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import { requiredRef, timestamps } from './columns'
import { payrollLines, payrolls } from './payroll'
import { banks } from './reference'
import { suppliers } from './suppliers'
import { paymentVouchers } from './vouchers'

/** 'Cuentas de la empresa': the accounts a company pays from. */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    /** 'PEN' or 'USD'. */
    currency: text('currency').notNull(),
    /** 'C' cuenta corriente or 'M' cuenta maestra (BCP's header asks for it). */
    accountType: text('account_type').notNull().default('C'),
    account: text('account').notNull(),
    interAccount: text('inter_account'),
    /** 1 ACTIVO, 2 INACTIVO. */
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('company_bank_accounts_currency_check', sql`${t.currency} in ('PEN', 'USD')`),
    check('company_bank_accounts_type_check', sql`${t.accountType} in ('C', 'M')`),
    check('company_bank_accounts_account_check', sql`${t.account} ~ '^[0-9]{6,20}$'`),
    check('company_bank_accounts_cci_check', sql`${t.interAccount} ~ '^[0-9]{20}$'`),
    uniqueIndex('company_bank_accounts_account_unique').on(t.bankCode, t.account),
    index('company_bank_accounts_company_idx').on(t.companyId),
  ],
)

/**
 * A bank payment file, stored and listed: one engine, several sources of lines. `source` says where
 * its lines come from: 'PAYROLL' ('Generar archivo de pago' of the payroll `payroll_id`) or
 * 'VOUCHERS' (a supplier payment run, 'Generar pagos': its vouchers are `payment_order_vouchers`).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull().default('PAYROLL'),
    /** The payroll a 'PAYROLL' order pays; null for any other source. */
    payrollId: integer('payroll_id').references(() => payrolls.id),
    companyAccountId: requiredRef('company_account_id', () => companyBankAccounts.id),
    /** 'BCP' Telecrédito haberes, 'CCI' generic transfers or 'BBVA' Net Cash haberes (domain/src/banks/bank-files). */
    format: text('format').notNull(),
    paymentDate: date('payment_date').notNull(),
    reference: text('reference').notNull(),
    /** The file's count, total and stored bytes: null while GENERANDO and for a FALLIDO order. */
    lineCount: integer('line_count'),
    totalAmount: numeric('total_amount', { precision: 16, scale: 2 }),
    checksum: text('checksum'),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size'),
    /** SHA-256 of the stored bytes, shown so a clerk can match the file the bank received. */
    sha256: text('sha256'),
    /**
     * 1 GENERADO (its lines are sent), 2 ANULADO (annulled with a reason), 3 REEMPLAZADO, 4 GENERANDO
     * (its lines are claimed and the file is being written), 5 FALLIDO (the file could not be
     * written: its claims were released, `failure_reason` says why).
     */
    status: smallint('status').notNull().default(1),
    failureReason: text('failure_reason'),
    /** The open order whose lines this one sends again, confirmed by the clerk who generated it. */
    replacesOrderId: integer('replaces_order_id').references((): AnyPgColumn => paymentOrders.id),
    annulledBy: text('annulled_by'),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    annulReason: text('annul_reason'),
    ...timestamps,
  },
  (t) => [
    check('payment_orders_format_check', sql`${t.format} in ('BCP', 'CCI', 'BBVA')`),
    check('payment_orders_source_check', sql`${t.source} in ('PAYROLL', 'VOUCHERS')`),
    // Exactly one source: a payroll's order names its payroll, a run of vouchers names none.
    check(
      'payment_orders_source_payroll_check',
      sql`(${t.source} = 'PAYROLL') = (${t.payrollId} is not null)`,
    ),
    check('payment_orders_status_check', sql`${t.status} in (1, 2, 3, 4, 5)`),
    // Every order past GENERANDO that did not fail has its file; a failed one says why.
    check(
      'payment_orders_file_check',
      sql`${t.status} in (4, 5) or (${t.fileKey} is not null and ${t.fileSize} is not null and ${t.sha256} is not null and ${t.lineCount} is not null and ${t.totalAmount} is not null)`,
    ),
    check('payment_orders_failure_check', sql`(${t.status} = 5) = (${t.failureReason} is not null)`),
    check(
      'payment_orders_annulled_check',
      sql`(${t.status} = 2) = (${t.annulledAt} is not null and ${t.annulledBy} is not null and ${t.annulReason} is not null)`,
    ),
    index('payment_orders_payroll_idx').on(t.payrollId, t.id),
    index('payment_orders_source_idx').on(t.source, t.id),
  ],
)

/**
 * What an order pays, claimed while the order is open: one row per source of lines. A payroll's
 * order always carries every line of the payroll (one bad line refuses the file), so it claims the
 * payroll as a whole ('PAYROLL', payroll id) instead of 100,000 rows; another source of lines
 * (supplier vouchers) claims each of its own. The partial unique index lets a source be in one
 * open order only: of two generations at the same moment one commits, the other is refused.
 * Annulling or replacing an order releases its claims; they stay as history.
 */
export const paymentOrderClaims = pgTable(
  'payment_order_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: requiredRef('order_id', () => paymentOrders.id),
    /**
     * Where the lines come from: 'PAYROLL' (payroll_lines of the payroll `source_id`) or 'VOUCHER'
     * (the supplier voucher `source_id`: one claim per voucher of a run).
     */
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The order that took this claim over (a replacement): given back if that order fails. */
    releasedByOrderId: integer('released_by_order_id').references((): AnyPgColumn => paymentOrders.id),
    ...timestamps,
  },
  (t) => [
    check('payment_order_claims_kind_check', sql`${t.sourceKind} in ('PAYROLL', 'VOUCHER')`),
    uniqueIndex('payment_order_claims_open_unique')
      .on(t.sourceKind, t.sourceId)
      .where(sql`released_at is null`),
    index('payment_order_claims_order_idx').on(t.orderId),
  ],
)

/**
 * The payroll lines a 'PAYROLL' order carries, one row per line: the file's lines, and while the
 * row is open (`released_at` null) the line's claim. The partial unique index lets a line be in one
 * open order only, whatever the orders (a whole payroll, the part left after OBSERVADO lines, the
 * lines the bank rejected sent again), so of two generations at the same moment one commits and a
 * line is never sent twice. Annulling or replacing an order releases its rows; a new order that
 * sends again what the bank rejected takes those lines over (`released_by_order_id`), and gives
 * them back if its file fails.
 */
export const paymentOrderLines = pgTable(
  'payment_order_lines',
  {
    orderId: requiredRef('order_id', () => paymentOrders.id),
    payrollLineId: bigint('payroll_line_id', { mode: 'number' })
      .notNull()
      .references(() => payrollLines.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedByOrderId: integer('released_by_order_id').references((): AnyPgColumn => paymentOrders.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.payrollLineId] }),
    uniqueIndex('payment_order_lines_open_unique').on(t.payrollLineId).where(sql`released_at is null`),
  ],
)

/**
 * What a supplier payment run (a 'VOUCHERS' order) pays, voucher by voucher, as it was computed when
 * the run was generated: the detracción approved on the voucher and the retención recomputed over
 * the vouchers the run pays together to the supplier. The file pays each supplier once, the sum of
 * its vouchers' net (`line_number` is the supplier's line in the file). Kept as history whatever
 * becomes of the run. A run pays in its debit account's currency: a dollar voucher's total and net
 * are dollar cents, its detracción and retención soles céntimos (as on `payment_vouchers`), with
 * the SBS rate of the payment date the retention was computed at (docs/decisions/usd-vouchers.md).
 */
export const paymentOrderVouchers = pgTable(
  'payment_order_vouchers',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => paymentOrders.id),
    voucherId: requiredRef('voucher_id', () => paymentVouchers.id),
    supplierId: requiredRef('supplier_id', () => suppliers.id),
    lineNumber: integer('line_number').notNull(),
    /** The voucher's currency, the run's: 'PEN' or 'USD' (total and net in it). */
    currency: text('currency').notNull().default('PEN'),
    /** A dollar voucher: the SBS venta rate (thousandths) of the payment date; null in soles. */
    retentionExchangeRateMilli: integer('retention_exchange_rate_milli'),
    /** Céntimos: a nota de crédito (07) subtracts its amounts from the supplier's line. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    detractionCents: bigint('detraction_cents', { mode: 'number' }).notNull(),
    retentionCents: bigint('retention_cents', { mode: 'number' }).notNull(),
    /** A recibo por honorarios: the fourth-category retention the run withholds. */
    fourthCategoryCents: bigint('fourth_category_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    // In soles the net is what is left; in dollars the deductions (soles) are turned back at their
    // rates, so the row carries the rate and no fourth-category retention (a recibo is in soles).
    check(
      'payment_order_vouchers_net_check',
      sql`(${t.currency} = 'PEN' and ${t.retentionExchangeRateMilli} is null and ${t.netCents} = ${t.totalCents} - ${t.detractionCents} - ${t.retentionCents} - ${t.fourthCategoryCents}) or (${t.currency} = 'USD' and ${t.retentionExchangeRateMilli} > 0 and ${t.fourthCategoryCents} = 0)`,
    ),
    uniqueIndex('payment_order_vouchers_unique').on(t.orderId, t.voucherId),
    index('payment_order_vouchers_voucher_idx').on(t.voucherId),
  ],
)

/**
 * The last lote a company used in a year for the Banco de la Nación detracciones file (AANNNN): the
 * row is taken with `insert … on conflict do update … returning` in the run's transaction, so its
 * lock serialises two runs of one company and a rolled-back run does not use a number.
 */
export const detractionLotCounters = pgTable(
  'detraction_lot_counters',
  {
    companyId: requiredRef('company_id', () => companies.id),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.year] }),
    check('detraction_lot_counters_number_check', sql`${t.lastNumber} between 1 and 9999`),
  ],
)

/**
 * A run's second file: the Banco de la Nación mass deposit of its detracciones (one detail per
 * voucher with a detracción not yet deposited), stored, listed with its totals and SHA-256 and
 * downloadable again. The lote is unique per paying company and year, never reused.
 */
export const detractionFiles = pgTable(
  'detraction_files',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => paymentOrders.id),
    companyId: requiredRef('company_id', () => companies.id),
    year: smallint('year').notNull(),
    lotNumber: integer('lot_number').notNull(),
    /** AANNNN, as the file's header and name write it. */
    lot: text('lot').notNull(),
    lineCount: integer('line_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    ...timestamps,
  },
  (t) => [
    check('detraction_files_lot_check', sql`${t.lot} ~ '^[0-9]{6}$'`),
    check('detraction_files_totals_check', sql`${t.lineCount} > 0 and ${t.totalCents} > 0`),
    uniqueIndex('detraction_files_lot_unique').on(t.companyId, t.year, t.lotNumber),
    uniqueIndex('detraction_files_order_unique').on(t.orderId),
  ],
)
