import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { recordStatusCheck, timestamps } from './columns'

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

/**
 * Peruvian banks and cajas, a maintained catalogue ('Mantenimiento › Bancos'); the code is the
 * 3-digit prefix of their CCIs and is used as the bank's id. Rows come from db/reference/banks.csv
 * (`source` 'referencia') or from an administrator ('usuario': added, or edited since); the
 * reference loader never changes a 'usuario' row nor any row's status.
 */
export const banks = pgTable(
  'banks',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** 1 ACTIVO, 2 SUSPENDIDO: a suspended bank is not offered and its CCIs are refused. */
    status: smallint('status').notNull().default(1),
    /** 'referencia' (banks.csv, kept up to date by the loader) or 'usuario' (the administrator's). */
    source: text('source').notNull().default('referencia'),
    ...timestamps,
  },
  (t) => [
    check('banks_code_check', sql`${t.code} ~ '^[0-9]{3}$'`),
    check('banks_status_check', recordStatusCheck('status')),
    check('banks_source_check', sql`${t.source} in ('referencia', 'usuario')`),
  ],
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
