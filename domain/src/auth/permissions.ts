/**
 * The permission catalogue. Roles are permission codes (docs/architecture.md): the API checks them on every
 * route, the web tier hides what a user may not use.
 */
export const MODULES = [
  'areas',
  'empresas',
  'cargos',
  'colaboradores',
  'contratos',
  'planillas',
  'vacantes',
  'postulantes',
  /** 'Proveedores': the suppliers a company pays. */
  'proveedores',
] as const
export type Module = (typeof MODULES)[number]

/**
 * 'Pagos › Comprobantes': reading the vouchers is `pagos_lista_lista` (the specified menu code);
 * each step of a voucher has its own permission, so the person who registers need not approve
 * (and may not approve their own voucher: the API refuses it whatever their roles).
 */
export const VOUCHER_PERMISSIONS = [
  'pagos_registrar',
  'pagos_autorizar',
  'pagos_aprobar',
  'pagos_pagar',
  'pagos_rechazar',
  'pagos_anular',
  /** 'Generar pagos': a payment run (its bank files) and its annulment. Reading the page is `pagos_generar_lista`. */
  'pagos_generar',
  'pagos_descarga_excel',
  /** The payments' catalogues: SPOT rates, retention rate, líneas de gasto, tipos de proyecto, motivos de rechazo. */
  'pagos_catalogos',
] as const

/** What each module grants: its list, its edit forms, its Excel download. */
const MODULE_GRANTS = ['lista', 'edicion', 'descarga_excel'] as const
type ModulePermission = `${Module}_${(typeof MODULE_GRANTS)[number]}`

const moduleRoles = MODULES.flatMap((m) => MODULE_GRANTS.map((g): ModulePermission => `${m}_${g}`))

export const PERMISSIONS = [
  'dashboard',
  'auditoria_lista',
  'auditoria_descarga_excel',
  'pagos_lista_lista',
  'pagos_generar_lista',
  'pagos_abonos_lista',
  ...moduleRoles,
  'planillas_carga',
  'planillas_abonos',
  /** 'Generar archivo de pago': the bank's bulk-payment file of a payroll. */
  'planillas_pago',
  /** 'Mantenimiento › Bancos': the banks catalogue (list; create, rename, suspend). No export. */
  'bancos_lista',
  'bancos_edicion',
  /**
   * Confirms a supplier's bank account that another supplier or an employee also holds: the second
   * person of docs/decisions/shared-accounts.md (never who saved the account).
   */
  'proveedores_aprobar',
  ...VOUCHER_PERMISSIONS,
  /** 'Mantenimiento › Padrones de SUNAT': loads the padrones (docs/decisions/sunat-padrones.md); administrators only. */
  'padrones_carga',
] as const
/**
 * A permission code of the catalogue: a misspelt code in a route, a guard, the menu or a list
 * declaration fails typecheck. Roles as they come from a token stay `string[]` (a provider may
 * send codes this build does not know; they grant nothing).
 */
export type Permission = (typeof PERMISSIONS)[number]
/** A route's or a screen's requirement: one permission, or any of several. */
export type PermissionRequirement = Permission | readonly Permission[]

export const can = (roles: readonly string[], permission: Permission) => roles.includes(permission)

/** Whether `roles` hold the permission, or any of the permissions, `required` names. */
export const mayUse = (roles: readonly string[], required: PermissionRequirement) =>
  typeof required === 'string' ? roles.includes(required) : required.some((p) => roles.includes(p))

const auditRoles: readonly Permission[] = ['auditoria_lista', 'auditoria_descarga_excel']
/** What the HR clerk may not do with supplier payments: approve, pay, cancel, maintain their tables. */
const treasuryRoles: readonly Permission[] = [
  'pagos_aprobar',
  'pagos_pagar',
  'pagos_anular',
  'pagos_generar',
  'pagos_catalogos',
  'proveedores_aprobar',
]

/** The demo users' roles (the development identity provider and the seed use these). */
export const DEMO_ROLES = {
  admin: [...PERMISSIONS],
  rrhh: PERMISSIONS.filter(
    (p) => !auditRoles.includes(p) && !treasuryRoles.includes(p) && p !== 'padrones_carga',
  ),
  /** Tesorería: reads suppliers and vouchers, approves, pays, rejects and cancels them; registers none. */
  tesoreria: [
    'dashboard',
    'proveedores_lista',
    'proveedores_descarga_excel',
    'proveedores_aprobar',
    'pagos_lista_lista',
    'pagos_generar_lista',
    'pagos_abonos_lista',
    'pagos_aprobar',
    'pagos_pagar',
    'pagos_rechazar',
    'pagos_anular',
    'pagos_generar',
    'pagos_descarga_excel',
  ],
  auditor: ['dashboard', ...auditRoles],
  lector: ['dashboard' as const, ...PERMISSIONS.filter((p) => p.endsWith('_lista'))].filter(
    (p) => !auditRoles.includes(p),
  ),
} as const satisfies Record<string, readonly Permission[]>

const MODULE_LABELS: Record<Module, string> = {
  areas: 'Áreas',
  empresas: 'Empresas',
  cargos: 'Cargos',
  colaboradores: 'Colaboradores',
  contratos: 'Contratos',
  planillas: 'Planillas',
  vacantes: 'Vacantes',
  postulantes: 'Postulantes',
  proveedores: 'Proveedores',
}
const GRANT_LABELS = { lista: 'ver la lista', edicion: 'crear y editar', descarga_excel: 'descargar Excel' }

/** What each permission lets a user do, in Spanish (a role editor, the API docs, the audit). */
export const PERMISSION_LABELS: Record<Permission, string> = {
  dashboard: 'Portada',
  auditoria_lista: 'Auditoría: ver la lista',
  auditoria_descarga_excel: 'Auditoría: descargar Excel',
  pagos_lista_lista: 'Pagos: ver los comprobantes',
  pagos_generar_lista: 'Pagos: generar pagos',
  pagos_abonos_lista: 'Pagos: abonos',
  ...(Object.fromEntries(
    MODULES.flatMap((m) =>
      MODULE_GRANTS.map((g) => [`${m}_${g}`, `${MODULE_LABELS[m]}: ${GRANT_LABELS[g]}`]),
    ),
  ) as Record<ModulePermission, string>),
  planillas_carga: 'Planillas: carga de planillas',
  planillas_abonos: 'Planillas: cargar abonos',
  planillas_pago: 'Planillas: generar archivo de pago',
  bancos_lista: 'Bancos: ver la lista',
  bancos_edicion: 'Bancos: crear y editar',
  proveedores_aprobar: 'Proveedores: confirmar cuentas bancarias compartidas',
  pagos_registrar: 'Pagos: registrar comprobantes',
  pagos_autorizar: 'Pagos: autorizar comprobantes',
  pagos_aprobar: 'Pagos: aprobar comprobantes',
  pagos_pagar: 'Pagos: marcar comprobantes como pagados',
  pagos_rechazar: 'Pagos: rechazar comprobantes',
  pagos_anular: 'Pagos: anular comprobantes',
  pagos_generar: 'Pagos: generar y anular órdenes de pago a proveedores',
  pagos_descarga_excel: 'Pagos: descargar Excel de comprobantes',
  padrones_carga: 'Mantenimiento: cargar los padrones de SUNAT',
  pagos_catalogos:
    'Pagos: tasas de detracción y retención, líneas de gasto, tipos de proyecto y motivos de rechazo',
}
