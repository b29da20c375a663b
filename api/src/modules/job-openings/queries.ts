import { applicants, areas, companies, type Executor, employees, jobOpenings, positions } from '@planillas/db'
import type { JobOpeningFilter } from '@planillas/domain'
import { and, asc, eq, gt, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm'
import { type ListPage, likePattern, orderByFor, pagedList } from '../../lists/paging'

const applicantCount = sql<number>`(select count(*)::int from ${applicants} where ${applicants.jobOpeningId} = ${jobOpenings.id})`

/** Its applicants hired with 'Contratar'. */
const hiredCount = sql<number>`(select count(*)::int from ${applicants} where ${applicants.jobOpeningId} = ${jobOpenings.id} and ${applicants.hiredContractId} is not null)`

/** A vacancy with the names of its position, area, company and requester, and its applicant and hired counts. */
const rowColumns = {
  id: jobOpenings.id,
  code: jobOpenings.code,
  positionId: jobOpenings.positionId,
  position: positions.description,
  areaId: jobOpenings.areaId,
  area: areas.description,
  companyId: jobOpenings.companyId,
  company: companies.name,
  minExperienceYears: jobOpenings.minExperienceYears,
  requestedById: jobOpenings.requestedById,
  requestedBy: sql<string>`${employees.name} || ' ' || ${employees.surname}`,
  applicants: applicantCount,
  hired: hiredCount,
  status: jobOpenings.status,
  createdAt: jobOpenings.createdAt,
  updatedAt: jobOpenings.updatedAt,
}

const sortColumns = {
  id: jobOpenings.id,
  code: jobOpenings.code,
  createdAt: jobOpenings.createdAt,
  status: jobOpenings.status,
  applicants: applicantCount,
}

/** The day after an ISO date, for a `< next day` bound on a timestamp. */
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00-05:00`) + 86_400_000)
const limaDayStart = (iso: string) => new Date(`${iso}T00:00:00-05:00`)

function where(filter: JobOpeningFilter): SQL | undefined {
  const term = filter.search ? likePattern(filter.search) : null
  return and(
    term
      ? or(
          ilike(jobOpenings.code, term),
          sql`exists (select 1 from ${applicants} where ${applicants.jobOpeningId} = ${jobOpenings.id} and (${applicants.name} || ' ' || ${applicants.surname}) ilike ${term})`,
        )
      : undefined,
    filter.status ? eq(jobOpenings.status, filter.status) : undefined,
    filter.areaId ? eq(jobOpenings.areaId, filter.areaId) : undefined,
    filter.positionId ? eq(jobOpenings.positionId, filter.positionId) : undefined,
    filter.companyId ? eq(jobOpenings.companyId, filter.companyId) : undefined,
    filter.createdAt?.from ? gte(jobOpenings.createdAt, limaDayStart(filter.createdAt.from)) : undefined,
    filter.createdAt?.to ? lt(jobOpenings.createdAt, nextDay(filter.createdAt.to)) : undefined,
  )
}

const selectRows = (db: Executor) =>
  db
    .select(rowColumns)
    .from(jobOpenings)
    .innerJoin(positions, eq(positions.id, jobOpenings.positionId))
    .innerJoin(areas, eq(areas.id, jobOpenings.areaId))
    .innerJoin(employees, eq(employees.id, jobOpenings.requestedById))
    .leftJoin(companies, eq(companies.id, jobOpenings.companyId))

export type JobOpeningRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number]

export function listJobOpenings(db: Executor, filter: JobOpeningFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'desc' }, jobOpenings.id)
  return pagedList(db, page, jobOpenings, (db) => selectRows(db).$dynamic(), where(filter), orderBy)
}

export const jobOpeningExportBatch =
  (db: Executor, filter: JobOpeningFilter) => (afterId: number, limit: number) =>
    selectRows(db)
      .where(and(where(filter), gt(jobOpenings.id, afterId)))
      .orderBy(asc(jobOpenings.id))
      .limit(limit)

export const activeJobOpenings = (db: Executor) =>
  db
    .select({
      id: jobOpenings.id,
      code: jobOpenings.code,
      position: positions.description,
      area: areas.description,
    })
    .from(jobOpenings)
    .innerJoin(positions, eq(positions.id, jobOpenings.positionId))
    .innerJoin(areas, eq(areas.id, jobOpenings.areaId))
    .where(eq(jobOpenings.status, 1))
    .orderBy(asc(jobOpenings.code))

export const getJobOpeningRow = async (db: Executor, id: number) =>
  (await selectRows(db).where(eq(jobOpenings.id, id)))[0]

export const getJobOpening = async (db: Executor, id: number) =>
  (await db.select().from(jobOpenings).where(eq(jobOpenings.id, id)))[0]

export type JobOpeningValues = {
  code: string
  positionId: number
  areaId: number
  companyId: number | null
  minExperienceYears: number
  requestedById: number
  details: string
}

export const insertJobOpening = async (db: Executor, values: JobOpeningValues, actor: string) =>
  (
    await db
      .insert(jobOpenings)
      .values({ ...values, createdBy: actor })
      .returning()
  )[0]

export const updateJobOpening = async (db: Executor, id: number, values: JobOpeningValues) =>
  (await db.update(jobOpenings).set(values).where(eq(jobOpenings.id, id)).returning())[0]

export const setJobOpeningStatus = async (db: Executor, id: number, status: number) =>
  (await db.update(jobOpenings).set({ status }).where(eq(jobOpenings.id, id)).returning())[0]

/** Which of the referenced records exist: position, area and requester (with the requester's company). */
export async function references(
  db: Executor,
  input: { positionId: number; areaId: number; requestedById: number },
) {
  const [position] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(eq(positions.id, input.positionId))
  const [area] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, input.areaId))
  const [employee] = await db
    .select({ id: employees.id, companyId: employees.companyId })
    .from(employees)
    .where(eq(employees.id, input.requestedById))
  return { position, area, employee }
}
