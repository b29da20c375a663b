import { employees } from '@planillas/db'
import type { EmployeeFilter } from '@planillas/domain'
import { and, eq, inArray, like, type SQL } from 'drizzle-orm'
import { likePattern } from '../../lib/paging'
import { contractConditions } from './contract-filters'

/** A search term folded like `employees.search_text`: lower case, without accents. */
export const foldSearch = (term: string) =>
  term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/**
 * Every word must appear in the document number or the full name, in any order ('quispe maria'
 * finds 'María Elena Quispe Mamani'). Each word is a LIKE the trigram index answers.
 */
export function searchCondition(search: string | null | undefined): SQL | undefined {
  const words = foldSearch(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return undefined
  return and(...words.map((w) => like(employees.searchText, likePattern(w))))
}

/** The one `where` of the employee list, its count and its export. */
export function employeeWhere(filter: EmployeeFilter): SQL | undefined {
  return and(
    searchCondition(filter.search),
    filter.status ? eq(employees.status, filter.status) : undefined,
    filter.areaIds?.length ? inArray(employees.areaId, filter.areaIds) : undefined,
    filter.roleIds?.length ? inArray(employees.positionId, filter.roleIds) : undefined,
    filter.companyId ? eq(employees.companyId, filter.companyId) : undefined,
    ...contractConditions(filter),
  )
}
