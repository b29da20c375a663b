import {
  applicants,
  areas,
  banks,
  companies,
  contracts,
  countries,
  type Executor,
  employees,
  positions,
  ubigeoDistricts,
} from '@planillas/db'
import { EMPLOYEE_STATUSES, type EmployeeFilter } from '@planillas/domain'
import { and, asc, desc, eq, getTableColumns, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { countedRows, type ListPage, orderOf, paged, sortOf, spanish } from '../../lists/paging'
import { Bindings, runPrepared } from '../../lists/prepared'
import { employeeWhere, lookUpSearchWords, searchCondition } from './filters'

/**
 * Sortable fields. A million employees: the list's headers offer those with an index ending in the
 * id (id, name, surname, status: employees.ts), which a page walks in either direction.
 */
const sortColumns = {
  id: employees.id,
  code: employees.code,
  identifier: employees.identifier,
  name: employees.name,
  surname: employees.surname,
  status: employees.status,
  createdAt: employees.createdAt,
}

/**
 * 'MIRAFLORES — LIMA / LIMA': district, province and department. The dash is `chr(8212)` so that
 * the statement's text, and the built API's source V8 keeps, stay Latin-1 (scripts/server-build.ts).
 */
export const ubigeoDescription = sql<
  string | null
>`${ubigeoDistricts.district} || ' ' || chr(8212) || ' ' || ${ubigeoDistricts.province} || ' / ' || ${ubigeoDistricts.department}`

const fullName = sql<string>`${employees.name} || ' ' || ${employees.surname}`

/** Who an employee is, as every list of them starts: id, code, document, names and full name. */
const identityColumns = {
  id: employees.id,
  code: employees.code,
  identifierType: employees.identifierType,
  identifier: employees.identifier,
  name: employees.name,
  surname: employees.surname,
  fullName,
}

const listColumns = {
  ...identityColumns,
  companyId: employees.companyId,
  companyName: companies.name,
  areaId: employees.areaId,
  areaName: areas.description,
  positionId: employees.positionId,
  positionName: positions.description,
  status: employees.status,
  createdAt: employees.createdAt,
}

const withAssignment = <E extends Record<string, SQL.Aliased | PgColumn>>(db: Executor, extra?: E) =>
  db
    .select({ ...listColumns, ...(extra as E) })
    .from(employees)
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(areas, eq(areas.id, employees.areaId))
    .leftJoin(positions, eq(positions.id, employees.positionId))

type SortField = keyof typeof sortColumns

/** Up to this many areas, a list sorted by name among areas walks each area's names (`areaWalk`). */
export const WALKED_AREAS = 12

/**
 * The areas and statuses whose names a page sorted by name walks, one ordered range of
 * `employees_area_status_names_idx` each (every status when none is asked for), or undefined when
 * the page is not sorted by name or filters on anything but areas and a status (`bound`: the names
 * the list's condition bound). A page then reads (offset + size) index entries per area and status,
 * however the names fall among the areas: walking the name index under the filters read 166,842
 * entries for a first page whose 16,667 matches all sort late (docs/decisions/list-totals.md).
 */
export function areaWalk(filter: EmployeeFilter, field: SortField, bound: readonly string[]) {
  const areas = [...new Set(filter.areaIds ?? [])]
  const onlyAreas = bound.every((name) => name === 'areaIds' || name === 'status')
  if (field !== 'name' || areas.length === 0 || areas.length > WALKED_AREAS || !onlyAreas) return undefined
  return { areas, statuses: filter.status ? [filter.status] : EMPLOYEE_STATUSES }
}

export async function listEmployees(db: Executor, filter: EmployeeFilter, page: ListPage) {
  const words = await lookUpSearchWords(db, filter.search)
  const sort = sortOf(page.sort, Object.keys(sortColumns) as SortField[], { field: 'id', direction: 'asc' })
  const field = sort.field
  /** The page's order over the sorted column and the id, in the employees' table or a subquery's. */
  const order = (column: PgColumn | SQL.Aliased, id: PgColumn | SQL.Aliased) =>
    orderOf(sort, column, id, { ascendingIndexes: true, names: ['name', 'surname'] })
  const orderBy = order(sortColumns[field], employees.id)
  /** The listed employees of a subquery's ids, with their labels, in the page's order. */
  const pageOf = (db: Executor, ids: SQLWrapper) =>
    withAssignment(db)
      .where(inArray(employees.id, ids))
      .orderBy(...orderBy)
  // Prepared once per connection and shape (prepared.ts): the sort and the conditions present.
  const bindings = new Bindings()
  const where = employeeWhere(filter, bindings.bind, words)
  const shape = `employees:${page.sort ?? ''}:${bindings.shape}`
  const walk = areaWalk(filter, field, bindings.names)
  return paged(
    db,
    page,
    walk
      ? // Each area's (and status's) first offset + limit names in order, the page cut from them.
        (db, limit, offset) =>
          runPrepared(
            db,
            `${shape}:walk`,
            { ...bindings.values, limit, offset, reach: offset + limit, ...walk },
            () => {
              const range = db
                .select({ id: employees.id, key: sql`${employees.name}`.as('key') })
                .from(employees)
                .where(
                  sql`${employees.areaId} = walked_areas.id and ${employees.status} = walked_statuses.id`,
                )
                .orderBy(...orderBy)
                .limit(sql.placeholder('reach'))
                .as('range')
              const pageIds = db
                .select({ id: range.id })
                .from(
                  sql`unnest(${sql.placeholder('areas')}::int[]) as walked_areas(id) cross join unnest(${sql.placeholder('statuses')}::smallint[]) as walked_statuses(id)`,
                )
                .crossJoinLateral(range)
                .orderBy(...order(range.key, range.id))
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset'))
              return pageOf(db, pageIds)
            },
          )
      : // The page's ids first, without the joins: OFFSET then skips bare index entries, not joined
        // rows (page 5,000 of a million employees joined 50,000 rows to throw them away).
        (db, limit, offset) =>
          runPrepared(db, `${shape}:page`, { ...bindings.values, limit, offset }, () =>
            pageOf(
              db,
              db
                .select({ id: employees.id })
                .from(employees)
                .where(where)
                .orderBy(...orderBy)
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset')),
            ),
          ),
    (db) => countedRows(db).from(employees).where(where).$dynamic(),
    {
      shaped: { shape, values: bindings.values },
      // A walked page is in order already; otherwise a sort the filters do not lead to is cut
      // from up to SORTED_MATCHES matches.
      sorted: field !== 'id' && !walk,
      // Few matches (a full name): the search runs once, its first bound + 1 matches give both the
      // page's ids (sorted among them) and the count (a bitmap of three words cost 5 ms, twice).
      fewMatches: async (db, limit, offset, bound) => {
        const rows = await runPrepared(
          db,
          `${shape}:few`,
          { ...bindings.values, limit, offset, matches: bound + 1 },
          () => {
            // Only the id and the sorted column: an index holding both answers it alone
            // (`employees_area_status_names_idx` for areas and a status sorted by surname).
            const matches = db
              .select({ id: employees.id, key: sql`${sortColumns[field]}`.as('key') })
              .from(employees)
              .where(where)
              .limit(sql.placeholder('matches'))
              .as('matches')
            const pageIds = db
              .select({ id: matches.id, total: sql<number>`(count(*) over ())::int`.as('total') })
              .from(matches)
              .orderBy(...order(matches.key, matches.id))
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'))
              .as('page_ids')
            return withAssignment(db, { total: pageIds.total })
              .innerJoin(pageIds, eq(pageIds.id, employees.id))
              .orderBy(...orderBy)
          },
        )
        return { content: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total }
      },
    },
  )
}

const { searchText: _searchText, ...employeeColumns } = getTableColumns(employees)

const detailColumns = {
  ...employeeColumns,
  fullName,
  companyName: companies.name,
  areaName: areas.description,
  positionName: positions.description,
  ubigeoDescription,
  nationalityName: countries.name,
  bankName: banks.name,
}

const withLabels = (db: Executor) =>
  db
    .select(detailColumns)
    .from(employees)
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(areas, eq(areas.id, employees.areaId))
    .leftJoin(positions, eq(positions.id, employees.positionId))
    .leftJoin(ubigeoDistricts, eq(ubigeoDistricts.code, employees.ubigeo))
    .leftJoin(countries, eq(countries.code, employees.nationality))
    .leftJoin(banks, eq(banks.code, employees.bankId))

export type EmployeeDetail = Awaited<ReturnType<typeof getEmployee>>

/** One employee with the names of what it refers to (company, area, position, ubigeo, country, bank). */
export const getEmployee = async (db: Executor, id: number) =>
  (await withLabels(db).where(eq(employees.id, id)))[0]

/** Keyset batches of the filtered list with every label, for the export. */
export const employeeExportBatch =
  (db: Executor, filter: EmployeeFilter) => (afterId: number, limit: number) =>
    withLabels(db)
      .where(and(employeeWhere(filter), gt(employees.id, afterId)))
      .orderBy(asc(employees.id))
      .limit(limit)

/** Every employee (or those matching a search) for pickers, by surname. */
export async function allEmployees(db: Executor, search?: string | null, limit?: number) {
  const words = await lookUpSearchWords(db, search)
  const query = db
    .select({ ...identityColumns, status: employees.status })
    .from(employees)
    .where(searchCondition(search, undefined, words))
    .orderBy(asc(spanish(employees.surname)), asc(spanish(employees.name)), asc(employees.id))
  return limit ? query.limit(limit) : query
}

export const findEmployeeByDocument = async (db: Executor, identifierType: number, identifier: string) =>
  (
    await db
      .select({ id: employees.id, name: employees.name, surname: employees.surname })
      .from(employees)
      .where(and(eq(employees.identifierType, identifierType), eq(employees.identifier, identifier)))
  )[0]

/** The latest applicant with this document (an applicant may apply to several vacancies). */
export const findApplicantByDocument = async (db: Executor, identifierType: number, identifier: string) =>
  (
    await db
      .select({ name: applicants.name, surname: applicants.surname })
      .from(applicants)
      .where(and(eq(applicants.identifierType, identifierType), eq(applicants.identifier, identifier)))
      .orderBy(desc(applicants.createdAt), desc(applicants.id))
      .limit(1)
  )[0]

export type EmployeeRow = typeof employees.$inferInsert

export const insertEmployee = async (db: Executor, values: EmployeeRow) =>
  (await db.insert(employees).values(values).returning({ id: employees.id, code: employees.code }))[0]

export const updateEmployee = async (db: Executor, id: number, values: Partial<EmployeeRow>) =>
  db.update(employees).set(values).where(eq(employees.id, id))

/** A contract as the employee's pages name it: number, type, dates and status. */
export const contractSummaryColumns = {
  id: contracts.id,
  number: contracts.number,
  contractType: contracts.contractType,
  startDate: contracts.startDate,
  finishDate: contracts.finishDate,
  status: contracts.status,
}

/** The employee's current contract (VIGENTE or POR VENCER; the database allows one), or null. */
export const currentContractOf = async (db: Executor, employeeId: number) =>
  (
    await db
      .select({
        ...contractSummaryColumns,
        companyId: contracts.companyId,
        areaId: contracts.areaId,
        positionId: contracts.positionId,
      })
      .from(contracts)
      .where(and(eq(contracts.employeeId, employeeId), inArray(contracts.status, [1, 2])))
  )[0] ?? null
