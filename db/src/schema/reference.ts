import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'

/** INEI districts with their province and department (db/reference/ubigeo, loaded on start). */
export const ubigeoDistricts = pgTable(
  'ubigeo_districts',
  {
    /** INEI ubigeo code, 6 digits (not RENIEC's). */
    code: text('code').primaryKey(),
    reniecCode: text('reniec_code'),
    department: text('department').notNull(),
    province: text('province').notNull(),
    /** Upper case without accents, as INEI writes it. */
    district: text('district').notNull(),
    /**
     * No longer in INEI's list but still the ubigeo of some employee: kept so their record reads
     * the same, never offered by the search (db/reference/README.md).
     */
    obsolete: boolean('obsolete').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('ubigeo_districts_code_check', sql`${t.code} ~ '^[0-9]{6}$'`),
    index('ubigeo_districts_district_idx').on(t.district),
  ],
)

/** Peruvian banks; the code is the 3-digit prefix of their CCIs and is used as the bank's id. */
export const banks = pgTable(
  'banks',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    ...timestamps,
  },
  (t) => [check('banks_code_check', sql`${t.code} ~ '^[0-9]{3}$'`)],
)

/** ISO 3166-1 countries with their Spanish names (from i18n-iso-countries). */
export const countries = pgTable(
  'countries',
  {
    /** ISO alpha-2, e.g. PE. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [check('countries_code_check', sql`${t.code} ~ '^[A-Z]{2}$'`)],
)
