import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { recordStatusCheck, requiredRef, timestamps } from './columns'
import { padronLoads } from './padrones'
import { banks, ubigeoDistricts } from './reference'
import { expenseLines } from './supplier-catalogues'

/**
 * The Supplier: who a company pays and where. Its tax status (agente de retención, de percepción, buen
 * contribuyente) is not a column: it is dated periods by RUC (`taxStatusPeriods`), read on the payment date.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    code: text('code').generatedAlwaysAs(sql.raw(`'PR-' || lpad(id::text, 4, '0')`)).notNull(),
    ruc: text('ruc').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contactName: text('contact_name'),
    ubigeo: text('ubigeo').references(() => ubigeoDistricts.code),
    authorizer: text('authorizer'),
    payer: text('payer'),
    phone: text('phone'),
    mobile: text('mobile'),
    email: text('email'),
    /** 1 BIENES, 2 SERVICIOS, 3 BIENES Y SERVICIOS. */
    supplierType: smallint('supplier_type').notNull(),
    /** 1 GASTO, 2 COSTO, 3 ACTIVO FIJO. */
    managementType: smallint('management_type').notNull(),
    expenseLineId: integer('expense_line_id').references(() => expenseLines.id),
    bankIdentifierType: smallint('bank_identifier_type').notNull(),
    bankIdentifier: text('bank_identifier').notNull(),
    bankHolder: text('bank_holder').notNull(),
    bankCode: text('bank_code')
      .notNull()
      .references(() => banks.code),
    bankAccount: text('bank_account').notNull(),
    /** 1 AHORROS, 2 CORRIENTE. */
    accountType: smallint('account_type').notNull(),
    bankInterAccount: text('bank_inter_account'),
    /** Banco de la Nación detraction account (11 digits): where detracciones are deposited. */
    detractionAccount: text('detraction_account'),
    /**
     * A bank account or CCI another supplier or an employee also holds (docs/decisions/shared-accounts.md):
     * who saved it knowingly (the form's explicit tick) and when; null when the account is not shared.
     * Such an account is 'por confirmar' until another user with `proveedores_aprobar` confirms it.
     */
    sharedAccountBy: text('shared_account_by'),
    sharedAccountAt: timestamp('shared_account_at', { withTimezone: true }),
    /** Who confirmed the shared account (never who saved it: four eyes, checked below) and when. */
    sharedAccountConfirmedBy: text('shared_account_confirmed_by'),
    sharedAccountConfirmedAt: timestamp('shared_account_confirmed_at', { withTimezone: true }),
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('suppliers_status_check', recordStatusCheck('status')),
    check('suppliers_ruc_check', sql`${t.ruc} ~ '^[0-9]{11}$'`),
    check('suppliers_supplier_type_check', sql`${t.supplierType} in (1, 2, 3)`),
    check('suppliers_management_type_check', sql`${t.managementType} in (1, 2, 3)`),
    check('suppliers_account_type_check', sql`${t.accountType} in (1, 2)`),
    check('suppliers_cci_check', sql`${t.bankInterAccount} is null or ${t.bankInterAccount} ~ '^[0-9]{20}$'`),
    check(
      'suppliers_detraction_account_check',
      sql`${t.detractionAccount} is null or ${t.detractionAccount} ~ '^[0-9]{11}$'`,
    ),
    check('suppliers_mobile_check', sql`${t.mobile} is null or ${t.mobile} ~ '^9[0-9]{8}$'`),
    check(
      'suppliers_shared_account_four_eyes_check',
      sql`${t.sharedAccountConfirmedBy} is null or (${t.sharedAccountBy} is not null and ${t.sharedAccountConfirmedBy} <> ${t.sharedAccountBy})`,
    ),
    uniqueIndex('suppliers_ruc_unique').on(t.ruc),
    // The list sorts names by the Spanish collation (docs/decisions/spanish-collation.md).
    index('suppliers_name_es_idx').on(sql`${t.name} collate es_pe`, t.id),
    /** The list's search by name, accents and case folded (`foldedLike`, api/src/lists/paging.ts). */
    index('suppliers_name_fold_trgm_idx').using('gin', sql`fold_search(${t.name}) gin_trgm_ops`),
    // Who else holds an account or a CCI (docs/decisions/shared-accounts.md).
    index('suppliers_cci_idx').on(t.bankInterAccount),
    index('suppliers_bank_account_idx').on(t.bankCode, t.bankAccount),
    index('suppliers_status_type_idx').on(t.status, t.supplierType),
  ],
)

/** The kinds of tax status that exclude a supplier from the IGV retention (R.S. 037-2002/SUNAT art. 5). */
export const TAX_STATUS_KINDS = ['AGENTE_RETENCION', 'AGENTE_PERCEPCION', 'BUEN_CONTRIBUYENTE'] as const

/**
 * A RUC's tax status as dated periods (docs/decisions/supplier-tax-status.md): keyed by RUC, whether or
 * not the supplier is registered, because SUNAT's padrones list RUCs. A period holds from `valid_from`
 * to `valid_to` (both inclusive; null: still open). MANUAL periods are the supplier form's; PADRON
 * periods come from a load of a SUNAT padrón (`load_id`). A RUC has a status on a day when any period
 * of that kind covers it.
 */
export const taxStatusPeriods = pgTable(
  'tax_status_periods',
  {
    id: serial('id').primaryKey(),
    ruc: text('ruc').notNull(),
    kind: text('kind', { enum: TAX_STATUS_KINDS }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    source: text('source', { enum: ['MANUAL', 'PADRON'] })
      .notNull()
      .default('MANUAL'),
    loadId: integer('load_id').references(() => padronLoads.id),
    /** The SUNAT resolution that designated or excluded the RUC, as the padrón gives it. */
    resolution: text('resolution'),
    ...timestamps,
  },
  (t) => [
    check('tax_status_periods_ruc_check', sql`${t.ruc} ~ '^[0-9]{11}$'`),
    check(
      'tax_status_periods_kind_check',
      sql`${t.kind} in ('AGENTE_RETENCION', 'AGENTE_PERCEPCION', 'BUEN_CONTRIBUYENTE')`,
    ),
    check(
      'tax_status_periods_source_check',
      sql`(${t.source} = 'MANUAL' and ${t.loadId} is null) or (${t.source} = 'PADRON' and ${t.loadId} is not null)`,
    ),
    check('tax_status_periods_dates_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    index('tax_status_periods_ruc_idx').on(t.ruc, t.kind),
    uniqueIndex('tax_status_periods_open_unique')
      .on(t.ruc, t.kind, t.source)
      .where(sql`${t.validTo} is null`),
  ],
)

/**
 * A supplier's constancias de suspensión de retenciones de cuarta categoría (docs/decisions/tax-rules.md,
 * 'Cuarta categoría'): SUNAT grants one to a natural person (RUC 10…) for a year; from the day after
 * it is granted until 31 December of that year, the payer withholds nothing from its recibos por
 * honorarios. The payer needs only its number and the day it was granted.
 */
export const supplierSuspensionCertificates = pgTable(
  'supplier_suspension_certificates',
  {
    id: serial('id').primaryKey(),
    supplierId: requiredRef('supplier_id', () => suppliers.id),
    number: text('number').notNull(),
    grantedOn: date('granted_on').notNull(),
    ...timestamps,
  },
  (t) => [
    check('supplier_suspension_certificates_number_check', sql`${t.number} ~ '^[0-9A-Z-]{1,30}$'`),
    uniqueIndex('supplier_suspension_certificates_unique').on(t.supplierId, t.number),
    index('supplier_suspension_certificates_supplier_idx').on(t.supplierId, t.grantedOn),
  ],
)
