import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCsv } from '@planillas/domain/csv'
import { and, eq, getTableColumns, inArray, not, notExists, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from './executor'
import { loadAfpRates } from './reference-afp'
import { loadPaymentReferenceData } from './reference-payments'
import { loadPlameConcepts } from './reference-plame'
import { banks, countries, employees, ubigeoDistricts } from './schema/index'

export const REFERENCE_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../reference')

type District = typeof ubigeoDistricts.$inferInsert
type Bank = typeof banks.$inferInsert
type Country = typeof countries.$inferInsert

/** INEI districts; the one source row without an INEI code (a RENIEC-only entry) is skipped. */
export function readDistricts(folder = REFERENCE_FOLDER): District[] {
  const text = readFileSync(path.join(folder, 'ubigeo/ubigeo_distrito.csv'), 'utf8')
  return parseCsv(text)
    .filter((r) => /^\d{6}$/.test(r.inei))
    .map((r) => ({
      code: r.inei,
      reniecCode: /^\d{6}$/.test(r.reniec) ? r.reniec : null,
      department: r.departamento.trim(),
      province: r.provincia.trim(),
      district: r.distrito.trim(),
    }))
}

export function readBanks(folder = REFERENCE_FOLDER): Bank[] {
  const text = readFileSync(path.join(folder, 'banks.csv'), 'utf8')
  return parseCsv(text).map((r) => ({
    code: r.code.trim(),
    name: r.name.trim(),
    shortName: r.short_name.trim(),
  }))
}

/** ISO 3166-1 alpha-2 countries with their Spanish names (PE → Perú). */
export function readCountries(): Country[] {
  // Only the Spanish locale is registered: the package's Node entry would load all eighty of them.
  const require = createRequire(import.meta.url)
  const library = require('i18n-iso-countries/index') as typeof import('i18n-iso-countries')
  library.registerLocale(require('i18n-iso-countries/langs/es.json'))
  const names = library.getNames('es', { select: 'official' })
  return Object.entries(names).map(([code, name]) => ({ code, name }))
}

const CHUNK = 500

type CodedTable = typeof ubigeoDistricts | typeof banks | typeof countries

/**
 * Inserts new rows and updates changed ones, keyed by `code`; rows already equal are left alone,
 * and so are rows `keep` matches (a bank an administrator maintains).
 */
async function upsert<T extends CodedTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  keys: string[],
  keep?: SQL,
) {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const excluded = (c: PgColumn) => sql`excluded.${sql.identifier(c.name)}`
  const set = Object.fromEntries(keys.map((k) => [k, excluded(columns[k])]))
  const differs = sql.join(
    keys.map((k) => sql`${columns[k]} is distinct from ${excluded(columns[k])}`),
    sql` or `,
  )
  const changed = keep ? sql`not (${keep}) and (${differs})` : differs
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflictDoUpdate({ target: columns.code, set: { ...set, updatedAt: sql`now()` }, setWhere: changed })
  }
}

/**
 * Districts that left INEI's list (160109 and 160114, now in Putumayo province; 150144, never a
 * district): deleted when nobody uses them, else kept as `obsolete` so an employee's record still
 * reads its district while the search offers only current ones. Idempotent.
 */
async function retireDistricts(db: Executor, current: string[]) {
  const gone = not(inArray(ubigeoDistricts.code, current))
  const used = db.select({ one: sql`1` }).from(employees).where(eq(employees.ubigeo, ubigeoDistricts.code))
  await db.delete(ubigeoDistricts).where(and(gone, notExists(used)))
  await db
    .update(ubigeoDistricts)
    .set({ obsolete: true, updatedAt: sql`now()` })
    .where(and(gone, eq(ubigeoDistricts.obsolete, false)))
}

/**
 * Loads the reference data (ubigeo districts, banks, countries; the supplier payments' SPOT and
 * retention rates and starting catalogues). Idempotent and cheap to repeat: call it after
 * migrating, on every start, in the seed and in test databases.
 */
export async function loadReferenceData(db: Executor): Promise<{
  districts: number
  banks: number
  countries: number
  spotRates: number
  retentionRates: number
  plameConcepts: number
  afpRates: number
}> {
  const districts = readDistricts()
  const bankRows = readBanks()
  const countryRows = readCountries()
  const payments = await db.transaction(async (tx) => {
    await upsert(
      tx,
      ubigeoDistricts,
      districts.map((d) => ({ ...d, obsolete: false })),
      ['reniecCode', 'department', 'province', 'district', 'obsolete'],
    )
    await retireDistricts(
      tx,
      districts.map((d) => d.code),
    )
    // Banks are a maintained catalogue: the file adds its rows and keeps their names up to date,
    // never a bank's status, never a bank the administrator added or edited ('usuario'), and it
    // removes nothing (a bank left out of the file stays as the administrator has it).
    await upsert(tx, banks, bankRows, ['name', 'shortName'], sql`${banks.source} = 'usuario'`)
    await upsert(tx, countries, countryRows, ['name'])
    const plameConcepts = await loadPlameConcepts(tx, REFERENCE_FOLDER)
    const afpRates = await loadAfpRates(tx, REFERENCE_FOLDER)
    return { ...(await loadPaymentReferenceData(tx, REFERENCE_FOLDER)), plameConcepts, afpRates }
  })
  return { districts: districts.length, banks: bankRows.length, countries: countryRows.length, ...payments }
}
