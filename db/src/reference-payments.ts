import { readFileSync } from 'node:fs'
import path from 'node:path'
import { solesToCents } from '@planillas/domain'
import { parseCsv } from '@planillas/domain/csv'
import { count, sql } from 'drizzle-orm'
import type { Executor } from './executor'
import {
  expenseLines,
  projectTypes,
  publicHolidays,
  rejectReasons,
  retentionRates,
  spotRates,
} from './schema/index'

type SpotRow = typeof spotRates.$inferInsert
type RetentionRow = typeof retentionRates.$inferInsert

const read = (folder: string, file: string) => parseCsv(readFileSync(path.join(folder, file), 'utf8'))

/** '12' → 1200, '1.5' → 150 (basis points); throws on a file that is not what it should be. */
function basisPoints(text: string, file: string): number {
  const cents = solesToCents(text)
  if (cents === null || cents <= 0 || cents > 10_000) throw new Error(`${file}: tasa inválida '${text}'`)
  return cents
}

function cents(text: string, file: string): number | null {
  if (!text.trim()) return null
  const value = solesToCents(text)
  if (value === null) throw new Error(`${file}: monto inválido '${text}'`)
  return value
}

/** Catalogue 54 as dated rows (db/reference/spot-rates.csv). */
export function readSpotRates(folder: string): SpotRow[] {
  return read(folder, 'spot-rates.csv').map((r) => ({
    code: r.code.trim(),
    description: r.description.trim(),
    rateBp: basisPoints(r.rate, 'spot-rates.csv'),
    minimumCents: cents(r.minimum, 'spot-rates.csv'),
    validFrom: r.valid_from.trim(),
  }))
}

/** The retention regime as dated rows (db/reference/retention-rates.csv). */
/** Peru's national public holidays (public-holidays.csv): one row per date. */
export function readPublicHolidays(folder: string): { date: string; name: string }[] {
  return read(folder, 'public-holidays.csv').map((r) => {
    const date = r.date.trim()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`public-holidays.csv: fecha inválida '${date}'`)
    return { date, name: r.name.trim() }
  })
}

export function readRetentionRates(folder: string): RetentionRow[] {
  return read(folder, 'retention-rates.csv').map((r) => ({
    rateBp: basisPoints(r.rate, 'retention-rates.csv'),
    thresholdCents: cents(r.threshold, 'retention-rates.csv') ?? 0,
    validFrom: r.valid_from.trim(),
  }))
}

const STARTING_CATALOGUES = [
  { table: expenseLines, file: 'expense-lines.csv' },
  { table: projectTypes, file: 'project-types.csv' },
  { table: rejectReasons, file: 'reject-reasons.csv' },
] as const

/**
 * The supplier-payments reference data, in the reference loader's transaction. Rates: the files'
 * rows are inserted and a `referencia` row kept up to date; an administrator's row (`usuario`) is
 * never changed and no row is deleted (the history explains past approvals). The small catalogues
 * get the files' rows only while empty: afterwards the administrator maintains them.
 */
export async function loadPaymentReferenceData(db: Executor, folder: string) {
  const holidays = readPublicHolidays(folder)
  await db
    .insert(publicHolidays)
    .values(holidays.map((h) => ({ ...h, source: 'referencia' })))
    .onConflictDoUpdate({
      target: publicHolidays.date,
      set: { name: sql`excluded.name`, updatedAt: sql`now()` },
      setWhere: sql`${publicHolidays.source} = 'referencia' and ${publicHolidays.name} is distinct from excluded.name`,
    })
  const spot = readSpotRates(folder)
  const retention = readRetentionRates(folder)
  const keepUsers = (table: typeof spotRates | typeof retentionRates) => sql`${table.source} = 'referencia'`
  await db
    .insert(spotRates)
    .values(spot)
    .onConflictDoUpdate({
      target: [spotRates.code, spotRates.validFrom],
      set: {
        description: sql`excluded.description`,
        rateBp: sql`excluded.rate_bp`,
        minimumCents: sql`excluded.minimum_cents`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${keepUsers(spotRates)} and (${spotRates.description} is distinct from excluded.description
        or ${spotRates.rateBp} is distinct from excluded.rate_bp
        or ${spotRates.minimumCents} is distinct from excluded.minimum_cents)`,
    })
  await db
    .insert(retentionRates)
    .values(retention)
    .onConflictDoUpdate({
      target: retentionRates.validFrom,
      set: {
        rateBp: sql`excluded.rate_bp`,
        thresholdCents: sql`excluded.threshold_cents`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${keepUsers(retentionRates)} and (${retentionRates.rateBp} is distinct from excluded.rate_bp
        or ${retentionRates.thresholdCents} is distinct from excluded.threshold_cents)`,
    })
  for (const { table, file } of STARTING_CATALOGUES) {
    const [{ n }] = await db.select({ n: count() }).from(table)
    if (n > 0) continue
    const rows = read(folder, file).map((r) => ({
      description: r.description.trim(),
      createdBy: 'referencia',
    }))
    await db.insert(table).values(rows).onConflictDoNothing()
  }
  return { spotRates: spot.length, retentionRates: retention.length, publicHolidays: holidays.length }
}
