import { banks, companies, companyBankAccounts, type Executor } from '@planillas/db'
import type { CompanyAccountInput, CompanyInput, CompanyUpdateInput, RecordStatus } from '@planillas/domain'
import { and, asc, eq, gt, ilike, or } from 'drizzle-orm'
import { foldedLike, type ListPage, likePattern, orderByFor, pagedList, spanish } from '../../lists/paging'

export type CompanyFilter = { search?: string | null; status?: number | null }

const sortColumns = {
  id: companies.id,
  code: companies.code,
  ruc: companies.ruc,
  name: companies.name,
  status: companies.status,
  createdAt: companies.createdAt,
}

const where = (filter: CompanyFilter) =>
  and(
    filter.search
      ? or(ilike(companies.ruc, likePattern(filter.search)), foldedLike(companies.name, filter.search))
      : undefined,
    filter.status ? eq(companies.status, filter.status) : undefined,
  )

export function listCompanies(db: Executor, filter: CompanyFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'asc' }, companies.id, {
    names: ['name'],
  })
  return pagedList(
    db,
    page,
    companies,
    (db) => db.select().from(companies).$dynamic(),
    where(filter),
    orderBy,
  )
}

export const companyExportBatch = (db: Executor, filter: CompanyFilter) => (afterId: number, limit: number) =>
  db
    .select()
    .from(companies)
    .where(and(where(filter), gt(companies.id, afterId)))
    .orderBy(asc(companies.id))
    .limit(limit)

export const activeCompanies = (db: Executor) =>
  db
    .select({ id: companies.id, code: companies.code, ruc: companies.ruc, name: companies.name })
    .from(companies)
    .where(eq(companies.status, 1))
    .orderBy(asc(spanish(companies.name)))

export const getCompany = async (db: Executor, id: number) =>
  (await db.select().from(companies).where(eq(companies.id, id)))[0]

export const findCompanyByRuc = async (db: Executor, ruc: string) =>
  (await db.select().from(companies).where(eq(companies.ruc, ruc)))[0]

export const insertCompany = async (db: Executor, input: CompanyInput, actor: string) =>
  (
    await db
      .insert(companies)
      .values({ ...input, createdBy: actor })
      .returning()
  )[0]

/** An update without `retentionAgent` or `retentionSeries` keeps the company's (drizzle leaves undefined columns alone). */
export const updateCompany = async (db: Executor, id: number, input: CompanyUpdateInput) =>
  (await db.update(companies).set(input).where(eq(companies.id, id)).returning())[0]

export const setCompanyStatus = async (db: Executor, id: number, status: RecordStatus) =>
  (await db.update(companies).set({ status }).where(eq(companies.id, id)).returning())[0]

const accountColumns = {
  id: companyBankAccounts.id,
  companyId: companyBankAccounts.companyId,
  bankCode: companyBankAccounts.bankCode,
  /** The bank's name even when it was suspended since (the dropdown lists active banks only). */
  bankName: banks.name,
  currency: companyBankAccounts.currency,
  accountType: companyBankAccounts.accountType,
  account: companyBankAccounts.account,
  interAccount: companyBankAccounts.interAccount,
  status: companyBankAccounts.status,
}

/** A company's bank accounts, in the order they were registered. */
export const companyAccounts = async (db: Executor, companyId: number) =>
  db
    .select(accountColumns)
    .from(companyBankAccounts)
    .innerJoin(banks, eq(banks.code, companyBankAccounts.bankCode))
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(asc(companyBankAccounts.id))

export const insertCompanyAccount = async (
  db: Executor,
  companyId: number,
  input: CompanyAccountInput,
  actor: string,
) =>
  (
    await db
      .insert(companyBankAccounts)
      .values({ ...input, companyId, createdBy: actor })
      .returning({ id: companyBankAccounts.id })
  )[0]

/** The active debit accounts of every company, by company name: what a payment order pays from. */
export const activeDebitAccounts = (db: Executor) =>
  db
    .select({
      id: companyBankAccounts.id,
      bankCode: companyBankAccounts.bankCode,
      currency: companyBankAccounts.currency,
      account: companyBankAccounts.account,
      companyName: companies.name,
    })
    .from(companyBankAccounts)
    .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
    .where(eq(companyBankAccounts.status, 1))
    .orderBy(companies.name, companyBankAccounts.id)
