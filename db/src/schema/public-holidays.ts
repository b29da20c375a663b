import { sql } from 'drizzle-orm'
import { check, date, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'

/**
 * Peru's national public holidays, by date (db/reference/public-holidays.csv, D.Leg. 713 and later
 * laws): what makes a weekday not a business day, e.g. for the detracción deposit deadline.
 */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    date: date('date').primaryKey(),
    name: text('name').notNull(),
    /** 'referencia' (the file) or 'usuario' (a day off decreed later, added by an administrator). */
    source: text('source').notNull().default('referencia'),
    ...timestamps,
  },
  (t) => [check('public_holidays_source_check', sql`${t.source} in ('referencia', 'usuario')`)],
)
