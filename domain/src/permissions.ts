/**
 * The permission catalogue. Roles are permission codes (DESIGN §3): the API checks them on every
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

const moduleRoles = MODULES.flatMap((m) => [`${m}_lista`, `${m}_edicion`, `${m}_descarga_excel`])

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
export type Permission = string

export const can = (roles: readonly string[], permission: Permission) => roles.includes(permission)

const auditRoles = ['auditoria_lista', 'auditoria_descarga_excel']

/** The demo users' roles (the development identity provider and the seed use these). */
export const DEMO_ROLES = {
  admin: [...PERMISSIONS],
  rrhh: PERMISSIONS.filter((p) => !auditRoles.includes(p)),
  auditor: ['dashboard', ...auditRoles],
  lector: ['dashboard', ...PERMISSIONS.filter((p) => p.endsWith('_lista'))].filter(
    (p) => !auditRoles.includes(p),
  ),
} as const satisfies Record<string, readonly string[]>
