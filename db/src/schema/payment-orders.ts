import { sql } from 'drizzle-orm'
import {
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
    /** 'BCP' Telecrédito haberes or 'CCI' generic transfers (domain/src/bank-files). */
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
    ...timestamps,
  },
  (t) => [
    check('payment_orders_format_check', sql`${t.format} in ('BCP', 'CCI')`),
    index('payment_orders_payroll_idx').on(t.payrollId, t.id),
  ],
)
