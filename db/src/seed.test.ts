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

  it('counts what each run added, in Spanish that agrees with its count, and nothing on a restart', async () => {
    const first = await seedDemo(handle.db)
    expect(first).toMatch(/^Datos de demostración cargados: \d+ usuarios nuevos, 6 empresas nuevas, /)
    expect(first).toContain('12 cargos nuevos')
    expect(first).toContain('1 cuenta de empresa nueva')
    expect(first).not.toMatch(/\b1 \S+s\b|nuevos\)/)
    // A restart adds nothing and says nothing: the users put back are not counted as new.
    expect(await seedDemo(handle.db)).toBeUndefined()
  })
})
