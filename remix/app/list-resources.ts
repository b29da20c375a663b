import type { Endpoint, Permission, PermissionRequirement } from '@planillas/domain'
import { readNumbers, readRange } from './utils/list-params'

/**
 * The lists: the API path, the permissions and how the page URL becomes the API's filter body.
 * The list loader (`loadList`) and the download route (`descargar.$resource`) both read this, so a
 * download always carries exactly the filter on screen. A module adds one entry.
 */
/** The list endpoints of the API contract ('POST /areas/list'). */
export type ListEndpoint = Extract<Endpoint, `POST /${string}/list`>

export type ListResource = {
  /** The API's list: its rows are typed by the contract (`loadList`). */
  list: ListEndpoint
  /** The permission to see the list, or any of several. */
  permission: PermissionRequirement
  downloadPermission?: Permission
  editPermission?: Permission
  filter: (params: URLSearchParams) => Record<string, unknown>
  /** The export's base file name. */
  fileName: string
}

const statusFilter = (params: URLSearchParams) => ({
  search: params.get('search')?.trim() || undefined,
  status: Number(params.get('status')) || undefined,
})

export const LIST_RESOURCES = {
  abonos: {
    list: 'POST /payment-batches/list',
    // The payroll's abonos carry employees' documents and amounts: the payroll clerk's, not Pagos'.
    permission: 'planillas_abonos',
    editPermission: 'planillas_abonos',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      status: Number(params.get('status')) || undefined,
      createdAt: readRange(params, 'createdAt'),
    }),
    fileName: 'abonos',
  },
  /** Supplier abonos: the same API list, its batches of supplier payment runs. */
  'pagos-abonos': {
    list: 'POST /payment-batches/list',
    permission: 'pagos_abonos_lista',
    editPermission: 'pagos_pagar',
    filter: (params) => ({
      source: 'VOUCHERS',
      search: params.get('search')?.trim() || undefined,
      status: Number(params.get('status')) || undefined,
      createdAt: readRange(params, 'createdAt'),
    }),
    fileName: 'abonos-de-proveedores',
  },
  'pagos-carga': {
    list: 'POST /voucher-batches/list',
    permission: 'pagos_registrar',
    editPermission: 'pagos_registrar',
    filter: statusFilter,
    fileName: 'cargas-de-comprobantes',
  },
  'pagos-constancias': {
    list: 'POST /constancia-batches/list',
    permission: 'pagos_pagar',
    editPermission: 'pagos_pagar',
    filter: statusFilter,
    fileName: 'cargas-de-constancias',
  },
  planillas: {
    list: 'POST /payroll/list',
    permission: 'planillas_lista',
    downloadPermission: 'planillas_descarga_excel',
    editPermission: 'planillas_carga',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      type: Number(params.get('type')) || undefined,
      period: params.get('period') || undefined,
    }),
    fileName: 'planillas',
  },
  'planillas-externas': {
    list: 'POST /payroll-batch/list',
    permission: 'planillas_carga',
    editPermission: 'planillas_carga',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      period: params.get('period') || undefined,
      status: Number(params.get('status')) || undefined,
    }),
    fileName: 'cargas-de-planillas',
  },
  areas: {
    list: 'POST /areas/list',
    permission: 'areas_lista',
    downloadPermission: 'areas_descarga_excel',
    editPermission: 'areas_edicion',
    filter: statusFilter,
    fileName: 'areas',
  },
  cargos: {
    list: 'POST /positions/list',
    permission: 'cargos_lista',
    editPermission: 'cargos_edicion',
    filter: statusFilter,
    fileName: 'cargos',
  },
  'lineas-de-gasto': {
    list: 'POST /expense-lines/list',
    permission: 'pagos_catalogos',
    editPermission: 'pagos_catalogos',
    filter: statusFilter,
    fileName: 'lineas-de-gasto',
  },
  'tipos-de-proyecto': {
    list: 'POST /project-types/list',
    permission: 'pagos_catalogos',
    editPermission: 'pagos_catalogos',
    filter: statusFilter,
    fileName: 'tipos-de-proyecto',
  },
  'motivos-de-rechazo': {
    list: 'POST /reject-reasons/list',
    permission: 'pagos_catalogos',
    editPermission: 'pagos_catalogos',
    filter: statusFilter,
    fileName: 'motivos-de-rechazo',
  },
  empresas: {
    list: 'POST /companies/list',
    permission: 'empresas_lista',
    downloadPermission: 'empresas_descarga_excel',
    editPermission: 'empresas_edicion',
    filter: statusFilter,
    fileName: 'empresas',
  },
  padrones: {
    list: 'POST /padron-loads/list',
    permission: 'padrones_carga',
    editPermission: 'padrones_carga',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      kind: params.get('kind') || undefined,
      status: Number(params.get('status')) || undefined,
    }),
    fileName: 'padrones',
  },
  bancos: {
    list: 'POST /banks/list',
    permission: 'bancos_lista',
    editPermission: 'bancos_edicion',
    filter: statusFilter,
    fileName: 'bancos',
  },
  vacantes: {
    list: 'POST /job-openings/list',
    permission: 'vacantes_lista',
    downloadPermission: 'vacantes_descarga_excel',
    editPermission: 'vacantes_edicion',
    filter: statusFilter,
    fileName: 'vacantes',
  },
  postulantes: {
    list: 'POST /applicants/list',
    permission: 'postulantes_lista',
    downloadPermission: 'postulantes_descarga_excel',
    editPermission: 'postulantes_edicion',
    filter: (params) => ({
      ...statusFilter(params),
      areaId: Number(params.get('areaId')) || undefined,
      positionId: Number(params.get('positionId')) || undefined,
      companyId: Number(params.get('companyId')) || undefined,
      hireDate: readRange(params, 'hireDate'),
      leaveDate: readRange(params, 'leaveDate'),
      pendingVacation: params.get('pendingVacation') || undefined,
    }),
    fileName: 'postulantes',
  },
  colaboradores: {
    list: 'POST /employees/list',
    permission: 'colaboradores_lista',
    downloadPermission: 'colaboradores_descarga_excel',
    editPermission: 'colaboradores_edicion',
    filter: (params) => ({
      ...statusFilter(params),
      areaIds: readNumbers(params, 'areaIds'),
      roleIds: readNumbers(params, 'roleIds'),
      companyId: Number(params.get('companyId')) || undefined,
      contractInitiation: readRange(params, 'contractInitiation'),
      contractFinish: readRange(params, 'contractFinish'),
    }),
    fileName: 'colaboradores',
  },
  auditoria: {
    list: 'POST /audit-logs/list',
    permission: 'auditoria_lista',
    downloadPermission: 'auditoria_descarga_excel',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      action: params.get('action') || undefined,
      date: readRange(params, 'date'),
    }),
    fileName: 'auditoria',
  },
  contratos: {
    list: 'POST /contracts/list',
    permission: 'contratos_lista',
    downloadPermission: 'contratos_descarga_excel',
    editPermission: 'contratos_edicion',
    filter: (params) => ({
      ...statusFilter(params),
      contractType: Number(params.get('contractType')) || undefined,
      companyIds: readNumbers(params, 'companyIds'),
      areaIds: readNumbers(params, 'areaIds'),
      positionIds: readNumbers(params, 'positionIds'),
      contractInitiation: readRange(params, 'contractInitiation'),
      contractFinish: readRange(params, 'contractFinish'),
    }),
    fileName: 'contratos',
  },
  proveedores: {
    list: 'POST /suppliers/list',
    permission: 'proveedores_lista',
    downloadPermission: 'proveedores_descarga_excel',
    editPermission: 'proveedores_edicion',
    filter: (params) => ({
      ...statusFilter(params),
      supplierTypes: readNumbers(params, 'supplierTypes'),
    }),
    fileName: 'proveedores',
  },
  pagos: {
    list: 'POST /payments/list',
    permission: 'pagos_lista_lista',
    downloadPermission: 'pagos_descarga_excel',
    editPermission: 'pagos_registrar',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      statuses: readNumbers(params, 'statuses'),
      supplierIds: readNumbers(params, 'supplierIds'),
      expenseLineIds: readNumbers(params, 'expenseLineIds'),
      dueDate: readRange(params, 'dueDate'),
      overdue: params.get('overdue') === 'true' || undefined,
    }),
    fileName: 'comprobantes',
  },
  detracciones: {
    list: 'POST /detractions/list',
    permission: 'pagos_lista_lista',
    editPermission: 'pagos_pagar',
    filter: (params) => ({
      search: params.get('search')?.trim() || undefined,
      states: params.getAll('states').filter(Boolean),
      companyIds: readNumbers(params, 'companyIds'),
      supplierIds: readNumbers(params, 'supplierIds'),
      period: params.get('period') || undefined,
      depositedOn: readRange(params, 'depositedOn'),
    }),
    fileName: 'detracciones',
  },
} satisfies Record<string, ListResource>

export type ListKey = keyof typeof LIST_RESOURCES

/** The list resource of a URL segment (`/descargar/:resource`), if there is one. */
export const listResourceOf = (key: string): ListResource | undefined =>
  Object.hasOwn(LIST_RESOURCES, key) ? LIST_RESOURCES[key as ListKey] : undefined

/** Sent by 'Descargar selección': the download is of the ticked rows (`ids`), not of the filter. */
export const SELECTION_PARAM = 'seleccion'

/**
 * The export body of 'Descargar selección': the ticked rows' distinct ids (the API narrows any
 * list's export to them), or null when the download is of the filter on screen.
 */
export function selectionFilter(params: URLSearchParams): { ids: number[] } | null {
  if (!params.has(SELECTION_PARAM) && !params.has('ids')) return null
  return { ids: [...new Set(readNumbers(params, 'ids'))] }
}

/** The API path of a list's resource ('/areas'): its workbook is `POST <path>/xlsx`. */
export const apiPathOf = (resource: ListResource) => resource.list.slice('POST '.length, -'/list'.length)
