import { applicants, areas, companies, contracts, type Executor, jobOpenings, positions } from '@planillas/db'
import { type ApplicantFilter, type ApplicantInput, IDENTIFIER_TYPE } from '@planillas/domain'
import { and, asc, eq, gt, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { countedRows, type ListPage, likePattern, orderByFor, paged, spanish } from '../../lists/paging'

/** An applicant with the company, area and position of its vacancy. */
const rowColumns = {
  id: applicants.id,
  code: applicants.code,
  identifierType: applicants.identifierType,
  identifier: applicants.identifier,
  name: applicants.name,
  surname: applicants.surname,
  email: applicants.email,
  mobile: applicants.mobile,
  jobOpeningId: applicants.jobOpeningId,
  jobOpeningCode: jobOpenings.code,
  companyId: jobOpenings.companyId,
  company: companies.name,
  areaId: jobOpenings.areaId,
  area: areas.description,
  positionId: jobOpenings.positionId,
  position: positions.description,
  hireDate: applicants.hireDate,
  leaveDate: applicants.leaveDate,
  pendingVacationDays: applicants.pendingVacationDays,
  cvName: applicants.cvName,
  status: applicants.status,
  hiredEmployeeId: applicants.hiredEmployeeId,
  hiredContractId: applicants.hiredContractId,
  hiredContractNumber: contracts.number,
  createdAt: applicants.createdAt,
  updatedAt: applicants.updatedAt,
}

const sortColumns = {
  id: applicants.id,
  code: applicants.code,
  identifier: applicants.identifier,
  surname: applicants.surname,
  createdAt: applicants.createdAt,
  status: applicants.status,
}

const range = (
  column: typeof applicants.hireDate | typeof applicants.leaveDate,
  r: { from?: string | null; to?: string | null } | null | undefined,
) => [r?.from ? gte(column, r.from) : undefined, r?.to ? lte(column, r.to) : undefined]

function where(filter: ApplicantFilter): SQL | undefined {
  const term = filter.search ? likePattern(filter.search) : null
  return and(
    term
      ? or(
          ilike(sql`${applicants.name} || ' ' || ${applicants.surname}`, term),
          ilike(applicants.identifier, term),
        )
      : undefined,
    filter.status ? eq(applicants.status, filter.status) : undefined,
    filter.areaId ? eq(jobOpenings.areaId, filter.areaId) : undefined,
    filter.positionId ? eq(jobOpenings.positionId, filter.positionId) : undefined,
    filter.companyId ? eq(jobOpenings.companyId, filter.companyId) : undefined,
    filter.jobOpeningId ? eq(applicants.jobOpeningId, filter.jobOpeningId) : undefined,
    ...range(applicants.hireDate, filter.hireDate),
    ...range(applicants.leaveDate, filter.leaveDate),
    filter.pendingVacation === true ? gt(applicants.pendingVacationDays, 0) : undefined,
    filter.pendingVacation === false
      ? or(isNull(applicants.pendingVacationDays), eq(applicants.pendingVacationDays, 0))
      : undefined,
  )
}

const selectRows = (db: Executor) =>
  db
    .select(rowColumns)
    .from(applicants)
    .innerJoin(jobOpenings, eq(jobOpenings.id, applicants.jobOpeningId))
    .innerJoin(areas, eq(areas.id, jobOpenings.areaId))
    .innerJoin(positions, eq(positions.id, jobOpenings.positionId))
    .leftJoin(companies, eq(companies.id, jobOpenings.companyId))
    .leftJoin(contracts, eq(contracts.id, applicants.hiredContractId))

export function listApplicants(db: Executor, filter: ApplicantFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'id', direction: 'desc' }, applicants.id, {
    names: ['surname'],
  })
  return paged(
    db,
    page,
    (db, limit, offset) =>
      selectRows(db)
        .where(where(filter))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (db) =>
      countedRows(db)
        .from(applicants)
        .innerJoin(jobOpenings, eq(jobOpenings.id, applicants.jobOpeningId))
        .where(where(filter))
        .$dynamic(),
  )
}

export const applicantExportBatch =
  (db: Executor, filter: ApplicantFilter) => (afterId: number, limit: number) =>
    selectRows(db)
      .where(and(where(filter), gt(applicants.id, afterId)))
      .orderBy(asc(applicants.id))
      .limit(limit)

/** The applicants of one vacancy, oldest first. */
export const applicantsOf = (db: Executor, jobOpeningId: number) =>
  selectRows(db).where(eq(applicants.jobOpeningId, jobOpeningId)).orderBy(asc(applicants.id))

export const activeApplicants = (db: Executor) =>
  db
    .select({ id: applicants.id, code: applicants.code, name: applicants.name, surname: applicants.surname })
    .from(applicants)
    .where(eq(applicants.status, 1))
    .orderBy(asc(spanish(applicants.surname)), asc(spanish(applicants.name)), asc(applicants.id))

export const getApplicantRow = async (db: Executor, id: number) =>
  (await selectRows(db).where(eq(applicants.id, id)))[0]

export const getApplicant = async (db: Executor, id: number) =>
  (await db.select().from(applicants).where(eq(applicants.id, id)))[0]

export type CvFile = { cvKey: string; cvName: string; cvType: string }

export const insertApplicant = async (
  db: Executor,
  input: ApplicantInput,
  cv: CvFile | null,
  actor: string,
) =>
  (
    await db
      .insert(applicants)
      .values({ ...input, ...(cv ?? {}), createdBy: actor })
      .returning()
  )[0]

export const updateApplicant = async (db: Executor, id: number, input: ApplicantInput, cv: CvFile | null) =>
  (
    await db
      .update(applicants)
      .set({ ...input, ...(cv ?? {}) })
      .where(eq(applicants.id, id))
      .returning()
  )[0]

/** The applicant, locked until the transaction ends: two 'Contratar' of one applicant run one after the other. */
export const lockApplicant = async (db: Executor, id: number) =>
  (await db.select().from(applicants).where(eq(applicants.id, id)).for('update'))[0]

/** Records the employee and the contract the applicant was hired with. */
export const markHired = async (db: Executor, id: number, employeeId: number, contractId: number) =>
  db
    .update(applicants)
    .set({ hiredEmployeeId: employeeId, hiredContractId: contractId })
    .where(eq(applicants.id, id))

export const setApplicantStatus = async (db: Executor, id: number, status: number) =>
  (await db.update(applicants).set({ status }).where(eq(applicants.id, id)).returning())[0]

export const jobOpeningExists = async (db: Executor, id: number) =>
  (await db.select({ id: jobOpenings.id }).from(jobOpenings).where(eq(jobOpenings.id, id))).length > 0

/**
 * The most recent applicant with this DNI, for the employees' DNI look-up (docs/domain.md: our own
 * records first). Exported for `GET /employees/dni/{dni}`.
 */
export async function findApplicantByDni(db: Executor, dni: string) {
  const [row] = await db
    .select({ id: applicants.id, name: applicants.name, surname: applicants.surname })
    .from(applicants)
    .where(and(eq(applicants.identifierType, IDENTIFIER_TYPE.DNI), eq(applicants.identifier, dni)))
    .orderBy(sql`${applicants.id} desc`)
    .limit(1)
  return row
}
