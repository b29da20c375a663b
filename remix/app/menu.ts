/** The sidebar menu exactly as SPEC §2 lists it; each entry names the permission that shows it. */
export type MenuLink = { label: string; to: string; permission: string }
export type MenuGroup = { label: string; id: string; children: MenuLink[] }
export type MenuEntry = MenuLink | MenuGroup

export const MENU: MenuEntry[] = [
  { label: 'Portada', to: '/', permission: 'dashboard' },
  {
    label: 'Mantenimiento',
    id: 'mantenimiento',
    children: [
      { label: 'Áreas', to: '/areas', permission: 'areas_lista' },
      { label: 'Empresas', to: '/empresas', permission: 'empresas_lista' },
      { label: 'Cargos', to: '/cargos', permission: 'cargos_lista' },
    ],
  },
  { label: 'Colaboradores', to: '/colaboradores', permission: 'colaboradores_lista' },
  { label: 'Contratos', to: '/contratos', permission: 'contratos_lista' },
  {
    label: 'Planillas',
    id: 'planillas',
    children: [
      { label: 'Lista', to: '/planillas', permission: 'planillas_lista' },
      { label: 'Carga de planillas', to: '/planillas/externas', permission: 'planillas_carga' },
      { label: 'Cargar abonos', to: '/planillas/abonos', permission: 'planillas_abonos' },
    ],
  },
  {
    label: 'Reclutamiento',
    id: 'reclutamiento',
    children: [
      { label: 'Vacantes', to: '/reclutamiento/vacantes', permission: 'vacantes_lista' },
      { label: 'Postulantes', to: '/reclutamiento/postulantes', permission: 'postulantes_lista' },
    ],
  },
  { label: 'Auditoría', to: '/auditoria', permission: 'auditoria_lista' },
]

const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry

/** The menu a user may see: links they hold the permission for, groups with at least one such link. */
export function menuFor(roles: readonly string[]): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return roles.includes(entry.permission) ? [entry] : []
    const children = entry.children.filter((c) => roles.includes(c.permission))
    return children.length ? [{ ...entry, children }] : []
  })
}

export { isGroup }
