import { contracts } from '@planillas/db'
import type { ContractFilter, DateRange } from '@planillas/domain'
import { and, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { likePattern } from '../../lists/paging'
import { searchCondition } from '../employees/filters'

/** A date column within a range; either end may be open. */
export function inRange(column: PgColumn, range: DateRange | null | undefined): SQL | undefined {
  if (!range) return undefined
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined)
}

/**
 * The one `where` of the contract list, its count and its export. The search reads the employee's
 * document number and names (every word, accents ignored) or the contract number; the query must
 * join `employees`.
 */
export function contractWhere(filter: ContractFilter): SQL | undefined {
  const search = filter.search?.trim()
  return and(
    search ? or(searchCondition(search), ilike(contracts.number, likePattern(search))) : undefined,
    filter.status ? eq(contracts.status, filter.status) : undefined,
    inRange(contracts.startDate, filter.contractInitiation),
    inRange(contracts.finishDate, filter.contractFinish),
    filter.companyIds?.length ? inArray(contracts.companyId, filter.companyIds) : undefined,
    filter.areaIds?.length ? inArray(contracts.areaId, filter.areaIds) : undefined,
    filter.positionIds?.length ? inArray(contracts.positionId, filter.positionIds) : undefined,
    filter.contractType ? eq(contracts.contractType, filter.contractType) : undefined,
  )
}
