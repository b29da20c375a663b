import {
  AUDIT_ACTIONS,
  auditAction,
  batchStatus,
  contractDuration,
  contractStatus,
  detractionState,
  employeeStatus,
  enumOptions,
  PADRON_KINDS,
  PADRON_LABEL,
  paymentBatchStatus,
  payrollType,
  periodOptions,
  recruitmentStatus,
  supplierType,
  voucherStatus,
} from '@planillas/domain'
import { loadCatalogs, loadPayingCompanies, loadVoucherCatalogs } from '~/catalogs.server'
import type { Chip } from './components/list/filter-chips'
import {
  filterChips,
  type ListFilter,
  periodFilterOptions,
  RECORD_STATUS_FILTERS,
} from './components/list/filter-model'
import type { ListKey } from './list-resources'
import { RETURN_PARAM } from './utils/list-return'

/**
 * Each list's 'Filtrar', by the list's address: the list it filters (whose permission opens it),
 * its title, and its filters with their options. The options (catalogues of areas, suppliers…) are
 * read only where the panel opens (`/filtrar/<list>`, a page of its own without JavaScript, a
 * fetcher with it) and for the chips of what is in force, never for the list's own document.
 */
export type FilterSource = {
  list: ListKey
  title: string
  filters: (request: Request) => ListFilter[] | Promise<ListFilter[]>
}

const fixed = (filters: ListFilter[]) => () => filters

const PAYMENT_BATCH_FILTERS = fixed([
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(paymentBatchStatus) },
  { kind: 'dateRange', name: 'createdAt', label: 'Fecha de carga' },
])

const UPLOAD_STATUS = fixed([
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) },
])

const YES_NO = [
  { value: 'true', label: 'Sí' },
  { value: 'false', label: 'No' },
]

export const LIST_FILTERS: Record<string, FilterSource> = {
  '/areas': { list: 'areas', title: 'Áreas', filters: fixed(RECORD_STATUS_FILTERS) },
  '/cargos': { list: 'cargos', title: 'Cargos', filters: fixed(RECORD_STATUS_FILTERS) },
  '/empresas': { list: 'empresas', title: 'Empresas', filters: fixed(RECORD_STATUS_FILTERS) },
  '/bancos': { list: 'bancos', title: 'Bancos', filters: fixed(RECORD_STATUS_FILTERS) },
  '/pagos/catalogos/motivos-de-rechazo': {
    list: 'motivos-de-rechazo',
    title: 'Motivos de rechazo',
    filters: fixed(RECORD_STATUS_FILTERS),
  },
  '/pagos/catalogos/lineas-de-gasto': {
    list: 'lineas-de-gasto',
    title: 'Líneas de gasto',
    filters: fixed(RECORD_STATUS_FILTERS),
  },
  '/pagos/catalogos/tipos-de-proyecto': {
    list: 'tipos-de-proyecto',
    title: 'Tipos de proyecto',
    filters: fixed(RECORD_STATUS_FILTERS),
  },
  '/padrones': {
    list: 'padrones',
    title: 'Padrones de SUNAT',
    filters: fixed([
      {
        kind: 'select',
        name: 'kind',
        label: 'Padrón',
        options: PADRON_KINDS.map((k) => ({ value: k, label: PADRON_LABEL[k] })),
      },
      { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) },
    ]),
  },
  '/auditoria': {
    list: 'auditoria',
    title: 'Auditoría',
    filters: fixed([
      {
        kind: 'select',
        name: 'action',
        label: 'Acción',
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditAction[a].label })),
      },
      { kind: 'dateRange', name: 'date', label: 'Fecha' },
    ]),
  },
  '/colaboradores': {
    list: 'colaboradores',
    title: 'Colaboradores',
    filters: async (request) => {
      const c = await loadCatalogs(request)
      return [
        { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(employeeStatus) },
        { kind: 'select', name: 'areaIds', label: 'Área', options: c.areas, multiple: true },
        { kind: 'select', name: 'roleIds', label: 'Cargo', options: c.positions, multiple: true },
        { kind: 'select', name: 'companyId', label: 'Empresa', options: c.companies },
        { kind: 'dateRange', name: 'contractInitiation', label: 'Inicio de contrato' },
        { kind: 'dateRange', name: 'contractFinish', label: 'Fin de contrato' },
      ]
    },
  },
  '/contratos': {
    list: 'contratos',
    title: 'Contratos',
    filters: async (request) => {
      const c = await loadCatalogs(request)
      return [
        { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(contractStatus) },
        {
          kind: 'select',
          name: 'contractType',
          label: 'Duración del contrato',
          chip: 'Duración',
          options: enumOptions(contractDuration),
        },
        { kind: 'select', name: 'companyIds', label: 'Empresa', options: c.companies, multiple: true },
        { kind: 'select', name: 'areaIds', label: 'Área', options: c.areas, multiple: true },
        { kind: 'select', name: 'positionIds', label: 'Cargo', options: c.positions, multiple: true },
        { kind: 'dateRange', name: 'contractInitiation', label: 'Fecha de inicio' },
        { kind: 'dateRange', name: 'contractFinish', label: 'Fecha de fin' },
      ]
    },
  },
  '/reclutamiento/vacantes': {
    list: 'vacantes',
    title: 'Vacantes',
    filters: fixed([
      { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recruitmentStatus) },
    ]),
  },
  '/reclutamiento/postulantes': {
    list: 'postulantes',
    title: 'Postulantes',
    filters: async (request) => {
      const c = await loadCatalogs(request)
      return [
        { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recruitmentStatus) },
        { kind: 'select', name: 'areaId', label: 'Área', options: c.areas },
        { kind: 'select', name: 'positionId', label: 'Cargo', options: c.positions },
        { kind: 'dateRange', name: 'hireDate', label: 'Fecha de Ingreso', chip: 'Fecha de ingreso' },
        { kind: 'dateRange', name: 'leaveDate', label: 'Fecha de Cese', chip: 'Fecha de cese' },
        { kind: 'select', name: 'pendingVacation', label: 'Vacaciones pendientes', options: YES_NO },
        { kind: 'select', name: 'companyId', label: 'Empresa', options: c.companies },
      ]
    },
  },
  '/planillas': {
    list: 'planillas',
    title: 'Planillas',
    filters: () => [
      { kind: 'select', name: 'type', label: 'Tipo', options: enumOptions(payrollType) },
      { kind: 'select', name: 'period', label: 'Periodo', options: periodFilterOptions(periodOptions()) },
    ],
  },
  '/planillas/externas': {
    list: 'planillas-externas',
    title: 'Carga de planillas',
    filters: () => [
      { kind: 'select', name: 'period', label: 'Periodo', options: periodFilterOptions(periodOptions()) },
      { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(batchStatus) },
    ],
  },
  '/planillas/abonos': { list: 'abonos', title: 'Carga de abonos', filters: PAYMENT_BATCH_FILTERS },
  '/pagos/abonos': {
    list: 'pagos-abonos',
    title: 'Abonos de proveedores',
    filters: PAYMENT_BATCH_FILTERS,
  },
  '/pagos/carga': { list: 'pagos-carga', title: 'Carga de comprobantes', filters: UPLOAD_STATUS },
  '/pagos/detracciones/constancias': {
    list: 'pagos-constancias',
    title: 'Cargas de constancias',
    filters: UPLOAD_STATUS,
  },
  '/proveedores': {
    list: 'proveedores',
    title: 'Proveedores',
    // The API takes the types as a list (`supplierTypes`), one chosen here.
    filters: fixed([
      ...RECORD_STATUS_FILTERS,
      {
        kind: 'select',
        name: 'supplierTypes',
        label: 'Tipo de proveedor',
        chip: 'Tipo',
        options: enumOptions(supplierType),
      },
    ]),
  },
  '/pagos': {
    list: 'pagos',
    title: 'Comprobantes por pagar',
    filters: async (request) => {
      const { suppliers, expenseLines } = await loadVoucherCatalogs(request)
      return [
        {
          kind: 'select',
          name: 'statuses',
          label: 'Estado',
          options: enumOptions(voucherStatus),
          multiple: true,
        },
        { kind: 'select', name: 'supplierIds', label: 'Proveedor', options: suppliers, multiple: true },
        { kind: 'dateRange', name: 'dueDate', label: 'Vencimiento' },
        {
          kind: 'select',
          name: 'overdue',
          label: 'Vencidos',
          options: [{ value: 'true', label: 'Solo vencidos sin pagar' }],
        },
        {
          kind: 'select',
          name: 'expenseLineIds',
          label: 'Línea de gasto',
          options: expenseLines,
          multiple: true,
        },
      ]
    },
  },
  '/pagos/detracciones': {
    list: 'detracciones',
    title: 'Detracciones',
    filters: async (request) => {
      const [companies, { suppliers }] = await Promise.all([
        loadPayingCompanies(request),
        loadVoucherCatalogs(request),
      ])
      const states = Object.entries(detractionState).map(([value, label]) => ({ value, label }))
      return [
        { kind: 'select', name: 'states', label: 'Estado', options: states, multiple: true },
        { kind: 'select', name: 'companyIds', label: 'Empresa', options: companies, multiple: true },
        { kind: 'select', name: 'supplierIds', label: 'Proveedor', options: suppliers, multiple: true },
        {
          kind: 'select',
          name: 'period',
          label: 'Periodo de emisión',
          chip: 'Periodo',
          options: periodFilterOptions(periodOptions()),
        },
        { kind: 'dateRange', name: 'depositedOn', label: 'Fecha de depósito', chip: 'Depósito' },
      ]
    },
  },
}

/** Query keys that page, order or search a list without being one of its 'Filtrar' filters. */
const NOT_FILTERS = new Set(['page', 'size', 'sort', 'search', RETURN_PARAM])

/** What a list's document says of its filters: where 'Filtrar' leads and the chips in force. */
export type ListFilterState = { href: string; chips: Chip[] }

/** `/filtrar/<list>` with the list's current query, less its page (a new filter starts at 1). */
export function filterHref(listPath: string, params: URLSearchParams): string {
  const query = new URLSearchParams([...params].filter(([key]) => key !== 'page')).toString()
  return `/filtrar${listPath}${query ? `?${query}` : ''}`
}

/**
 * The 'Filtrar' of the list at the request's address, if it has one: its link and the chips. The
 * filters (and any catalogue behind their options) are read only when the URL holds some filter,
 * to name the chosen values in the chips; a list without one pays nothing for 'Filtrar'.
 */
export async function listFilterState(request: Request, list: ListKey): Promise<ListFilterState | undefined> {
  const url = new URL(request.url)
  const source = LIST_FILTERS[url.pathname]
  if (!source || source.list !== list) return undefined
  const filtered = [...url.searchParams.keys()].some((key) => !NOT_FILTERS.has(key))
  const chips = filtered ? filterChips(await source.filters(request), url.searchParams) : []
  return { href: filterHref(url.pathname, url.searchParams), chips }
}
