import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { cents, timestamps } from './columns'

/**
 * SUNAT's catalogue 54 as dated rows (docs/domain.md, supplier payments): a code's rate and minimum in force from
 * `valid_from` until its next row. From db/reference/spot-rates.csv ('referencia', kept up to date
 * by the loader) or added by an administrator ('usuario', never touched by the loader).
 */
export const spotRates = pgTable(
  'spot_rates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    /** Basis points: 1200 = 12 %. */
    rateBp: integer('rate_bp').notNull(),
    /** The detraction applies above this total (céntimos); null: no minimum. */
    minimumCents: cents('minimum_cents'),
    validFrom: date('valid_from').notNull(),
    source: text('source').notNull().default('referencia'),
    ...timestamps,
  },
  (t) => [
    check('spot_rates_code_check', sql`${t.code} ~ '^[0-9]{3}$'`),
    check('spot_rates_rate_check', sql`${t.rateBp} between 1 and 10000`),
    check('spot_rates_minimum_check', sql`${t.minimumCents} is null or ${t.minimumCents} >= 0`),
    check('spot_rates_source_check', sql`${t.source} in ('referencia', 'usuario')`),
    uniqueIndex('spot_rates_code_valid_from_unique').on(t.code, t.validFrom),
  ],
)

/** The IGV retention regime as dated rows: 3 % above S/ 700 (db/reference/retention-rates.csv). */
export const retentionRates = pgTable(
  'retention_rates',
  {
    id: serial('id').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    thresholdCents: cents('threshold_cents').notNull(),
    validFrom: date('valid_from').notNull(),
    source: text('source').notNull().default('referencia'),
    ...timestamps,
  },
  (t) => [
    check('retention_rates_rate_check', sql`${t.rateBp} between 1 and 10000`),
    check('retention_rates_threshold_check', sql`${t.thresholdCents} >= 0`),
    check('retention_rates_source_check', sql`${t.source} in ('referencia', 'usuario')`),
    uniqueIndex('retention_rates_valid_from_unique').on(t.validFrom),
  ],
)
