import { CONSTRAINT_VIOLATIONS, violatedConstraint } from '@planillas/db'
import { EMPLOYEE_MESSAGES as M } from '@planillas/domain'
import { badRequest } from '../../lib/errors'

/** Constraint names of the employees table and the Spanish message each violation deserves. */
export const EMPLOYEE_CONSTRAINT_MESSAGES: Record<string, string> = {
  employees_identifier_unique: M.duplicate,
  employees_company_id_companies_id_fk: M.companyInvalid,
  employees_area_id_areas_id_fk: M.areaInvalid,
  employees_position_id_positions_id_fk: M.positionInvalid,
  employees_ubigeo_ubigeo_districts_code_fk: M.ubigeoInvalid,
  employees_nationality_countries_code_fk: M.nationalityInvalid,
  employees_bank_id_banks_code_fk: M.bankInvalid,
}

/** Runs `work`; a duplicate document or an unknown company, area, position, ubigeo, country or bank is a 400. */
export async function withEmployeeConstraints<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const constraint = violatedConstraint(error, CONSTRAINT_VIOLATIONS)
    const message = constraint ? EMPLOYEE_CONSTRAINT_MESSAGES[constraint] : undefined
    if (message) throw badRequest(message)
    throw error
  }
}
