import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { areas, companies, positions } from './catalog'
import { timestamps } from './columns'
import { banks, countries, ubigeoDistricts } from './reference'

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    /** COL-000123, derived from the id by the database. */
    code: text('code').generatedAlwaysAs(sql.raw(`'COL-' || lpad(id::text, 6, '0')`)).notNull(),
    /** SUNAT identity document type code (1 DNI, 4 CE, 6 RUC, 7 pasaporte, 90/91 military…). */
    identifierType: smallint('identifier_type').notNull(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    /** The current assignment; the contracts module keeps it in step with the current contract. */
    companyId: integer('company_id').references(() => companies.id),
    areaId: integer('area_id').references(() => areas.id),
    positionId: integer('position_id').references(() => positions.id),
    /** 1 ACTIVO, 2 SIN CONTRATO: a new employee has no contract yet. */
    status: smallint('status').notNull().default(2),
    birthDate: date('birth_date', { mode: 'string' }),
    address: text('address'),
    /** INEI district code. */
    ubigeo: text('ubigeo').references(() => ubigeoDistricts.code),
    /** ISO alpha-2 country code. */
    nationality: text('nationality').references(() => countries.code),
    /** 1 masculino, 2 femenino. */
    gender: smallint('gender'),
    personalPhone: text('personal_phone'),
    personalEmail: text('personal_email'),
    emergencyContact: text('emergency_contact'),
    emergencyPhoneNumber: text('emergency_phone_number'),
    /** Copies of the personal document and names, kept by the server. */
    bankIdentifierType: smallint('bank_identifier_type'),
    bankIdentifier: text('bank_identifier'),
    bankHolder: text('bank_holder'),
    /** The bank's code (first three digits of its CCIs). */
    bankId: text('bank_id').references(() => banks.code),
    bankAccount: text('bank_account'),
    /** 1 AHORROS, 2 CORRIENTE, 3 SUELDO. */
    accountType: smallint('account_type'),
    bankInterAccount: text('bank_inter_account'),
    detractionAccount: text('detraction_account'),
    bankAccountVerified: boolean('bank_account_verified').notNull().default(false),
    /** E-mail of who confirmed the bank data, recorded by the server. */
    bankAccountVerifiedBy: text('bank_account_verified_by'),
    bankAccountVerifiedAt: timestamp('bank_account_verified_at', { withTimezone: true }),
    /**
     * E-mail of who last changed the bank data (four eyes): changed data are unconfirmed
     * until another user confirms them. Null for data nobody changed since this was recorded.
     */
    bankDataChangedBy: text('bank_data_changed_by'),
    bankDataChangedAt: timestamp('bank_data_changed_at', { withTimezone: true }),
    /**
     * Document and full name folded by `fold_search` (migration `fold-search-function`), as every search word is
     * (`foldedSearch`): accent-insensitive search, trigram index below.
     */
    searchText: text('search_text')
      .generatedAlwaysAs(sql.raw(`fold_search(identifier || ' ' || name || ' ' || surname)`))
      .notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employees_identifier_unique').on(t.identifierType, t.identifier),
    check('employees_status_check', sql`${t.status} in (1, 2)`),
    check(
      'employees_identifier_type_check',
      sql`${t.identifierType} in (0, 1, 4, 6, 7, 9, 22, 23, 24, 26, 90, 91)`,
    ),
    check('employees_gender_check', sql`${t.gender} in (1, 2)`),
    check('employees_account_type_check', sql`${t.accountType} in (1, 2, 3)`),
    check('employees_cci_check', sql`${t.bankInterAccount} ~ '^[0-9]{20}$'`),
    check(
      'employees_bank_verified_check',
      sql`not ${t.bankAccountVerified} or ${t.bankAccountVerifiedBy} is not null`,
    ),
    check(
      'employees_bank_four_eyes_check',
      sql`not ${t.bankAccountVerified} or ${t.bankDataChangedBy} is null or ${t.bankAccountVerifiedBy} <> ${t.bankDataChangedBy}`,
    ),
    index('employees_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The words of search_text, for a search word that `search_words` resolves (searchWordsOf).
    index('employees_search_words_idx').using('gin', sql`string_to_array(${t.searchText}, ' ')`),
    // One- and two-digit search words are document prefixes: too short for the trigram index.
    index('employees_identifier_prefix_idx').using('btree', t.identifier.op('text_pattern_ops')),
    // Areas and a status, with what a page sorted by name or surname among them reads: a name sort
    // walks each area's range in order (`areaWalk`, api/src/modules/employees/queries.ts), other
    // sorts take their matches from this index alone (the list's `sorted` pages, lists/paging.ts).
    index('employees_area_status_names_idx').on(
      t.areaId,
      t.status,
      sql`${t.name} collate es_pe`,
      t.id,
      sql`${t.surname} collate es_pe`,
    ),
    index('employees_company_status_idx').on(t.companyId, t.status),
    index('employees_position_idx').on(t.positionId),
    // The list's sortable columns: a page in either direction walks one of these
    // (backward when descending) instead of sorting a million rows.
    // Names in the Spanish collation (docs/decisions/spanish-collation.md): Ñ after N, Á with A.
    // After the id (unique, so they change no order), the columns the list filters on: a walk
    // checks an area, a position, a company or a status in the index, without the table.
    index('employees_name_es_sort_idx').on(
      sql`${t.name} collate es_pe`,
      t.id,
      t.areaId,
      t.positionId,
      t.companyId,
      t.status,
    ),
    index('employees_surname_es_sort_idx').on(
      sql`${t.surname} collate es_pe`,
      t.id,
      t.areaId,
      t.positionId,
      t.companyId,
      t.status,
    ),
    // Who else holds an account or a CCI (docs/decisions/shared-accounts.md).
    index('employees_cci_idx').on(t.bankInterAccount),
    index('employees_bank_account_idx').on(t.bankId, t.bankAccount),
    index('employees_status_sort_idx').on(t.status, t.id, t.areaId, t.positionId, t.companyId),
  ],
)

/**
 * A value folded as `search_text` is, by the database's `fold_search` (migration `fold-search-function`): lower case,
 * without accents. The one folding of the search: a search word is folded here, never in JavaScript.
 */
export const foldedSearch = (value: unknown) => sql<string>`fold_search(${value})`

/** The LIKE pattern that finds a search word inside `search_text` (`search_pattern`, migration `fold-search-function`). */
export const searchPattern = (word: unknown) => sql<string>`search_pattern(${word})`

/**
 * The words of an employee's `search_text` (its document and names, folded), as the GIN index
 * `employees_search_words_idx` holds them: a query must use this very expression to use it.
 */
export const searchWordsOf = sql<string[]>`string_to_array(${employees.searchText}, ' ')`

/**
 * Every word that appears in some employee's `search_text` and is not only digits, kept by
 * triggers on `employees` (migration 0016) and never pruned: a word no employee has any more
 * matches nobody. A search word 'quis' is looked up here first ('quispe', 'quisbert'), then the
 * employees are found by those whole words in `employees_search_words_idx`: three words of a full
 * name cost that index a fraction of what they cost the trigram index of `search_text`.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
])
