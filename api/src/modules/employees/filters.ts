import { employees } from '@planillas/db'
import type { EmployeeFilter } from '@planillas/domain'
import { and, eq, like, type SQL, sql } from 'drizzle-orm'
import { likePattern, MIN_TRIGRAM_WORD, prefixPattern } from '../../lib/paging'
import { type Bind, direct } from '../../lib/prepared'
import { contractConditions } from './contract-filters'

/** A search term folded like `employees.search_text`: lower case, without accents. */
export const foldSearch = (term: string) =>
  term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const wordsOf = (search: string | null | undefined) =>
  foldSearch(search ?? '')
    .split(/\s+/)
    .filter(Boolean)

const isShort = (word: string) => word.length < MIN_TRIGRAM_WORD

/**
 * Every word must appear in the document number or the full name, in any order ('quispe maria'
 * finds 'María Elena Quispe Mamani'). Each word is a LIKE the trigram index answers. Words of one
 * or two characters cannot use that index (they would read every employee): digits search the
 * start of the document number (btree `text_pattern_ops`), letters are left out (`ignoredWords`).
 */
export function searchCondition(search: string | null | undefined, bind: Bind = direct): SQL | undefined {
  const conditions = wordsOf(search).map((w) =>
    !isShort(w)
      ? like(employees.searchText, bind('word', likePattern(w)))
      : /^\d+$/.test(w)
        ? like(employees.identifier, bind('document', prefixPattern(w)))
        : undefined,
  )
  return conditions.some(Boolean) ? and(...conditions) : undefined
}

/** The search words a list leaves out (too short, not digits), for the hint that says so. */
export const ignoredWords = (search: string | null | undefined) =>
  wordsOf(search).filter((w) => isShort(w) && !/^\d+$/.test(w))

/** The hint of a search that left words out, in Spanish. */
export function shortWordsHint(search: string | null | undefined): string[] {
  const ignored = ignoredWords(search)
  if (ignored.length === 0) return []
  const list = ignored.map((w) => `'${w}'`).join(', ')
  return ignored.length === 1
    ? [`Se ignoró la palabra ${list}: escriba al menos ${MIN_TRIGRAM_WORD} letras`]
    : [`Se ignoraron las palabras ${list}: escriba al menos ${MIN_TRIGRAM_WORD} letras`]
}

/**
 * The one `where` of the employee list, its count and its export. Every value goes through
 * `bind` (prepared.ts), under a name saying which condition it belongs to.
 */
export function employeeWhere(filter: EmployeeFilter, bind: Bind = direct): SQL | undefined {
  return and(
    searchCondition(filter.search, bind),
    filter.status ? eq(employees.status, bind('status', filter.status)) : undefined,
    filter.areaIds?.length ? sql`${employees.areaId} = any(${bind('areaIds', filter.areaIds)})` : undefined,
    filter.roleIds?.length
      ? sql`${employees.positionId} = any(${bind('roleIds', filter.roleIds)})`
      : undefined,
    filter.companyId ? eq(employees.companyId, bind('companyId', filter.companyId)) : undefined,
    ...contractConditions(filter, bind),
  )
}
