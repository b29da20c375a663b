import { type Executor, publicHolidays } from '@planillas/db'

/**
 * Peru's public holidays, read once per database handle and kept: they are dated reference data
 * that only a migration changes (db/reference/public-holidays.csv), and the API restarts with each
 * migration. A failed read is not kept, so the next call tries again.
 */
const holidayCache = new WeakMap<object, Promise<ReadonlySet<string>>>()

export function holidaysOf(db: Executor): Promise<ReadonlySet<string>> {
  const cached = holidayCache.get(db)
  if (cached) return cached
  const loading = db
    .select({ date: publicHolidays.date })
    .from(publicHolidays)
    .then((rows): ReadonlySet<string> => new Set(rows.map((r) => r.date)))
  holidayCache.set(db, loading)
  loading.catch(() => holidayCache.delete(db))
  return loading
}
