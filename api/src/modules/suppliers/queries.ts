import { banks, type Executor, expenseLines, suppliers, ubigeoDistricts } from '@planillas/db'
import type { RecordStatus, SupplierFilter, SupplierInput, SupplierUpdateInput } from '@planillas/domain'
import { and, asc, eq, getTableColumns, gt, ilike, inArray, or, sql } from 'drizzle-orm'
import { foldedLike, type ListPage, likePattern, orderByFor, pagedList, spanish } from '../../lists/paging'
import type { SharedAccountColumns } from './shared-account'
import { statusTodayColumns } from './tax-status'

const sortColumns = {
  id: suppliers.id,
  code: suppliers.code,
  ruc: suppliers.ruc,
  name: suppliers.name,
  supplierType: suppliers.supplierType,
  status: suppliers.status,
  createdAt: suppliers.createdAt,
}

const where = (filter: SupplierFilter) =>
  and(
    filter.search
      ? or(ilike(suppliers.ruc, likePattern(filter.search)), foldedLike(suppliers.name, filter.search))
      : undefined,
    filter.status ? eq(suppliers.status, filter.status) : undefined,
    filter.supplierTypes?.length ? inArray(suppliers.supplierType, filter.supplierTypes) : undefined,
  )

const { bankCode: _, ...supplierColumns } = getTableColumns(suppliers)

/** A supplier as the API answers it: its columns with the bank, the expense line and the district named. */
const supplierRows = (db: Executor) =>
  db
    .select({
      ...supplierColumns,
      ...statusTodayColumns(suppliers.ruc),
      bankId: suppliers.bankCode,
      bankName: banks.name,
      expenseLine: expenseLines.description,
      ubigeoDescription: sql<
        string | null
      >`case when ${ubigeoDistricts.code} is null then null else ${ubigeoDistricts.district} || ' / ' || ${ubigeoDistricts.province} || ' / ' || ${ubigeoDistricts.department} end`,
    })
    .from(suppliers)
    .leftJoin(banks, eq(banks.code, suppliers.bankCode))
    .leftJoin(expenseLines, eq(expenseLines.id, suppliers.expenseLineId))
    .leftJoin(ubigeoDistricts, eq(ubigeoDistricts.code, suppliers.ubigeo))

export type SupplierRow = Awaited<ReturnType<ReturnType<typeof supplierRows>['execute']>>[number]

export function listSuppliers(db: Executor, filter: SupplierFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'asc' }, suppliers.id, {
    names: ['name'],
  })
  return pagedList(db, page, suppliers, (db) => supplierRows(db).$dynamic(), where(filter), orderBy)
}

export const supplierExportBatch =
  (db: Executor, filter: SupplierFilter) => (afterId: number, limit: number) =>
    supplierRows(db)
      .where(and(where(filter), gt(suppliers.id, afterId)))
      .orderBy(asc(suppliers.id))
      .limit(limit)

export const activeSuppliers = (db: Executor) =>
  db
    .select({ id: suppliers.id, code: suppliers.code, ruc: suppliers.ruc, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.status, 1))
    .orderBy(asc(spanish(suppliers.name)), asc(suppliers.id))

export const getSupplier = async (db: Executor, id: number) =>
  (await supplierRows(db).where(eq(suppliers.id, id)))[0]

export const findSupplierByRuc = async (db: Executor, ruc: string) =>
  (
    await db
      .select({ ...getTableColumns(suppliers), ...statusTodayColumns(suppliers.ruc) })
      .from(suppliers)
      .where(eq(suppliers.ruc, ruc))
  )[0]

/** The supplier's own columns: its tax status is not one of them (`setManualStatus`). */
const columnsOf = ({
  bankId,
  retentionAgent: _r,
  perceptionAgent: _p,
  goodTaxpayer: _g,
  sharedAccountAccepted: _s,
  ...input
}: SupplierUpdateInput) => ({
  ...input,
  bankCode: bankId,
})

export const insertSupplier = async (
  db: Executor,
  input: SupplierInput,
  actor: string,
  shared: SharedAccountColumns | null,
) =>
  (
    await db
      .insert(suppliers)
      .values({ ...columnsOf(input), ...shared, ruc: input.ruc, createdBy: actor })
      .returning({ id: suppliers.id, code: suppliers.code })
  )[0]

export const updateSupplier = async (
  db: Executor,
  id: number,
  input: SupplierUpdateInput,
  shared: SharedAccountColumns | null,
) =>
  db
    .update(suppliers)
    .set({ ...columnsOf(input), ...shared })
    .where(eq(suppliers.id, id))

export const setSupplierStatus = async (db: Executor, id: number, status: RecordStatus) => {
  await db.update(suppliers).set({ status }).where(eq(suppliers.id, id))
  return getSupplier(db, id)
}

/** Whether the referenced rows exist (and are usable): the bank active, the expense line active, the district. */
export async function referenceProblems(db: Executor, input: SupplierUpdateInput): Promise<string[]> {
  const problems: string[] = []
  const [bank] = await db.select().from(banks).where(eq(banks.code, input.bankId))
  if (bank?.status !== 1) problems.push('Banco inválido')
  if (input.expenseLineId) {
    const [line] = await db.select().from(expenseLines).where(eq(expenseLines.id, input.expenseLineId))
    if (line?.status !== 1) problems.push('Línea de gasto inválida')
  }
  if (input.ubigeo) {
    const [district] = await db.select().from(ubigeoDistricts).where(eq(ubigeoDistricts.code, input.ubigeo))
    if (!district) problems.push('Ubigeo inválido')
  }
  return problems
}
