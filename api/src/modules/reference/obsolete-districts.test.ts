import { ubigeoDistricts } from '@planillas/db'
import type { TestApp } from '@planillas/testing/api/app'
import { createEmployeeTestApp } from '@planillas/testing/api/employees'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

describe('district search at INEI’s current list', () => {
  it('finds the new districts and never offers an obsolete one, which still reads by its code', async () => {
    const search = async (term: string) =>
      (
        await t.call('lector', {
          method: 'GET',
          url: `/api/v1/ubigeos/districts?search=${encodeURIComponent(term)}`,
        })
      ).body.payload as { id: string }[]
    expect((await search('alto trujillo')).map((d) => d.id)).toEqual(['130112'])
    expect((await search('santa rosa de loreto')).map((d) => d.id)).toEqual(['160405'])
    await t.handle.db.insert(ubigeoDistricts).values({
      code: '160114',
      department: 'LORETO',
      province: 'MAYNAS',
      district: 'TENIENTE MANUEL CLAVERO',
      obsolete: true,
    })
    expect((await search('teniente manuel clavero')).map((d) => d.id)).toEqual(['160803'])
    const old = await t.call('lector', { method: 'GET', url: '/api/v1/ubigeos/districts/160114' })
    expect(old.body.payload.description).toBe('TENIENTE MANUEL CLAVERO — MAYNAS / LORETO')
    await t.handle.db.delete(ubigeoDistricts).where(eq(ubigeoDistricts.code, '160114'))
  })
})
