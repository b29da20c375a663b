import { mayUse, type PermissionRequirement } from '@planillas/domain'
import { LIST_RESOURCES } from './list-resources'

/**
 * The sidebar menu; each entry names the permission that shows it. A list
 * screen's entry takes the permission of the list itself (`LIST_RESOURCES`), so the menu shows a
 * screen exactly to who may open it.
 */
export type MenuLink = { label: string; to: string; permission: PermissionRequirement }
export type MenuGroup = { label: string; id: string; children: MenuLink[] }
export type MenuEntry = MenuLink | MenuGroup

export const MENU: MenuEntry[] = [
  { label: 'Portada', to: '/', permission: 'dashboard' },
  {
    label: 'Mantenimiento',
    id: 'mantenimiento',
    children: [
      { label: 'Áreas', to: '/areas', permission: LIST_RESOURCES.areas.permission },
      { label: 'Empresas', to: '/empresas', permission: LIST_RESOURCES.empresas.permission },
      { label: 'Cargos', to: '/cargos', permission: LIST_RESOURCES.cargos.permission },
      { label: 'Bancos', to: '/bancos', permission: LIST_RESOURCES.bancos.permission },
      { label: 'Padrones de SUNAT', to: '/padrones', permission: LIST_RESOURCES.padrones.permission },
    ],
  },
  { label: 'Colaboradores', to: '/colaboradores', permission: LIST_RESOURCES.colaboradores.permission },
  { label: 'Contratos', to: '/contratos', permission: LIST_RESOURCES.contratos.permission },
  {
    label: 'Planillas',
    id: 'planillas',
    children: [
      { label: 'Lista', to: '/planillas', permission: LIST_RESOURCES.planillas.permission },
      {
        label: 'Carga de planillas',
        to: '/planillas/externas',
        permission: LIST_RESOURCES['planillas-externas'].permission,
      },
      { label: 'Cargar abonos', to: '/planillas/abonos', permission: LIST_RESOURCES.abonos.permission },
      { label: 'Declarar un mes', to: '/planillas/declaracion', permission: 'planillas_descarga_excel' },
    ],
  },
  {
    label: 'Pagos a proveedores',
    id: 'pagos',
    children: [
      { label: 'Proveedores', to: '/proveedores', permission: LIST_RESOURCES.proveedores.permission },
      { label: 'Comprobantes', to: '/pagos', permission: LIST_RESOURCES.pagos.permission },
      {
        label: 'Carga de comprobantes',
        to: '/pagos/carga',
        permission: LIST_RESOURCES['pagos-carga'].permission,
      },
      { label: 'Generar pagos', to: '/pagos/generar', permission: 'pagos_generar_lista' },
      {
        label: 'Abonos de proveedores',
        to: '/pagos/abonos',
        permission: LIST_RESOURCES['pagos-abonos'].permission,
      },
      {
        label: 'Detracciones',
        to: '/pagos/detracciones',
        permission: LIST_RESOURCES.detracciones.permission,
      },
      { label: 'Registro de retenciones', to: '/pagos/retenciones', permission: 'pagos_descarga_excel' },
      {
        label: 'Comprobantes de retención',
        to: '/pagos/retenciones/comprobantes',
        permission: 'pagos_lista_lista',
      },
      { label: 'Conciliación SIRE', to: '/pagos/sire', permission: 'pagos_descarga_excel' },
      { label: 'Catálogos', to: '/pagos/catalogos', permission: 'pagos_catalogos' },
    ],
  },
  {
    label: 'Reclutamiento',
    id: 'reclutamiento',
    children: [
      { label: 'Vacantes', to: '/reclutamiento/vacantes', permission: LIST_RESOURCES.vacantes.permission },
      {
        label: 'Postulantes',
        to: '/reclutamiento/postulantes',
        permission: LIST_RESOURCES.postulantes.permission,
      },
    ],
  },
  { label: 'Auditoría', to: '/auditoria', permission: LIST_RESOURCES.auditoria.permission },
]

const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry

const mayOpen = (roles: readonly string[], link: MenuLink) => mayUse(roles, link.permission)

/** The menu a user may see: links they hold the permission for, groups with at least one such link. */
function buildMenu(roles: readonly string[]): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return mayOpen(roles, entry) ? [entry] : []
    const children = entry.children.filter((c) => mayOpen(roles, c))
    return children.length ? [{ ...entry, children }] : []
  })
}

/** Menus already made, by set of permissions (a handful of roles share a few sets). */
const menus = new Map<string, readonly MenuEntry[]>()
/** The same roles array (one token's claims, read once: `memoByString`) skips even the key. */
const byRoles = new WeakMap<readonly string[], readonly MenuEntry[]>()
/** More sets than any deployment has roles: past it the cache starts over rather than grow. */
const MAX_MENUS = 200

/**
 * The menu for a set of permissions, made once per set and shared (frozen) by every page and user
 * holding it: the same permissions give the same object, other permissions another one, so a
 * change of a user's roles (a new token) shows at once.
 */
export function menuFor(roles: readonly string[]): readonly MenuEntry[] {
  const known = byRoles.get(roles)
  if (known) return known
  const key = [...new Set(roles)].sort().join(' ')
  let menu = menus.get(key)
  if (!menu) {
    if (menus.size >= MAX_MENUS) menus.clear()
    menu = Object.freeze(buildMenu(roles))
    menus.set(key, menu)
  }
  byRoles.set(roles, menu)
  return menu
}

export { isGroup }

/** The page is the link's own or under it ('/pagos/123/detalle' is under '/pagos'). */
export const isUnder = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)

/**
 * The link of a group the page belongs to: the deepest one it is under, so '/pagos/catalogos' is
 * 'Catálogos' alone, not 'Comprobantes' ('/pagos') too, while a voucher's '/pagos/123' stays 'Comprobantes'.
 */
export function currentLink(pathname: string, links: readonly MenuLink[]): MenuLink | undefined {
  return links
    .filter((l) => isUnder(pathname, l.to))
    .reduce<MenuLink | undefined>(
      (deepest, l) => (!deepest || l.to.length > deepest.to.length ? l : deepest),
      undefined,
    )
}
