import { areas, companies, contracts, type Executor, employees, positions, rowsOf } from '@planillas/db'
import type { ContractFilter } from '@planillas/domain'
import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import { countedRows, type ListPage, orderByFor, paged } from '../../lists/paging'
import { contractWhere } from './filters'
import { familyAllowanceSql, totalSalarySql } from './pay-sql'

const money = (column: PgColumn | SQL) => sql<number>`${column}`.mapWith(Number)
const fullName = sql<string>`${employees.name} || ' ' || ${employees.surname}`
const renewed = alias(contracts, 'renewed')
const renewal = alias(contracts, 'renewal')

const rowColumns = {
  id: contracts.id,
  number: contracts.number,
  employeeId: contracts.employeeId,
  employeeCode: employees.code,
  identifierType: employees.identifierType,
  identifier: employees.identifier,
  fullName,
  companyId: contracts.companyId,
  companyName: companies.name,
  areaId: contracts.areaId,
  areaName: areas.description,
  positionId: contracts.positionId,
  positionName: positions.description,
  contractType: contracts.contractType,
  startDate: contracts.startDate,
  finishDate: contracts.finishDate,
  baseSalary: money(contracts.baseSalary),
  familyAllowance: contracts.familyAllowance,
  // On the pay date (today while it runs), not the amounts stored when it was saved.
  familyAllowanceAmount: money(familyAllowanceSql),
  totalSalary: money(totalSalarySql),
  status: contracts.status,
  closedOn: contracts.closedOn,
  closeReason: contracts.closeReason,
  closedBy: contracts.closedBy,
  renewsContractId: contracts.renewsContractId,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  createdBy: contracts.createdBy,
}

const withNames = (db: Executor) =>
  db
    .select(rowColumns)
    .from(contracts)
    .innerJoin(employees, eq(employees.id, contracts.employeeId))
    .innerJoin(companies, eq(companies.id, contracts.companyId))
    .innerJoin(areas, eq(areas.id, contracts.areaId))
    .innerJoin(positions, eq(positions.id, contracts.positionId))

const sortColumns = {
  id: contracts.id,
  number: contracts.number,
  startDate: contracts.startDate,
  finishDate: contracts.finishDate,
  baseSalary: contracts.baseSalary,
  totalSalary: totalSalarySql,
  status: contracts.status,
  createdAt: contracts.createdAt,
}

export type ContractRow = Awaited<ReturnType<typeof listContracts>>['content'][number]

/** The newest contracts first unless another order is asked for. */
export function listContracts(db: Executor, filter: ContractFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'desc' }, contracts.id)
  const where = contractWhere(filter)
  return paged(
    db,
    page,
    (db, limit, offset) =>
      withNames(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) =>
      countedRows(db)
        .from(contracts)
        .innerJoin(employees, eq(employees.id, contracts.employeeId))
        .where(where)
        .$dynamic(),
  )
}

/** Keyset batches of the filtered list, for the export. */
export const contractExportBatch =
  (db: Executor, filter: ContractFilter) => (afterId: number, limit: number) =>
    withNames(db)
      .where(and(contractWhere(filter), gt(contracts.id, afterId)))
      .orderBy(asc(contracts.id))
      .limit(limit)

const detailColumns = {
  ...rowColumns,
  renewsContractNumber: renewed.number,
  renewedById: renewal.id,
  renewedByNumber: renewal.number,
}

export type ContractDetail = NonNullable<Awaited<ReturnType<typeof getContract>>>

/** One contract with the names it refers to, the contract it renews and the one that renewed it. */
export const getContract = async (db: Executor, id: number) =>
  (
    await db
      .select(detailColumns)
      .from(contracts)
      .innerJoin(employees, eq(employees.id, contracts.employeeId))
      .innerJoin(companies, eq(companies.id, contracts.companyId))
      .innerJoin(areas, eq(areas.id, contracts.areaId))
      .innerJoin(positions, eq(positions.id, contracts.positionId))
      .leftJoin(renewed, eq(renewed.id, contracts.renewsContractId))
      .leftJoin(renewal, eq(renewal.renewsContractId, contracts.id))
      .where(eq(contracts.id, id))
  )[0]

/** The raw row, locked for the transaction that is about to change it. */
export const lockContract = async (tx: Executor, id: number) =>
  (await tx.select().from(contracts).where(eq(contracts.id, id)).for('update'))[0]

/** The employee's current contract (VIGENTE or POR VENCER), leaving out the given ids. */
export const currentContractOf = async (db: Executor, employeeId: number, except: number[] = []) =>
  (
    await db
      .select({
        id: contracts.id,
        number: contracts.number,
        status: contracts.status,
        startDate: contracts.startDate,
        finishDate: contracts.finishDate,
      })
      .from(contracts)
      .where(
        and(
          eq(contracts.employeeId, employeeId),
          inArray(contracts.status, [1, 2]),
          ...except.map((id) => ne(contracts.id, id)),
        ),
      )
  )[0]

/** Every contract of an employee, oldest first: the history the five-year rule reads. */
export const contractHistoryOf = (db: Executor, employeeId: number) =>
  db
    .select({
      id: contracts.id,
      startDate: contracts.startDate,
      finishDate: contracts.finishDate,
      closedOn: contracts.closedOn,
      status: contracts.status,
    })
    .from(contracts)
    .where(eq(contracts.employeeId, employeeId))
    .orderBy(asc(contracts.startDate), asc(contracts.id))

/** The current contracts, for pickers. */
export const currentContracts = (db: Executor) =>
  db
    .select({ id: contracts.id, number: contracts.number, employeeId: contracts.employeeId, fullName })
    .from(contracts)
    .innerJoin(employees, eq(employees.id, contracts.employeeId))
    .where(inArray(contracts.status, [1, 2]))
    .orderBy(desc(contracts.id))

/** The next contract number for a start date: CT-<year>-<six-digit sequence>. */
export async function nextContractNumber(tx: Executor, startDate: string): Promise<string> {
  const rows = rowsOf<{ n: number }>(await tx.execute(sql`select nextval('contract_number_seq')::int as n`))
  return `CT-${startDate.slice(0, 4)}-${String(rows[0].n).padStart(6, '0')}`
}

export type ContractValues = typeof contracts.$inferInsert

export const insertContract = async (tx: Executor, values: ContractValues) =>
  (await tx.insert(contracts).values(values).returning())[0]

export const updateContract = async (tx: Executor, id: number, values: Partial<ContractValues>) =>
  (await tx.update(contracts).set(values).where(eq(contracts.id, id)).returning())[0]
