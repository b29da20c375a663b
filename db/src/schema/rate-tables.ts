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

/**
 * The SBS 'tipo de cambio promedio ponderado venta' of a day, per foreign currency (only USD today):
 * the rate that turns a voucher in dollars into soles for its detracción (the issue date's) and its
 * IGV retention (the payment date's, or the last one published before it). Entered by an
 * administrator ('MANUAL') or imported from a CSV/Excel ('IMPORT'); `created_by` says who. The SBS
 * publishes three decimals, so the rate is an exact integer in thousandths: 3.800 soles per dollar
 * is 3800. One row per currency and day; correcting a past day is an audited update, and every
 * voucher keeps the rate it used.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull().default('USD'),
    day: date('day').notNull(),
    /** Soles per unit of `currency`, in thousandths (SBS venta 3.800 → 3800). */
    sellRateMilli: integer('sell_rate_milli').notNull(),
    source: text('source').notNull().default('MANUAL'),
    ...timestamps,
  },
  (t) => [
    check('exchange_rates_currency_check', sql`${t.currency} = 'USD'`),
    check('exchange_rates_rate_check', sql`${t.sellRateMilli} between 1 and 99999`),
    check('exchange_rates_source_check', sql`${t.source} in ('MANUAL', 'IMPORT')`),
    check('exchange_rates_day_check', sql`${t.day} between '2000-01-01' and '2100-12-31'`),
    uniqueIndex('exchange_rates_currency_day_unique').on(t.currency, t.day),
  ],
)
