import { can, DEFAULT_ACCOUNT_TYPE, HIRE_MESSAGES, HireSchema, MESSAGES } from '@planillas/domain'
import { data, redirect } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { bankOptions } from '~/bank-options.server'
import { loadCatalogs, withCurrent } from '~/catalogs.server'
import { districtOption, searchDistricts } from '~/districts.server'
import { echoForm, idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { employeeFieldOfMessage, lookupStep } from '~/routes/colaboradores/+shared/employee-form.server'
import { dropStaleFill } from '~/routes/colaboradores/+shared/lookup-fill.server'
import { contractFieldOfMessage, previewOf } from '~/routes/contratos/+shared/contract-form.server'
import { withIsoDates } from '~/utils/date-fields'

/**
 * Hiring registers an employee and a contract: the user needs both edit permissions (the API
 * checks them again).
 */
async function requireHiring(request: Request) {
  const signedIn = await requirePermission(request, 'colaboradores_edicion')
  if (!can(signedIn.user.roles, 'contratos_edicion')) {
    throw new Response(MESSAGES.forbidden, { status: 403, statusText: 'Forbidden' })
  }
  return signedIn
}

/** Whether a user may hire: the detail page shows 'Contratar' only to them. */
export const mayHire = (roles: readonly string[]) =>
  can(roles, 'colaboradores_edicion') && can(roles, 'contratos_edicion')

const loadApplicant = (request: Request, id: number) =>
  orBackToList(request, '/reclutamiento/postulantes', () =>
    call(request, 'GET /applicants/:id', { params: { id } }),
  )

/** The contract fields the preview reads (end date, pay, warnings) as the hiring form holds them. */
const previewValues = (values: Record<string, unknown>) => ({
  contractType: values.contractType,
  startDate: values.startDate,
  baseSalary: values.baseSalary,
  familyAllowance: values.familyAllowance,
})

/**
 * 'Contratar': the applicant's document, names and contact and the vacancy's company, area and
 * position prefill the form; the applicant's hire date, if any, is the contract's start. An
 * applicant already hired shows their details instead.
 */
export async function loadHireForm(request: Request, idValue: string | undefined) {
  const { user } = await requireHiring(request)
  const id = idParam(idValue)
  const [applicant, catalogs, countries, banks] = await Promise.all([
    loadApplicant(request, id),
    loadCatalogs(request),
    call(request, 'GET /countries'),
    bankOptions(request),
  ])
  if (applicant.hiredContractId) throw redirect(`/reclutamiento/postulantes/${id}/detalle`)
  const defaults = {
    identifierType: String(applicant.identifierType),
    identifier: applicant.identifier,
    name: applicant.name,
    surname: applicant.surname,
    personalEmail: applicant.email,
    personalPhone: applicant.mobile,
    nationality: 'PE',
    accountType: String(DEFAULT_ACCOUNT_TYPE),
    contractType: '',
    startDate: applicant.hireDate ?? '',
    companyId: applicant.companyId ? String(applicant.companyId) : '',
    areaId: String(applicant.areaId),
    positionId: String(applicant.positionId),
    baseSalary: '',
    familyAllowance: false,
  }
  return {
    applicant,
    defaults,
    preview: await previewOf(request, previewValues(defaults)),
    userEmail: user.email,
    countries: countries.map((c) => ({ value: c.id, label: c.description })),
    banks,
    companies: withCurrent(catalogs.companies, applicant.companyId, applicant.company),
    areas: withCurrent(catalogs.areas, applicant.areaId, applicant.area),
    positions: withCurrent(catalogs.positions, applicant.positionId, applicant.position),
  }
}

/** Server messages beside their field: the employee form's and the contract form's. */
const fieldOfMessage = {
  ...employeeFieldOfMessage,
  ...contractFieldOfMessage,
  // The document's employee already has a current contract: the document is what to look at.
  [HIRE_MESSAGES.alreadyCurrent]: 'identifier',
}

/**
 * 'Contratar', or a step that works without JavaScript: 'lookup' (names from the DNI), 'district'
 * (the district picker) and 'calculate' (the contract's end date and pay).
 */
export async function hireFormAction(request: Request, idValue: string | undefined) {
  await requireHiring(request)
  const id = idParam(idValue)
  const formData = withIsoDates(await request.formData())
  const intent = formData.get('intent')
  const fill = dropStaleFill(formData)
  const preview = () => previewOf(request, previewValues(Object.fromEntries(formData)))
  const district = () => districtOption(request, formData.get('ubigeo'))
  if (intent === 'lookup') {
    const { note: lookup, fill: found } = await lookupStep(request, formData, null)
    return data({
      result: echoForm(formData),
      lookup,
      filled: found,
      district: await district(),
      preview: await preview(),
    })
  }
  if (intent === 'district') {
    const term = String(formData.get('ubigeoSearch') ?? '')
    return data({
      result: echoForm(formData),
      districts: await searchDistricts(request, term),
      districtSearch: term,
      filled: fill,
      district: await district(),
      preview: await preview(),
    })
  }
  if (intent === 'calculate') {
    return data({
      result: echoForm(formData),
      filled: fill,
      district: await district(),
      preview: await preview(),
    })
  }
  const saved = await saveForm(request, formData, {
    schema: HireSchema,
    save: async (value) => {
      await call(request, 'POST /applicants/:id/hire', { params: { id }, body: value })
      return id
    },
    successTo: (savedId) => `/reclutamiento/postulantes/${savedId}/detalle`,
    fieldOfMessage,
    message: HIRE_MESSAGES.hired,
  })
  if (saved instanceof Response) return saved
  return data(
    { ...saved.data, filled: fill, district: await district(), preview: await preview() },
    saved.init ?? undefined,
  )
}
