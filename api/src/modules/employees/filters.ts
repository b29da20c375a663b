import { type Executor, employees, foldedSearch, rowsOf, searchPattern, searchWordsOf } from '@planillas/db'
import type { EmployeeFilter } from '@planillas/domain'
import { and, eq, like, type SQL, sql } from 'drizzle-orm'
import { MIN_TRIGRAM_WORD, prefixPattern, typedWords } from '../../lists/paging'
import { type Bind, direct } from '../../lists/prepared'
import { contractConditions } from './contract-filters'

/**
 * The words of a search as typed: the query folds them (`searchPattern`) with the very function
 * that folds `search_text`, so both sides agree by construction.
 */
const wordsOf = typedWords

const isShort = (word: string) => word.length < MIN_TRIGRAM_WORD

/** Words that `search_words` may resolve: long enough, and not only digits (documents are not kept there). */
const isLookedUp = (word: string) => !isShort(word) && /\D/.test(word)

/**
 * The whole words each search word lies in ('quis' → quispe, quisbert), from `search_words`
 * (db/src/schema/employees.ts). A search word in more than MAX_WORDS words keeps the LIKE, and
 * so does one that folding splits in two ('½' folds to ' 1/2'): no single word holds it.
 */
export type SearchWords = ReadonlyMap<string, readonly string[]>
export const MAX_WORDS = 100

/**
 * One round trip for every word of the search. A single word is left to the trigram index: its
 * bitmap costs about what the whole words' does, and the lookup would be one more round trip; it is
 * several words, whose trigram bitmaps must be intersected, that cost the trigram index dearly.
 */
export async function lookUpSearchWords(
  db: Executor,
  search: string | null | undefined,
): Promise<SearchWords> {
  const terms = [...new Set(wordsOf(search).filter(isLookedUp))]
  if (terms.length < 2) return new Map()
  const rows = rowsOf<{ term: string; words: string[] }>(
    await db.execute(sql`
      select t.term, array(select word from search_words where word like ${searchPattern(sql`t.term`)} limit ${MAX_WORDS + 1}) as words
      from unnest(${sql.param(terms)}::text[]) as t(term)
      where strpos(${foldedSearch(sql`t.term`)}, ' ') = 0`),
  )
  return new Map(rows.filter((r) => r.words.length <= MAX_WORDS).map((r) => [r.term, r.words]))
}

/**
 * Every word must appear in the document number or the full name, in any order ('quispe maria'
 * finds 'María Elena Quispe Mamani'). A search word has no spaces, so it lies inside one word of
 * `search_text`: when `words` knows the whole words it lies in, the employee must have one of
 * them (the GIN index of search_text's words); otherwise a LIKE the trigram index answers. Both
 * find the same employees. Words of one or two characters cannot use either index (they would
 * read every employee): digits search the start of the document number (btree
 * `text_pattern_ops`), letters are left out (`ignoredWords`).
 */
export function searchCondition(
  search: string | null | undefined,
  bind: Bind = direct,
  words: SearchWords = new Map(),
): SQL | undefined {
  const conditions = wordsOf(search).map((w) => {
    const whole = words.get(w)
    if (whole) return sql`${searchWordsOf} && ${bind('words', whole)}::text[]`
    if (!isShort(w)) return like(employees.searchText, searchPattern(bind('word', w)))
    return /^\d+$/.test(w) ? like(employees.identifier, bind('document', prefixPattern(w))) : undefined
  })
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
 * `bind` (prepared.ts), under a name saying which condition it belongs to; `words` are the
 * search's looked-up words (without them, every search word is a LIKE).
 */
export function employeeWhere(
  filter: EmployeeFilter,
  bind: Bind = direct,
  words?: SearchWords,
): SQL | undefined {
  return and(
    searchCondition(filter.search, bind, words),
    filter.status ? eq(employees.status, bind('status', filter.status)) : undefined,
    filter.areaIds?.length ? sql`${employees.areaId} = any(${bind('areaIds', filter.areaIds)})` : undefined,
    filter.roleIds?.length
      ? sql`${employees.positionId} = any(${bind('roleIds', filter.roleIds)})`
      : undefined,
    filter.companyId ? eq(employees.companyId, bind('companyId', filter.companyId)) : undefined,
    ...contractConditions(filter, bind),
  )
}
