import {
  contractActions,
  contractStatus,
  type EnumTable,
  MAX_ID,
  type Permission,
  recordStatus,
  recruitmentStatus,
} from '@planillas/domain'

/**
 * Resources whose records change status through the shared confirmation ('Cambiar estado'):
 * the API path, the permission, where to go back to and the status table whose labels are shown.
 * A module adds one entry here; the route `estado.$resource.$id` does the rest.
 */
/** The API resources whose records change status (`GET /<api>/:id`, `PUT /<api>/:id/status`). */
export type StatusApi =
  | 'areas'
  | 'positions'
  | 'companies'
  | 'job-openings'
  | 'applicants'
  | 'contracts'
  | 'suppliers'
  | 'expense-lines'
  | 'project-types'
  | 'reject-reasons'

export type StatusResource = {
  /** Banks are named by their 3-digit code (`GET /banks/:code`), every other record by its id. */
  api: StatusApi | 'banks'
  permission: Permission
  list: string
  /** Noun with article, e.g. 'el área'. */
  noun: string
  statuses: EnumTable
  /** A readable name of the record for the confirmation text. */
  describe: (record: Record<string, unknown>) => string
  /**
   * For resources with more than a toggle (contracts): the statuses a record may move to from its
   * current one, with the action's label and whether it asks for a reason. Omitted: any status.
   */
  transitions?: (record: Record<string, unknown>) => StatusTransition[]
  /**
   * For records named by a code rather than a numeric id (banks: their 3-digit code, leading zeros
   * and all): the pattern the URL's key must match. Omitted: a positive integer id.
   */
  codeKey?: RegExp
  /**
   * A catalogue the web tier caches: a status change makes it forget them ('employees': areas,
   * positions, companies; 'vouchers': the vouchers list's líneas de gasto).
   */
  cachedCatalogue?: 'employees' | 'vouchers'
}

export type StatusTransition = { status: number; label: string; reason?: 'required' | 'optional' }

/** The status actions the contract engine offers (Renovar is a new contract, not a status change). */
export const contractTransitions = (status: number): StatusTransition[] =>
  contractActions(status).flatMap((a) =>
    'to' in a ? [{ status: a.to, label: a.label, reason: a.reason }] : [],
  )

/**
 * The table is read with a name from the URL (`/estado/:resource/:id`): without a prototype,
 * `__proto__`, `constructor` or `toString` find nothing (a 404) instead of Object's own members,
 * which made the page fail with a 500.
 */
function withoutPrototype<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries)
}

/** The resource a URL names, or undefined. */
export const statusResource = (name: string | undefined): StatusResource | undefined =>
  name && Object.hasOwn(STATUS_RESOURCES, name) ? STATUS_RESOURCES[name] : undefined

const byDescription = (r: Record<string, unknown>) => `${r.code} — ${r.description}`

export const STATUS_RESOURCES: Record<string, StatusResource> = withoutPrototype({
  areas: {
    api: 'areas',
    permission: 'areas_edicion',
    list: '/areas',
    noun: 'el área',
    statuses: recordStatus,
    describe: byDescription,
    cachedCatalogue: 'employees',
  },
  cargos: {
    api: 'positions',
    permission: 'cargos_edicion',
    list: '/cargos',
    noun: 'el cargo',
    statuses: recordStatus,
    describe: byDescription,
    cachedCatalogue: 'employees',
  },
  empresas: {
    api: 'companies',
    permission: 'empresas_edicion',
    list: '/empresas',
    noun: 'la empresa',
    statuses: recordStatus,
    describe: (r) => `${r.ruc} — ${r.name}`,
    cachedCatalogue: 'employees',
  },
  proveedores: {
    api: 'suppliers',
    permission: 'proveedores_edicion',
    list: '/proveedores',
    noun: 'el proveedor',
    statuses: recordStatus,
    describe: (r) => `${r.ruc} — ${r.name}`,
  },
  vacantes: {
    api: 'job-openings',
    permission: 'vacantes_edicion',
    list: '/reclutamiento/vacantes',
    noun: 'la vacante',
    statuses: recruitmentStatus,
    describe: (r) => `${r.code} — ${r.position}`,
  },
  postulantes: {
    api: 'applicants',
    permission: 'postulantes_edicion',
    list: '/reclutamiento/postulantes',
    noun: 'el postulante',
    statuses: recruitmentStatus,
    describe: (r) => `${r.code} — ${r.name} ${r.surname}`,
  },
  bancos: {
    api: 'banks',
    permission: 'bancos_edicion',
    list: '/bancos',
    noun: 'el banco',
    statuses: recordStatus,
    describe: (r) => `${r.code} — ${r.name}`,
    codeKey: /^\d{3}$/,
  },
  'lineas-de-gasto': {
    api: 'expense-lines',
    permission: 'pagos_catalogos',
    list: '/pagos/catalogos/lineas-de-gasto',
    noun: 'la línea de gasto',
    statuses: recordStatus,
    describe: byDescription,
    cachedCatalogue: 'vouchers',
  },
  'tipos-de-proyecto': {
    api: 'project-types',
    permission: 'pagos_catalogos',
    list: '/pagos/catalogos/tipos-de-proyecto',
    noun: 'el tipo de proyecto',
    statuses: recordStatus,
    describe: byDescription,
  },
  'motivos-de-rechazo': {
    api: 'reject-reasons',
    permission: 'pagos_catalogos',
    list: '/pagos/catalogos/motivos-de-rechazo',
    noun: 'el motivo de rechazo',
    statuses: recordStatus,
    describe: byDescription,
  },
  contratos: {
    api: 'contracts',
    permission: 'contratos_edicion',
    list: '/contratos',
    noun: 'el contrato',
    statuses: contractStatus,
    describe: (r) => `${r.number} — ${r.fullName}`,
    transitions: (r) => contractTransitions(Number(r.status)),
  },
})

/** The selected rows' ids as a list's selection sent them: distinct positive integers. */
export function selectedIds(values: string[]): number[] {
  return [...new Set(values.map(Number))].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID)
}
