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
] as const
export type Module = (typeof MODULES)[number]

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
  /** 'Generar archivo de pago': the bank's bulk-payment file of a payroll (issue 14). */
  'planillas_pago',
  /** 'Mantenimiento › Bancos': the banks catalogue (list; create, rename, suspend). No export. */
  'bancos_lista',
  'bancos_edicion',
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

/** The demo users' roles (the development identity provider and the seed use these). */
export const DEMO_ROLES = {
  admin: [...PERMISSIONS],
  rrhh: PERMISSIONS.filter((p) => !auditRoles.includes(p)),
  auditor: ['dashboard', ...auditRoles],
  lector: ['dashboard' as const, ...PERMISSIONS.filter((p) => p.endsWith('_lista'))].filter(
    (p) => !auditRoles.includes(p),
  ),
} as const satisfies Record<string, readonly Permission[]>
