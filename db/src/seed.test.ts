import { openTestDatabase } from '@planillas/testing/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { seedDemo } from './seed'

describe('demo data summary', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('counts what each run added, in Spanish that agrees with its count', async () => {
    const first = await seedDemo(handle.db)
    expect(first).toMatch(/^Datos de demostración cargados: \d+ usuarios nuevos, 6 empresas nuevas, /)
    expect(first).toContain('12 cargos nuevos')
    expect(first).toContain('1 cuenta de empresa nueva')
    expect(first).not.toMatch(/\b1 \S+s\b|nuevos\)/)
    // A restart adds nothing and says so: the users put back are not counted as new.
    const again = await seedDemo(handle.db)
    expect(again).toContain('0 usuarios nuevos, 0 empresas nuevas, 0 áreas nuevas, 0 cargos nuevos')
    expect(again).toContain('0 cuentas de empresa nuevas')
  })
})
