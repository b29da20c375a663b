import { EmployeeSchema, IDENTIFIER_TYPE, EMPLOYEE_MESSAGES as M } from '@planillas/domain'
import { data } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { bankOptions } from '~/bank-options.server'
import { loadCatalogs, withCurrent } from '~/catalogs.server'
import { districtOption, searchDistricts } from '~/districts.server'
import { echoForm, idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { withIsoDates } from '~/utils/date-fields'
import type { LookupFill } from './lookup-fill'
import { dropStaleFill } from './lookup-fill.server'

export async function loadEmployeeForm(request: Request, idValue: string | undefined) {
  const { user } = await requirePermission(request, 'colaboradores_edicion')
  const id = idValue ? idParam(idValue) : null
  const employee = id ? await loadEmployee(request, id) : null
  const [catalogs, countries, banks] = await Promise.all([
    loadCatalogs(request),
    call(request, 'GET /countries'),
    bankOptions(request, { id: employee?.bankId, name: employee?.bankName }),
  ])
  return {
    employee,
    userEmail: user.email,
    areas: withCurrent(catalogs.areas, employee?.areaId, employee?.areaName),
    positions: withCurrent(catalogs.positions, employee?.positionId, employee?.positionName),
    companies: withCurrent(catalogs.companies, employee?.companyId, employee?.companyName),
    countries: countries.map((c) => ({ value: c.id, label: c.description })),
    // A bank suspended since the employee's was chosen stays selectable for them (the API keeps it
    // while it is unchanged); nobody else is offered it.
    banks,
  }
}

/** A record that cannot be loaded sends the user back to the list with the error. */
const loadEmployee = (request: Request, id: number) =>
  orBackToList(request, '/colaboradores', () => call(request, 'GET /employees/:id', { params: { id } }))

/** Server messages shown beside their field. */
export const employeeFieldOfMessage = {
  [M.duplicate]: 'identifier',
  [M.ubigeoInvalid]: 'ubigeo',
  [M.nationalityInvalid]: 'nationality',
  [M.bankInvalid]: 'bankId',
  [M.companyInvalid]: 'companyId',
  [M.areaInvalid]: 'areaId',
  [M.positionInvalid]: 'positionId',
  [M.assignmentByContract]: 'companyId',
  [M.bankFourEyes]: 'bankAccountVerified',
}

export type LookupNote = { tone: 'info' | 'error'; message: string; employeeId?: number }

/**
 * Guardar, or one of the steps that work without JavaScript: 'lookup' fills names from the DNI,
 * 'district' searches districts for the picker.
 */
export async function employeeFormAction(request: Request, idValue: string | undefined) {
  await requirePermission(request, 'colaboradores_edicion')
  const id = idValue ? idParam(idValue) : null
  const formData = withIsoDates(await request.formData())
  const intent = formData.get('intent')
  // Names found for an earlier DNI never travel with another one.
  const fill = dropStaleFill(formData)
  if (intent === 'lookup') {
    const { note: lookup, fill: found } = await lookupStep(request, formData, id)
    return data({
      result: echoForm(formData),
      lookup,
      filled: found,
      district: await districtOption(request, formData.get('ubigeo')),
    })
  }
  if (intent === 'district') {
    const term = String(formData.get('ubigeoSearch') ?? '')
    const districts = await searchDistricts(request, term)
    return data({
      result: echoForm(formData),
      districts,
      districtSearch: term,
      filled: fill,
      district: await districtOption(request, formData.get('ubigeo')),
    })
  }
  const saved = await saveForm(request, formData, {
    schema: EmployeeSchema,
    save: async (value) => {
      if (id) {
        await call(request, 'PUT /employees/:id', { params: { id }, body: value })
        return id
      }
      return (await call(request, 'POST /employees', { body: value })).id
    },
    successTo: (savedId) => `/colaboradores/${savedId}`,
    fieldOfMessage: employeeFieldOfMessage,
  })
  if (saved instanceof Response) return saved
  // Show the chosen district again beside the errors.
  return data(
    { ...saved.data, filled: fill, district: await districtOption(request, formData.get('ubigeo')) },
    saved.init ?? undefined,
  )
}

/** 'Buscar' without JavaScript: names from the DNI typed (also used by the hiring form). */
export async function lookupStep(
  request: Request,
  formData: FormData,
  id: number | null,
): Promise<{ note: LookupNote; fill: LookupFill | null }> {
  const dni = String(formData.get('identifier') ?? '').trim()
  const only = (note: LookupNote) => ({ note, fill: null })
  if (formData.get('identifierType') !== String(IDENTIFIER_TYPE.DNI)) {
    return only({ tone: 'error', message: 'La búsqueda de nombres solo está disponible para DNI' })
  }
  if (!/^\d{8}$/.test(dni)) return only({ tone: 'error', message: M.dniFormat })
  const found = await call(request, 'GET /employees/dni/:dni', { params: { dni } })
  if (found.alreadyExists && found.employeeId !== id) {
    return only({ tone: 'error', message: M.duplicate, employeeId: found.employeeId ?? undefined })
  }
  if (!found.source) return only({ tone: 'info', message: 'No se encontraron datos para el DNI ingresado' })
  if (found.name) formData.set('name', found.name)
  if (found.surname) formData.set('surname', found.surname)
  return {
    note: { tone: 'info', message: `Nombres y apellidos completados con los datos del DNI ${dni}` },
    fill: { dni, name: String(formData.get('name') ?? ''), surname: String(formData.get('surname') ?? '') },
  }
}
