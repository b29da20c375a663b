import { describe, expect, it } from 'vitest'
import { STATUS_RESOURCES, statusResource } from './status-resources'

describe('status resources', () => {
  it("find nothing for Object's own members named in the URL", () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(STATUS_RESOURCES[name]).toBeUndefined()
      expect(statusResource(name)).toBeUndefined()
    }
    expect(statusResource(undefined)).toBeUndefined()
  })

  it('find the real resources', () => {
    expect(statusResource('areas')?.api).toBe('areas')
    expect(STATUS_RESOURCES.contratos.noun).toBe('el contrato')
    expect(Object.keys(STATUS_RESOURCES)).toContain('empresas')
    // The supplier payments' catalogues, under their own permission.
    expect(statusResource('lineas-de-gasto')).toMatchObject({
      api: 'expense-lines',
      permission: 'pagos_catalogos',
    })
    expect(statusResource('tipos-de-proyecto')?.api).toBe('project-types')
    // A línea de gasto is a filter of the vouchers list, whose options the web tier caches.
    expect(statusResource('lineas-de-gasto')?.cachedCatalogue).toBe('vouchers')
    expect(statusResource('areas')?.cachedCatalogue).toBe('employees')
    expect(statusResource('motivos-de-rechazo')?.list).toBe('/pagos/catalogos/motivos-de-rechazo')
  })
})
