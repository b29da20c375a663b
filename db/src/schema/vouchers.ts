import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companies } from './catalog'
import { cents, requiredRef, timestamps } from './columns'
import { expenseLines, projectTypes, rejectReasons } from './supplier-catalogues'
import { suppliers } from './suppliers'

/**
 * The Voucher (comprobante): one supplier voucher to be paid, and what each step of its life recorded
 * (docs/domain.md, supplier payments). Status 1 REGISTRADO, 2 AUTORIZADO, 3 APROBADO, 4 PAGADO, 5 RECHAZADO, 6 ANULADO;
 * each step's columns are required by a check once the voucher has passed it.
 *
 * The series-number is unique per supplier and type while `freed_by_credit_note_id` is null. Only a
 * RECHAZADO voucher can be freed, and only by a nota de crédito that references it: the composite
 * foreign key (freed_by_credit_note_id, id) → (id, credits_voucher_id) makes the database check
 * that the freeing row credits this very voucher (and a check makes every crediting row a 07).
 */
export const paymentVouchers = pgTable(
  'payment_vouchers',
  {
    id: serial('id').primaryKey(),
    /** The paying company (its 'agente de retención' setting decides the retention). */
    companyId: requiredRef('company_id', () => companies.id),
    supplierId: requiredRef('supplier_id', () => suppliers.id),
    /** SUNAT document type: 01, 02, 03, 07, 08. */
    type: text('type').notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    /**
     * 'Periodo de registro' (AAAAMM): the month the voucher is recorded in the Registro de Compras,
     * from which the detracción's deadline runs. The issue month unless the clerk says otherwise;
     * editable until the voucher is approved, from the issue month to 12 months after it.
     */
    recordingPeriod: text('recording_period').notNull(),
    /** 'PEN' or 'USD': base, IGV, total and the paid amount are céntimos (cents) of this currency. */
    currency: text('currency').notNull().default('PEN'),
    baseCents: cents('base_cents').notNull(),
    igvCents: cents('igv_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    description: text('description').notNull(),
    expenseLineId: requiredRef('expense_line_id', () => expenseLines.id),
    /** A nota de crédito (07): the voucher it credits. */
    creditsVoucherId: integer('credits_voucher_id').references((): AnyPgColumn => paymentVouchers.id),
    /** A RECHAZADO voucher whose number a nota de crédito freed: that credit note. */
    freedByCreditNoteId: integer('freed_by_credit_note_id'),
    status: smallint('status').notNull().default(1),
    // Authorize
    projectTypeId: integer('project_type_id').references(() => projectTypes.id),
    period: text('period'),
    authorizedBy: text('authorized_by'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    // Approve
    /** 1 CRÉDITO, 2 CONTADO. */
    paymentType: smallint('payment_type'),
    /** Catalogue-54 code chosen by the approver (null: not under SPOT). */
    spotCode: text('spot_code'),
    /** The rate applied and the table's rate that day, in basis points (null: no detraction). */
    detractionRateBp: integer('detraction_rate_bp'),
    detractionTableRateBp: integer('detraction_table_rate_bp'),
    /** Always soles céntimos, whatever the voucher's currency: the detracción is deposited in soles. */
    detractionCents: cents('detraction_cents').notNull().default(0),
    /**
     * A USD voucher: the SBS venta rate (soles per dollar, thousandths) of its issue date that turned
     * its total into soles for the detracción, as the approver saw it. Null for a PEN voucher.
     */
    detractionExchangeRateMilli: integer('detraction_exchange_rate_milli'),
    /**
     * Code 027 (transport of goods by road): the valor referencial the approver entered, in
     * céntimos; the detracción is on the greater of it and the total. Null for any other code.
     */
    referenceValueCents: cents('reference_value_cents'),
    detractionReason: text('detraction_reason'),
    /**
     * The Banco de la Nación deposit of the detraction (SUNAT's constancia): null until deposited.
     * 'Detracciones por depositar' are approved or paid vouchers with a detraction and no deposit.
     */
    detractionDepositedOn: date('detraction_deposited_on'),
    detractionConstancia: text('detraction_constancia'),
    retention: boolean('retention').notNull().default(false),
    /** Always soles céntimos, whatever the voucher's currency: the IGV retention is in soles. */
    retentionCents: cents('retention_cents').notNull().default(0),
    /**
     * A USD voucher: the SBS venta rate (thousandths) its retention was computed with — the approval
     * day's as a proposal, the payment date's once PAGADO. Null for a PEN voucher.
     */
    retentionExchangeRateMilli: integer('retention_exchange_rate_milli'),
    /** Whether the rule proposed the retention, and the approver's reason when they went against it. */
    retentionProposed: boolean('retention_proposed'),
    retentionReason: text('retention_reason'),
    /**
     * A recibo por honorarios (02): the fourth-category income-tax retention, apart from the IGV
     * retention (which never applies to it) so the IGV retention's register and files never count
     * it. Proposed at approval with that day's rule, recomputed at payment with the payment date:
     * once PAGADO it is what was withheld.
     */
    fourthCategoryCents: cents('fourth_category_cents').notNull().default(0),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // Paid
    /** What reached the supplier, in céntimos (cents) of the voucher's currency. */
    paidCents: cents('paid_cents'),
    paidOn: date('paid_on'),
    /** The bank's operation number, when a supplier abonos upload marked it paid. */
    paidOperation: text('paid_operation'),
    paidBy: text('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Rejected
    rejectReasonId: integer('reject_reason_id').references(() => rejectReasons.id),
    rejectNote: text('reject_note'),
    rejectedBy: text('rejected_by'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    // Cancelled
    cancellationRequestDate: date('cancellation_request_date'),
    cancellationReason: text('cancellation_reason'),
    cancellationRequestedBy: text('cancellation_requested_by'),
    cancelledBy: text('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('payment_vouchers_status_check', sql`${t.status} between 1 and 6`),
    check('payment_vouchers_type_check', sql`${t.type} in ('01', '02', '03', '07', '08')`),
    check('payment_vouchers_series_check', sql`${t.series} ~ '^[A-Z0-9]{4}$'`),
    check('payment_vouchers_number_check', sql`${t.number} between 1 and 99999999`),
    check('payment_vouchers_currency_check', sql`${t.currency} in ('PEN', 'USD')`),
    check(
      'payment_vouchers_exchange_rate_check',
      sql`(${t.currency} = 'PEN' and ${t.detractionExchangeRateMilli} is null and ${t.retentionExchangeRateMilli} is null) or (${t.currency} = 'USD' and coalesce(${t.detractionExchangeRateMilli}, 1) > 0 and coalesce(${t.retentionExchangeRateMilli}, 1) > 0)`,
    ),
    check('payment_vouchers_due_check', sql`${t.dueDate} >= ${t.issueDate}`),
    check(
      'payment_vouchers_recording_period_check',
      sql`${t.recordingPeriod} ~ '^[0-9]{4}(0[1-9]|1[0-2])$' and ${t.recordingPeriod} between to_char(${t.issueDate}, 'YYYYMM') and to_char(${t.issueDate} + interval '12 months', 'YYYYMM')`,
    ),
    check(
      'payment_vouchers_amounts_check',
      sql`${t.baseCents} >= 0 and ${t.igvCents} >= 0 and ${t.totalCents} > 0 and ${t.totalCents} = ${t.baseCents} + ${t.igvCents}`,
    ),
    check(
      'payment_vouchers_deductions_check',
      sql`${t.detractionCents} >= 0 and ${t.retentionCents} >= 0 and ${t.fourthCategoryCents} >= 0 and (${t.currency} <> 'PEN' or ${t.detractionCents} + ${t.retentionCents} + ${t.fourthCategoryCents} <= ${t.totalCents})`,
    ),
    check('payment_vouchers_fourth_category_check', sql`${t.fourthCategoryCents} = 0 or ${t.type} = '02'`),
    check(
      'payment_vouchers_reference_value_check',
      sql`${t.referenceValueCents} is null or (${t.referenceValueCents} > 0 and ${t.spotCode} = '027')`,
    ),
    check(
      'payment_vouchers_credit_note_check',
      sql`(${t.type} = '07') = (${t.creditsVoucherId} is not null) and ${t.creditsVoucherId} is distinct from ${t.id}`,
    ),
    check('payment_vouchers_freed_check', sql`${t.freedByCreditNoteId} is null or ${t.status} = 5`),
    check('payment_vouchers_period_check', sql`${t.period} is null or ${t.period} ~ '^[0-9]{6}-[0-9]{3}$'`),
    check('payment_vouchers_payment_type_check', sql`${t.paymentType} is null or ${t.paymentType} in (1, 2)`),
    check(
      'payment_vouchers_authorized_check',
      sql`${t.status} not in (2, 3, 4) or (${t.projectTypeId} is not null and ${t.period} is not null and ${t.authorizedAt} is not null)`,
    ),
    check(
      'payment_vouchers_approved_check',
      sql`${t.status} not in (3, 4) or (${t.paymentType} is not null and ${t.approvedAt} is not null)`,
    ),
    check(
      'payment_vouchers_paid_check',
      sql`${t.status} <> 4 or (${t.paidCents} > 0 and ${t.paidOn} is not null)`,
    ),
    check('payment_vouchers_rejected_check', sql`${t.status} <> 5 or ${t.rejectReasonId} is not null`),
    check(
      'payment_vouchers_cancelled_check',
      sql`${t.status} <> 6 or (${t.cancellationRequestDate} is not null and ${t.cancellationReason} is not null and ${t.cancellationRequestedBy} is not null)`,
    ),
    // Separation of duties, also in the database: who registered a voucher never approves it.
    check(
      'payment_vouchers_approver_check',
      sql`${t.approvedBy} is null or lower(${t.approvedBy}) <> lower(${t.createdBy})`,
    ),
    unique('payment_vouchers_id_credits_unique').on(t.id, t.creditsVoucherId),
    foreignKey({
      name: 'payment_vouchers_freed_by_credit_note_fk',
      columns: [t.freedByCreditNoteId, t.id],
      foreignColumns: [t.id, t.creditsVoucherId],
    }),
    uniqueIndex('payment_vouchers_number_unique')
      .on(t.supplierId, t.type, t.series, t.number)
      .where(sql`${t.freedByCreditNoteId} is null`),
    index('payment_vouchers_status_due_idx').on(t.status, t.dueDate),
    index('payment_vouchers_supplier_idx').on(t.supplierId, t.status),
    index('payment_vouchers_due_date_idx').on(t.dueDate),
    index('payment_vouchers_expense_line_idx').on(t.expenseLineId),
    index('payment_vouchers_company_idx').on(t.companyId),
    index('payment_vouchers_credits_idx').on(t.creditsVoucherId),
  ],
)

/** A voucher's files through the storage interface: its PDF, optional XML, the cancellation's evidence. */
export const voucherFiles = pgTable(
  'voucher_files',
  {
    id: serial('id').primaryKey(),
    voucherId: requiredRef('voucher_id', () => paymentVouchers.id),
    /** 'pdf' (the voucher), 'xml' (its electronic version), 'sustento' (the cancellation's evidence). */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [
    check('voucher_files_kind_check', sql`${t.kind} in ('pdf', 'xml', 'sustento')`),
    uniqueIndex('voucher_files_voucher_kind_unique').on(t.voucherId, t.kind),
  ],
)

/**
 * What a voucher's XML (CPE) declared about its payment (docs/decisions/cpe-xml.md): the detracción
 * block as the supplier wrote it and the form of payment. One row per voucher registered or
 * completed with an XML that declares any of it; written in the voucher's own transaction. It is the
 * supplier's word, never the law's: the approval proposes the declared code and compares, and the
 * dated SPOT table decides the amount (`payment_vouchers.detraction_cents`).
 */
export const voucherXmlTerms = pgTable(
  'voucher_xml_terms',
  {
    voucherId: integer('voucher_id')
      .primaryKey()
      .references(() => paymentVouchers.id),
    /** Catalogue 54 code (`cac:PaymentTerms` Detraccion, `cbc:PaymentMeansID`). */
    spotCode: text('spot_code'),
    /** `cbc:PaymentPercent` in basis points (12.00 → 1200). */
    detractionRateBp: integer('detraction_rate_bp'),
    /** `cbc:Amount` of the detracción, in céntimos as written (not rounded to soles). */
    detractionCents: cents('detraction_cents'),
    /** The supplier's Banco de la Nación account (`cac:PayeeFinancialAccount/cbc:ID`). */
    detractionAccount: text('detraction_account'),
    /** Catalogue 59 means of payment (`cac:PaymentMeans/cbc:PaymentMeansCode`). */
    paymentMeansCode: text('payment_means_code'),
    /** `FormaPago`: 'Contado' or 'Credito'; null when the XML does not say. */
    paymentForm: text('payment_form'),
    /** A Crédito's net amount pending (`cbc:Amount`), which its instalments add up to. */
    creditCents: cents('credit_cents'),
    ...timestamps,
  },
  (t) => [
    check('voucher_xml_terms_spot_code_check', sql`${t.spotCode} is null or ${t.spotCode} ~ '^[0-9]{3}$'`),
    check(
      'voucher_xml_terms_rate_check',
      sql`${t.detractionRateBp} is null or ${t.detractionRateBp} between 0 and 10000`,
    ),
    check(
      'voucher_xml_terms_amounts_check',
      sql`coalesce(${t.detractionCents}, 0) >= 0 and coalesce(${t.creditCents}, 0) >= 0`,
    ),
    check(
      'voucher_xml_terms_payment_form_check',
      sql`${t.paymentForm} is null or ${t.paymentForm} in ('Contado', 'Credito')`,
    ),
    check('voucher_xml_terms_credit_check', sql`${t.creditCents} is null or ${t.paymentForm} = 'Credito'`),
  ],
)

/** A Crédito voucher's instalments as its XML declared them (`CuotaNNN`): number, amount, due date. */
export const voucherXmlInstalments = pgTable(
  'voucher_xml_instalments',
  {
    voucherId: requiredRef('voucher_id', () => voucherXmlTerms.voucherId),
    /** NNN of `CuotaNNN`. */
    number: smallint('number').notNull(),
    amountCents: cents('amount_cents').notNull(),
    dueDate: date('due_date').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.number] }),
    check('voucher_xml_instalments_number_check', sql`${t.number} between 1 and 999`),
    check('voucher_xml_instalments_amount_check', sql`${t.amountCents} > 0`),
  ],
)
