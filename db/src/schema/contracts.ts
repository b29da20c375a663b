import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { areas, companies, positions } from './catalog'
import { requiredRef, timestamps } from './columns'
import { employees } from './employees'

/** The running number of contract numbers (CT-2026-000123): one sequence, never reused. */
export const contractNumberSequence = pgSequence('contract_number_seq', { startWith: 1 })

/**
 * Employment contracts. The status engine lives in `@planillas/domain` (contracts.ts);
 * the database keeps what must never be broken, above all one current contract (VIGENTE or
 * POR VENCER) per employee.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    /** CT-<year of start>-<sequence>, given by the server on insert and never changed. */
    number: text('number').notNull(),
    employeeId: requiredRef('employee_id', () => employees.id),
    companyId: requiredRef('company_id', () => companies.id),
    areaId: requiredRef('area_id', () => areas.id),
    positionId: requiredRef('position_id', () => positions.id),
    /** Duration: 1 = 1 mes, 2 = 3 meses, 3 = 6 meses, 4 = 1 año, 5 = indefinido. */
    contractType: smallint('contract_type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Start + the duration's months; null only for the indefinite contract. */
    finishDate: date('finish_date', { mode: 'string' }),
    baseSalary: numeric('base_salary', { precision: 12, scale: 2 }).notNull(),
    /** The 'Asignación familiar' box, and its amount (10 % of the RMV as of the save; screens compute it for the pay date, docs/domain.md). */
    familyAllowance: boolean('family_allowance').notNull().default(false),
    familyAllowanceAmount: numeric('family_allowance_amount', { precision: 12, scale: 2 })
      .notNull()
      .default('0'),
    totalSalary: numeric('total_salary', { precision: 12, scale: 2 }).notNull(),
    /** 1 VIGENTE, 2 POR VENCER, 3 FINALIZADO, 4 DESPEDIDO. */
    status: smallint('status').notNull().default(1),
    /** The day a FINALIZADO or DESPEDIDO contract ended, and why (a dismissal always says why). */
    closedOn: date('closed_on', { mode: 'string' }),
    closeReason: text('close_reason'),
    /** Who closed it: a user's e-mail, or the system for the daily job. */
    closedBy: text('closed_by'),
    /** The contract this one renews ('Renovar'). */
    renewsContractId: integer('renews_contract_id').references((): AnyPgColumn => contracts.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contracts_number_unique').on(t.number),
    // One current contract per employee: the rule the API turns into the alert.
    uniqueIndex('contracts_one_current_per_employee').on(t.employeeId).where(sql`status in (1, 2)`),
    uniqueIndex('contracts_renews_unique').on(t.renewsContractId),
    check('contracts_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('contracts_type_check', sql`${t.contractType} in (1, 2, 3, 4, 5)`),
    check(
      'contracts_finish_date_check',
      sql`(${t.contractType} = 5 and ${t.finishDate} is null) or (${t.contractType} <> 5 and ${t.finishDate} > ${t.startDate})`,
    ),
    check('contracts_salary_check', sql`${t.baseSalary} > 0 and ${t.totalSalary} >= ${t.baseSalary}`),
    check(
      'contracts_closed_check',
      sql`(${t.status} in (1, 2) and ${t.closedOn} is null) or (${t.status} in (3, 4) and ${t.closedOn} is not null)`,
    ),
    check('contracts_dismissal_reason_check', sql`${t.status} <> 4 or ${t.closeReason} is not null`),
    index('contracts_employee_idx').on(t.employeeId, t.startDate),
    index('contracts_status_finish_idx').on(t.status, t.finishDate),
    index('contracts_start_idx').on(t.startDate),
    index('contracts_company_idx').on(t.companyId),
    index('contracts_area_idx').on(t.areaId),
  ],
)
