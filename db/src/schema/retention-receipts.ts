import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import { cents, requiredRef, timestamps } from './columns'
import { paymentOrders } from './payment-orders'
import { suppliers } from './suppliers'
import { paymentVouchers } from './vouchers'

/**
 * The last number given per company and CRE series (docs/decisions/retention-receipts.md): the
 * paying transaction takes the next one with `insert … on conflict do update … returning`, which
 * locks the row until it commits, so two payers never get the same number and a number is never
 * given twice (a rolled-back payment gives its number back with everything else).
 */
export const retentionReceiptCounters = pgTable(
  'retention_receipt_counters',
  {
    companyId: requiredRef('company_id', () => companies.id),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.series] }),
    check('retention_receipt_counters_number_check', sql`${t.lastNumber} between 1 and 99999999`),
  ],
)

/**
 * The comprobante de retención electrónico (CRE, type 20) the company issues as retention agent
 * when it pays a supplier and withholds IGV: one per supplier per payment (a run's abono, or a voucher
 * marked paid by hand). Status 1 PENDIENTE (de envío), 2 ENVIADO, 3 ANULADO (a reversal: reason,
 * who and when; the row and its number stay). Amounts in céntimos, all in PEN.
 */
export const retentionReceipts = pgTable(
  'retention_receipts',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issueDate: date('issue_date').notNull(),
    supplierId: requiredRef('supplier_id', () => suppliers.id),
    /** The supplier run whose abono paid it (null: a voucher marked paid by hand). */
    orderId: integer('order_id').references(() => paymentOrders.id),
    /** SUNAT catálogo 23 regime ('01') and its rate in basis points (300 = 3 %). */
    regime: text('regime').notNull().default('01'),
    rateBp: integer('rate_bp').notNull(),
    /** Sum of the related documents' amounts paid without retention, retained, and paid net. */
    paidCents: cents('paid_cents').notNull(),
    retentionCents: cents('retention_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    status: smallint('status').notNull().default(1),
    sentOn: date('sent_on'),
    sentBy: text('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    annulReason: text('annul_reason'),
    annulledBy: text('annulled_by'),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    /** The resumen diario de reversiones that reported it (an ENVIADO CRE annulled afterwards). */
    reversalId: integer('reversal_id').references((): AnyPgColumn => retentionReversals.id),
    ...timestamps,
  },
  (t) => [
    check('retention_receipts_status_check', sql`${t.status} in (1, 2, 3)`),
    check('retention_receipts_reversal_check', sql`${t.reversalId} is null or ${t.status} = 3`),
    check('retention_receipts_series_check', sql`${t.series} ~ '^R[A-Z0-9]{3}$'`),
    check('retention_receipts_number_check', sql`${t.number} between 1 and 99999999`),
    check(
      'retention_receipts_amounts_check',
      sql`${t.retentionCents} > 0 and ${t.netCents} = ${t.paidCents} - ${t.retentionCents}`,
    ),
    check(
      'retention_receipts_sent_check',
      sql`${t.status} <> 2 or (${t.sentOn} is not null and ${t.sentAt} is not null)`,
    ),
    check(
      'retention_receipts_annulled_check',
      sql`${t.status} <> 3 or (${t.annulReason} is not null and ${t.annulledAt} is not null)`,
    ),
    uniqueIndex('retention_receipts_number_unique').on(t.companyId, t.series, t.number),
    index('retention_receipts_company_issue_idx').on(t.companyId, t.issueDate),
    index('retention_receipts_status_idx').on(t.status, t.issueDate),
    index('retention_receipts_reversal_idx').on(t.reversalId),
  ],
)

/**
 * A resumen diario de reversiones (docs/decisions/retention-receipts.md, 'Reversal'):
 * `RR-<issue date>-<sequence>`, the sequence counted per company and day (unique: two clerks at
 * once cannot make the same one), reporting the company's CREs issued on `reference_date` that were
 * sent and then annulled. Status 1 PENDIENTE (de envío), 2 ENVIADO.
 */
export const retentionReversals = pgTable(
  'retention_reversals',
  {
    id: serial('id').primaryKey(),
    companyId: requiredRef('company_id', () => companies.id),
    issueDate: date('issue_date').notNull(),
    sequence: integer('sequence').notNull(),
    referenceDate: date('reference_date').notNull(),
    status: smallint('status').notNull().default(1),
    sentOn: date('sent_on'),
    sentBy: text('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('retention_reversals_status_check', sql`${t.status} in (1, 2)`),
    check('retention_reversals_sequence_check', sql`${t.sequence} between 1 and 99999`),
    check('retention_reversals_dates_check', sql`${t.referenceDate} <= ${t.issueDate}`),
    check(
      'retention_reversals_sent_check',
      sql`${t.status} <> 2 or (${t.sentOn} is not null and ${t.sentAt} is not null)`,
    ),
    uniqueIndex('retention_reversals_sequence_unique').on(t.companyId, t.issueDate, t.sequence),
  ],
)

/** One related document of a CRE (Anexo 15): the voucher, its payment and what was retained of it. */
export const retentionReceiptDocuments = pgTable(
  'retention_receipt_documents',
  {
    receiptId: requiredRef('receipt_id', () => retentionReceipts.id),
    voucherId: requiredRef('voucher_id', () => paymentVouchers.id),
    /** SUNAT document type of the voucher: 01, 07, 08, 12. */
    type: text('type').notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issueDate: date('issue_date').notNull(),
    currency: text('currency').notNull(),
    totalCents: cents('total_cents').notNull(),
    paymentDate: date('payment_date').notNull(),
    paymentNumber: integer('payment_number').notNull().default(1),
    /** Amount paid without the retention, the retention (PEN) and the net paid (PEN). */
    paidCents: cents('paid_cents').notNull(),
    retentionCents: cents('retention_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    /**
     * A document in dollars (Anexo 15's 'tipo de cambio'): the payment in its own currency's cents,
     * and the SBS venta rate (thousandths) and its day that turned it into the soles above. Null in soles.
     */
    paidForeignCents: cents('paid_foreign_cents'),
    exchangeRateMilli: integer('exchange_rate_milli'),
    exchangeRateDay: date('exchange_rate_day'),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.voucherId] }),
    check('retention_receipt_documents_type_check', sql`${t.type} in ('01', '07', '08', '12')`),
    check(
      'retention_receipt_documents_amounts_check',
      sql`${t.retentionCents} > 0 and ${t.netCents} = ${t.paidCents} - ${t.retentionCents}`,
    ),
    check(
      'retention_receipt_documents_exchange_check',
      sql`(${t.currency} = 'PEN') = (${t.paidForeignCents} is null and ${t.exchangeRateMilli} is null and ${t.exchangeRateDay} is null) and (${t.currency} = 'PEN' or (${t.paidForeignCents} is not null and ${t.exchangeRateMilli} > 0 and ${t.exchangeRateDay} is not null))`,
    ),
    index('retention_receipt_documents_voucher_idx').on(t.voucherId),
  ],
)
