import type { Executor } from '@planillas/db'
import { type DniLookup, EMPLOYEE_MESSAGES, IDENTIFIER_TYPE } from '@planillas/domain'
import type { ApiConfig } from '../../config'
import { lookupExternal, pick } from '../../lib/external-lookup'
import { findApplicantByDocument, findEmployeeByDocument } from './queries'

export const DNI_NOT_FOUND = 'No se encontraron datos para el DNI ingresado'

/** Surnames as providers send them: one field, or paternal and maternal apart (RENIEC style). */
function surnameOf(body: Record<string, unknown> | null): string | null {
  const whole = pick(body, 'surname', 'surnames', 'apellidos')
  if (whole) return whole
  const parts = [
    pick(body, 'apellidoPaterno', 'apellido_paterno', 'paternalSurname'),
    pick(body, 'apellidoMaterno', 'apellido_materno', 'maternalSurname'),
  ].filter(Boolean)
  return parts.length ? parts.join(' ') : null
}

/**
 * Name and surname for a DNI (docs/domain.md): our own employees first, then our applicants, then the
 * external provider when `DNI_LOOKUP_URL` is set. Never fails: without an answer the form fields stay editable.
 */
export async function lookupDni(
  db: Executor,
  config: Pick<ApiConfig, 'dniLookupUrl' | 'dniLookupToken'>,
  dni: string,
): Promise<{ result: DniLookup; messages: string[] }> {
  const employee = await findEmployeeByDocument(db, IDENTIFIER_TYPE.DNI, dni)
  if (employee) {
    return {
      result: {
        source: 'EMPLOYEE',
        alreadyExists: true,
        employeeId: employee.id,
        name: employee.name,
        surname: employee.surname,
      },
      messages: [EMPLOYEE_MESSAGES.duplicate],
    }
  }
  const applicant = await findApplicantByDocument(db, IDENTIFIER_TYPE.DNI, dni)
  if (applicant) {
    return {
      result: {
        source: 'APPLICANT',
        alreadyExists: false,
        employeeId: null,
        name: applicant.name,
        surname: applicant.surname,
      },
      messages: [],
    }
  }
  const external = await lookupExternal(config.dniLookupUrl, config.dniLookupToken, dni)
  const name = pick(external, 'name', 'names', 'nombres', 'prenombres')
  const surname = surnameOf(external)
  if (name || surname) {
    return {
      result: { source: 'EXTERNAL', alreadyExists: false, employeeId: null, name, surname },
      messages: [],
    }
  }
  return {
    result: { source: null, alreadyExists: false, employeeId: null, name: null, surname: null },
    messages: [DNI_NOT_FOUND],
  }
}
