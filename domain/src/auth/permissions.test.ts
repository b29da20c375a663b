import { describe, expect, it } from 'vitest'
import { DEMO_ROLES, mayUse, PERMISSION_LABELS, PERMISSIONS, type Permission } from './permissions'

describe('Permission', () => {
  it('is the catalogue: three grants per module, two for banks, plus the named ones, no code twice', () => {
    expect(PERMISSIONS).toContain('contratos_descarga_excel')
    expect(PERMISSIONS).toContain('planillas_carga')
    // Banks are listed and edited, never exported (a few dozen rows).
    expect(PERMISSIONS).toEqual(expect.arrayContaining(['bancos_lista', 'bancos_edicion']))
    expect(PERMISSIONS).not.toContain('bancos_descarga_excel')
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length)
    // …and proveedores_aprobar, the second person who confirms a shared supplier account, and
    // padrones_carga, the administrator's loads of SUNAT's padrones.
    expect(PERMISSIONS.length).toBe(9 + 9 * 3 + 2 + 9 + 1 + 1)
    expect(DEMO_ROLES.rrhh).not.toContain('padrones_carga')
    expect(DEMO_ROLES.lector).not.toContain('padrones_carga')
  })

  it('lets tesorería confirm a shared supplier account, never the HR clerk who registers suppliers', () => {
    expect(DEMO_ROLES.tesoreria).toContain('proveedores_aprobar')
    expect(DEMO_ROLES.rrhh).not.toContain('proveedores_aprobar')
    expect(DEMO_ROLES.lector).not.toContain('proveedores_aprobar')
  })

  it('rejects a misspelt code at typecheck', () => {
    // @ts-expect-error 'planilla_carga' is not in the catalogue
    const misspelt: Permission = 'planilla_carga'
    // @ts-expect-error nor is a module grant the catalogue does not name
    const unknownGrant: Permission = 'areas_borrado'
    expect(PERMISSIONS).not.toContain(misspelt)
    expect(PERMISSIONS).not.toContain(unknownGrant)
  })
})

describe('supplier payments', () => {
  it('lets tesorería approve and pay, never the HR clerk; every permission has a Spanish label', () => {
    expect(mayUse(DEMO_ROLES.tesoreria, 'pagos_aprobar')).toBe(true)
    expect(mayUse(DEMO_ROLES.tesoreria, 'pagos_pagar')).toBe(true)
    expect(mayUse(DEMO_ROLES.tesoreria, 'pagos_registrar')).toBe(false)
    expect(mayUse(DEMO_ROLES.rrhh, 'pagos_aprobar')).toBe(false)
    expect(mayUse(DEMO_ROLES.rrhh, 'pagos_pagar')).toBe(false)
    expect(mayUse(DEMO_ROLES.rrhh, 'pagos_registrar')).toBe(true)
    expect(mayUse(DEMO_ROLES.lector, 'proveedores_lista')).toBe(true)
    // Reading 'Generar pagos' is not sending money: only tesorería generates and annuls runs.
    expect(mayUse(DEMO_ROLES.lector, 'pagos_generar_lista')).toBe(true)
    expect(mayUse(DEMO_ROLES.lector, 'pagos_generar')).toBe(false)
    expect(mayUse(DEMO_ROLES.rrhh, 'pagos_generar')).toBe(false)
    expect(mayUse(DEMO_ROLES.tesoreria, 'pagos_generar')).toBe(true)
    for (const p of PERMISSIONS) expect(PERMISSION_LABELS[p]).toMatch(/\S/)
    expect(PERMISSION_LABELS.proveedores_edicion).toBe('Proveedores: crear y editar')
  })
})

describe('mayUse', () => {
  it('takes one permission or any of several', () => {
    expect(mayUse(DEMO_ROLES.lector, 'planillas_lista')).toBe(true)
    expect(mayUse(DEMO_ROLES.lector, 'planillas_carga')).toBe(false)
    expect(mayUse(DEMO_ROLES.lector, ['planillas_carga', 'pagos_abonos_lista'])).toBe(true)
    expect(mayUse(DEMO_ROLES.auditor, ['planillas_carga', 'pagos_abonos_lista'])).toBe(false)
  })
})
