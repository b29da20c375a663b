import { countries, type Executor, foldedSearch, searchPattern, ubigeoDistricts } from '@planillas/db'
import { and, asc, eq, like, sql } from 'drizzle-orm'
import { typedWords } from '../../lists/paging'

/** A district's place folded as every search is (`fold_search`): 'Pariñas' is found by 'parinas'. */
const place = foldedSearch(
  sql`${ubigeoDistricts.district} || ' ' || ${ubigeoDistricts.province} || ' ' || ${ubigeoDistricts.department}`,
)
const foldedDistrict = foldedSearch(ubigeoDistricts.district)

export const districtDescription = (d: { district: string; province: string; department: string }) =>
  `${d.district} — ${d.province} / ${d.department}`

/**
 * Districts whose name, province or department hold every word of the search ('miraflores' finds
 * Miraflores of Lima, Arequipa, Huánuco and Yauyos; 'miraflores arequipa' only the one). Exact
 * district names first, then names that start with the term.
 */
export async function searchDistricts(db: Executor, search: string | undefined, limit: number) {
  const words = typedWords(search)
  const term = words.join(' ')
  const rows = await db
    .select({
      code: ubigeoDistricts.code,
      district: ubigeoDistricts.district,
      province: ubigeoDistricts.province,
      department: ubigeoDistricts.department,
    })
    .from(ubigeoDistricts)
    .where(and(eq(ubigeoDistricts.obsolete, false), ...words.map((w) => like(place, searchPattern(w)))))
    .orderBy(
      sql`${foldedDistrict} = ${foldedSearch(term)} desc`,
      sql`starts_with(${foldedDistrict}, ${foldedSearch(term)}) desc`,
      asc(ubigeoDistricts.district),
      asc(ubigeoDistricts.department),
      asc(ubigeoDistricts.province),
    )
    .limit(limit)
  return rows.map((d) => ({ id: d.code, description: districtDescription(d), ...d }))
}

export async function getDistrict(db: Executor, code: string) {
  const [d] = await db.select().from(ubigeoDistricts).where(eq(ubigeoDistricts.code, code))
  return d
    ? {
        id: d.code,
        description: districtDescription(d),
        district: d.district,
        province: d.province,
        department: d.department,
      }
    : undefined
}

const collator = new Intl.Collator('es')

/** Countries by Spanish name (collated in JavaScript: the database's C collation puts 'Á' after 'Z'). */
export async function listCountries(db: Executor) {
  const rows = await db.select({ id: countries.code, description: countries.name }).from(countries)
  return rows.sort((a, b) => collator.compare(a.description, b.description))
}
