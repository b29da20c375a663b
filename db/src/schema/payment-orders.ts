import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import { timestamps } from './columns'
import { payrolls } from './payroll'
import { banks } from './reference'

/** 'Cuentas de la empresa': the accounts a company pays from (issue 14). */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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

/** A bank payment file generated from a payroll ('Generar archivo de pago'), stored and listed. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    payrollId: integer('payroll_id')
      .notNull()
      .references(() => payrolls.id),
    companyAccountId: integer('company_account_id')
      .notNull()
      .references(() => companyBankAccounts.id),
    /** 'BCP' Telecrédito haberes, 'CCI' generic transfers or 'BBVA' Net Cash haberes (domain/src/bank-files). */
    format: text('format').notNull(),
    paymentDate: date('payment_date').notNull(),
    reference: text('reference').notNull(),
    lineCount: integer('line_count').notNull(),
    totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull(),
    checksum: text('checksum'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** SHA-256 of the stored bytes, shown so a clerk can match the file the bank received. */
    sha256: text('sha256').notNull(),
    /** 1 GENERADO (its lines are sent), 2 ANULADO (annulled with a reason), 3 REEMPLAZADO. */
    status: smallint('status').notNull().default(1),
    /** The open order whose lines this one sends again, confirmed by the clerk who generated it. */
    replacesOrderId: integer('replaces_order_id').references((): AnyPgColumn => paymentOrders.id),
    annulledBy: text('annulled_by'),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    annulReason: text('annul_reason'),
    ...timestamps,
  },
  (t) => [
    check('payment_orders_format_check', sql`${t.format} in ('BCP', 'CCI', 'BBVA')`),
    check('payment_orders_status_check', sql`${t.status} in (1, 2, 3)`),
    check(
      'payment_orders_annulled_check',
      sql`(${t.status} = 2) = (${t.annulledAt} is not null and ${t.annulledBy} is not null and ${t.annulReason} is not null)`,
    ),
    index('payment_orders_payroll_idx').on(t.payrollId, t.id),
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
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    /** Where the lines come from: 'PAYROLL' (payroll_lines of the payroll `source_id`). */
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('payment_order_claims_kind_check', sql`${t.sourceKind} in ('PAYROLL')`),
    uniqueIndex('payment_order_claims_open_unique')
      .on(t.sourceKind, t.sourceId)
      .where(sql`released_at is null`),
    index('payment_order_claims_order_idx').on(t.orderId),
  ],
)
