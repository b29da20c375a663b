import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { areas, companies, positions } from './catalog'
import { recordStatusCheck, requiredRef, timestamps } from './columns'
import { contracts } from './contracts'
import { employees } from './employees'

/** Vacancies (vacantes): a position to fill in an area, requested by an employee. */
export const jobOpenings = pgTable(
  'job_openings',
  {
    id: serial('id').primaryKey(),
    /** Typed by the user, stored upper case. */
    code: text('code').notNull(),
    positionId: requiredRef('position_id', () => positions.id),
    areaId: requiredRef('area_id', () => areas.id),
    /** The requester's company when the vacancy was saved: applicants show it. */
    companyId: integer('company_id').references(() => companies.id),
    minExperienceYears: smallint('min_experience_years').notNull(),
    requestedById: requiredRef('requested_by_id', () => employees.id),
    /** Rich text, sanitised with an allow-list by the API before it is stored. */
    details: text('details').notNull(),
    /** 1 ACTIVO, 2 INACTIVO. */
    status: smallint('status').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_openings_code_unique').on(t.code),
    check('job_openings_status_check', recordStatusCheck('status')),
    check('job_openings_experience_check', sql`${t.minExperienceYears} between 0 and 60`),
    index('job_openings_area_idx').on(t.areaId),
    index('job_openings_position_idx').on(t.positionId),
    index('job_openings_company_idx').on(t.companyId),
    index('job_openings_created_at_idx').on(t.createdAt),
  ],
)

/** Applicants (postulantes) to a vacancy, with their CV. */
export const applicants = pgTable(
  'applicants',
  {
    id: serial('id').primaryKey(),
    /** POS-000123, derived from the id by the database. */
    code: text('code').generatedAlwaysAs(sql.raw(`'POS-' || lpad(id::text, 6, '0')`)).notNull(),
    jobOpeningId: requiredRef('job_opening_id', () => jobOpenings.id),
    identifierType: smallint('identifier_type').notNull(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    hireDate: date('hire_date', { mode: 'string' }),
    leaveDate: date('leave_date', { mode: 'string' }),
    pendingVacationDays: smallint('pending_vacation_days'),
    /** Storage key, original name and type of the CV (.pdf, .doc, .docx). */
    cvKey: text('cv_key'),
    cvName: text('cv_name'),
    cvType: text('cv_type'),
    /** 1 ACTIVO, 2 INACTIVO. */
    status: smallint('status').notNull().default(1),
    /** 'Contratar': the employee and the contract the applicant was hired with; null until then. */
    hiredEmployeeId: integer('hired_employee_id').references(() => employees.id),
    hiredContractId: integer('hired_contract_id').references(() => contracts.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applicants_document_unique').on(t.jobOpeningId, t.identifierType, t.identifier),
    check('applicants_status_check', recordStatusCheck('status')),
    check(
      'applicants_dates_check',
      sql`${t.leaveDate} is null or ${t.hireDate} is null or ${t.leaveDate} >= ${t.hireDate}`,
    ),
    check(
      'applicants_vacation_check',
      sql`${t.pendingVacationDays} is null or ${t.pendingVacationDays} between 0 and 365`,
    ),
    index('applicants_job_opening_idx').on(t.jobOpeningId),
    index('applicants_identifier_idx').on(t.identifier),
    index('applicants_surname_es_idx').on(sql`${t.surname} collate es_pe`, t.id),
    index('applicants_hired_employee_idx').on(t.hiredEmployeeId),
    check('applicants_hired_check', sql`(${t.hiredEmployeeId} is null) = (${t.hiredContractId} is null)`),
  ],
)
