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

type PgErrorLike = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown }

/** The constraint a unique (23505) or foreign-key (23503) violation names, if the error is one. */
function violatedConstraint(error: unknown): string | undefined {
  let current = error as PgErrorLike | undefined
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505' || current.code === '23503')
      return current.constraint ?? current.constraint_name
    current = current.cause as PgErrorLike | undefined
  }
  return undefined
}

/** Runs `work`; a duplicate document or an unknown company, area, position, ubigeo, country or bank is a 400. */
export async function withEmployeeConstraints<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const constraint = violatedConstraint(error)
    const message = constraint ? EMPLOYEE_CONSTRAINT_MESSAGES[constraint] : undefined
    if (message) throw badRequest(message)
    throw error
  }
}
