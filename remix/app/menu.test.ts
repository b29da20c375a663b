import { DEMO_ROLES } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { currentLink, isGroup, MENU, menuFor } from './menu'

const labels = (roles: readonly string[]) =>
  menuFor(roles).flatMap((e) =>
    isGroup(e) ? [e.label, ...e.children.map((c) => `${e.label}/${c.label}`)] : [e.label],
  )

describe('menuFor', () => {
  it('shows the auditor only the portal and the audit log', () => {
    expect(labels(DEMO_ROLES.auditor)).toEqual(['Portada', 'Auditoría'])
  })
  it('hides the audit log from the HR clerk', () => {
    expect(labels(DEMO_ROLES.rrhh)).not.toContain('Auditoría')
    expect(labels(DEMO_ROLES.rrhh)).toContain('Mantenimiento/Áreas')
  })
  it('shows the read-only user the payment uploads the list lets them open', () => {
    // The payroll's abonos are the payroll clerk's (planillas_abonos); the supplier ones any Pagos reader's.
    expect(labels(DEMO_ROLES.lector)).not.toContain('Planillas/Cargar abonos')
    expect(labels(DEMO_ROLES.lector)).toContain('Pagos a proveedores/Abonos de proveedores')
    expect(labels(DEMO_ROLES.lector)).not.toContain('Planillas/Carga de planillas')
  })
  it("shows 'Bancos' under Mantenimiento to who holds bancos_lista (admin, HR, read-only), not to the auditor", () => {
    for (const who of [DEMO_ROLES.admin, DEMO_ROLES.rrhh, DEMO_ROLES.lector])
      expect(labels(who)).toContain('Mantenimiento/Bancos')
    expect(labels(['dashboard', 'bancos_lista'])).toEqual([
      'Portada',
      'Mantenimiento',
      'Mantenimiento/Bancos',
    ])
  })
  it("shows 'Padrones de SUNAT' under Mantenimiento to administrators only", () => {
    expect(labels(DEMO_ROLES.admin)).toContain('Mantenimiento/Padrones de SUNAT')
    for (const who of [DEMO_ROLES.rrhh, DEMO_ROLES.lector, DEMO_ROLES.tesoreria, DEMO_ROLES.auditor])
      expect(labels(who)).not.toContain('Mantenimiento/Padrones de SUNAT')
  })
  it("shows 'Proveedores' under 'Pagos a proveedores' to who may read the suppliers", () => {
    for (const who of [DEMO_ROLES.admin, DEMO_ROLES.rrhh, DEMO_ROLES.lector, DEMO_ROLES.tesoreria])
      expect(labels(who)).toContain('Pagos a proveedores/Proveedores')
    expect(labels(DEMO_ROLES.auditor)).not.toContain('Pagos a proveedores')
    expect(labels(['dashboard', 'proveedores_lista'])).toEqual([
      'Portada',
      'Pagos a proveedores',
      'Pagos a proveedores/Proveedores',
    ])
  })

  it("shows 'Comprobantes' under 'Pagos a proveedores' to who reads the vouchers (pagos_lista_lista)", () => {
    for (const who of [DEMO_ROLES.admin, DEMO_ROLES.rrhh, DEMO_ROLES.tesoreria, DEMO_ROLES.lector])
      expect(labels(who)).toContain('Pagos a proveedores/Comprobantes')
    expect(labels(DEMO_ROLES.auditor)).not.toContain('Pagos a proveedores')
    expect(labels(['dashboard', 'pagos_lista_lista'])).toEqual([
      'Portada',
      'Pagos a proveedores',
      'Pagos a proveedores/Comprobantes',
      'Pagos a proveedores/Detracciones',
      'Pagos a proveedores/Comprobantes de retención',
    ])
    // Registering alone does not open the list: it opens the vouchers' uploads.
    expect(labels(['dashboard', 'pagos_registrar'])).toEqual([
      'Portada',
      'Pagos a proveedores',
      'Pagos a proveedores/Carga de comprobantes',
    ])
  })
  it("shows 'Catálogos' under 'Pagos a proveedores' only to who maintains them (pagos_catalogos)", () => {
    expect(labels(DEMO_ROLES.admin)).toContain('Pagos a proveedores/Catálogos')
    for (const who of [DEMO_ROLES.rrhh, DEMO_ROLES.tesoreria, DEMO_ROLES.lector, DEMO_ROLES.auditor])
      expect(labels(who)).not.toContain('Pagos a proveedores/Catálogos')
    expect(labels(['dashboard', 'pagos_catalogos'])).toEqual([
      'Portada',
      'Pagos a proveedores',
      'Pagos a proveedores/Catálogos',
    ])
  })
  it('drops a group with no visible child', () => {
    expect(labels(['dashboard', 'areas_lista'])).toEqual(['Portada', 'Mantenimiento', 'Mantenimiento/Áreas'])
  })
  it('marks the deepest link of a group the page is under', () => {
    const payments = MENU.find((e) => isGroup(e) && e.id === 'pagos')
    if (!payments || !isGroup(payments)) throw new Error('no Pagos a proveedores group')
    expect(currentLink('/pagos/catalogos/detracciones', payments.children)?.label).toBe('Catálogos')
    expect(currentLink('/pagos', payments.children)?.label).toBe('Comprobantes')
    expect(currentLink('/pagos/15/detalle', payments.children)?.label).toBe('Comprobantes')
    expect(currentLink('/pagos/carga/3/errores', payments.children)?.label).toBe('Carga de comprobantes')
    expect(currentLink('/pagosx', payments.children)).toBeUndefined()
  })
})

describe('menuFor, made once per set of permissions', () => {
  it('gives the same permissions the same menu object, whatever their order or array', () => {
    const first = menuFor(DEMO_ROLES.rrhh)
    expect(menuFor(DEMO_ROLES.rrhh)).toBe(first)
    expect(menuFor([...DEMO_ROLES.rrhh].reverse())).toBe(first)
    expect(menuFor([...DEMO_ROLES.rrhh, DEMO_ROLES.rrhh[0]])).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
  })
  it('gives other permissions another menu', () => {
    expect(menuFor(DEMO_ROLES.auditor)).not.toBe(menuFor(DEMO_ROLES.rrhh))
    expect(menuFor(['dashboard'])).not.toBe(menuFor(['dashboard', 'areas_lista']))
  })
  it("shows a change of a user's permissions at once (a new token, new roles)", () => {
    const before = ['dashboard', 'areas_lista']
    expect(labels(before)).toEqual(['Portada', 'Mantenimiento', 'Mantenimiento/Áreas'])
    const after = [...before, 'auditoria_lista']
    expect(labels(after)).toEqual(['Portada', 'Mantenimiento', 'Mantenimiento/Áreas', 'Auditoría'])
    expect(labels(['dashboard'])).toEqual(['Portada'])
    // The earlier set still gets its own menu, unchanged.
    expect(labels(before)).toEqual(['Portada', 'Mantenimiento', 'Mantenimiento/Áreas'])
  })
})
