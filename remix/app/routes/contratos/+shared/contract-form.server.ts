import {
  CONTRACT_FORM_MESSAGES,
  CONTRACT_MESSAGES,
  ContractSchema,
  isCurrentContract,
} from '@planillas/domain'
import { data, redirect } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { loadCatalogs, withCurrent } from '~/catalogs.server'
import { echoForm, idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'
import { searchEmployees } from '~/routes/colaboradores/+shared/employee-search.server'
import { withIsoDates } from '~/utils/date-fields'

/** The fields the preview reads, as the form posts them. */
const PREVIEW_FIELDS = [
  'employeeId',
  'contractType',
  'startDate',
  'baseSalary',
  'familyAllowance',
  'renewsContractId',
]

/** Asks the API what the form should show for these values (end date, pay, alert, warnings). */
export async function previewOf(
  request: Request,
  values: Record<string, unknown>,
  contractId?: number | null,
) {
  const body: Record<string, unknown> = { contractId: contractId ?? undefined }
  for (const key of PREVIEW_FIELDS) {
    const value = values[key]
    if (value !== undefined && value !== null && value !== '') body[key] = value
  }
  if (!body.employeeId && !body.startDate) return null
  return call(request, 'POST /contracts/preview', { body })
}

const formValues = (formData: FormData) =>
  Object.fromEntries(PREVIEW_FIELDS.map((k) => [k, formData.get(k) ?? undefined]))

/** A record that cannot be loaded sends the user back to the list with the error. */
const orBackToContracts = <T>(request: Request, load: () => Promise<T>) =>
  orBackToList(request, '/contratos', load)

/**
 * 'Nuevo contrato' (also 'Renovar' with `?renovar=<id>`, prefilled from the contract it renews)
 * and 'Editar contrato'. A contract that is no longer current is shown in its details instead.
 */
export async function loadContractForm(request: Request, idValue: string | undefined) {
  await requirePermission(request, 'contratos_edicion')
  const id = idValue ? idParam(idValue) : null
  const renewId = Number(new URL(request.url).searchParams.get('renovar')) || null
  const [contract, renewal, catalogs] = await Promise.all([
    id ? orBackToContracts(request, () => call(request, 'GET /contracts/:id', { params: { id } })) : null,
    !id && renewId
      ? orBackToContracts(request, () =>
          call(request, 'GET /contracts/:id/renewal', { params: { id: renewId } }),
        )
      : null,
    loadCatalogs(request),
  ])
  // Plain redirect: a 'saved' toast from the action that led here must survive to the details.
  if (contract && !isCurrentContract(contract.status)) throw redirect(`/contratos/${contract.id}/detalle`)
  const source = contract ?? renewal
  const defaults = {
    employeeId: source ? String(source.employeeId) : '',
    contractType: source ? String(source.contractType) : '',
    startDate: source?.startDate ?? '',
    companyId: source ? String(source.companyId) : '',
    areaId: source ? String(source.areaId) : '',
    positionId: source ? String(source.positionId) : '',
    baseSalary: source ? source.baseSalary.toFixed(2) : '',
    familyAllowance: source?.familyAllowance ?? false,
    renewsContractId: renewal ? String(renewal.renewsContractId) : '',
  }
  const preview = await previewOf(request, defaults, id)
  return {
    contract,
    renewal: renewal ? { id: renewal.renewsContractId, number: renewal.renewsContractNumber } : null,
    defaults,
    preview,
    companies: withCurrent(catalogs.companies, contract?.companyId, contract?.companyName),
    areas: withCurrent(catalogs.areas, contract?.areaId, contract?.areaName),
    positions: withCurrent(catalogs.positions, contract?.positionId, contract?.positionName),
  }
}

const M = CONTRACT_MESSAGES
/** Server messages shown beside their field. */
export const contractFieldOfMessage = {
  [M.alreadyCurrent]: 'employeeId',
  [M.employeeNotFound]: 'employeeId',
  [M.renewOtherEmployee]: 'employeeId',
  [M.companyNotFound]: 'companyId',
  [M.areaNotFound]: 'areaId',
  [M.positionNotFound]: 'positionId',
  'La empresa seleccionada está suspendida: actívela o elija otra': 'companyId',
  'El área seleccionada está suspendida: actívela o elija otra': 'areaId',
  'El cargo seleccionado está suspendido: actívelo o elija otro': 'positionId',
  [CONTRACT_FORM_MESSAGES.startInvalid]: 'startDate',
}

/**
 * Guardar, or a step that works without JavaScript: 'employee' searches employees for the picker,
 * 'calculate' shows the end date, the pay, the alert and the warnings for what is typed.
 */
export async function contractFormAction(request: Request, idValue: string | undefined) {
  await requirePermission(request, 'contratos_edicion')
  const id = idValue ? idParam(idValue) : null
  const formData = withIsoDates(await request.formData())
  const intent = formData.get('intent')
  const preview = () => previewOf(request, formValues(formData), id)
  if (intent === 'employee') {
    const term = String(formData.get('employeeIdSearch') ?? '')
    const employees = await searchEmployees(request, term)
    return data({ result: echoForm(formData), employees, employeeSearch: term, preview: await preview() })
  }
  if (intent === 'calculate') return data({ result: echoForm(formData), preview: await preview() })
  const saved = await saveForm(request, formData, {
    schema: ContractSchema,
    save: async (value) => {
      if (id) {
        await call(request, 'PUT /contracts/:id', { params: { id }, body: value })
        return id
      }
      return (await call(request, 'POST /contracts', { body: value })).id
    },
    successTo: (savedId) => `/contratos/${savedId}/editar`,
    fieldOfMessage: contractFieldOfMessage,
  })
  if (saved instanceof Response) return saved
  return data({ ...saved.data, preview: await preview() }, saved.init ?? undefined)
}
