import type { TestApp } from '@planillas/testing/api/app'
import { createEmployeeTestApp } from '@planillas/testing/api/employees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

const get = (url: string) => t.call('lector', { method: 'GET', url })

describe('reference data API', () => {
  it("finds both Miraflores of Lima and of Arequipa, described 'DISTRITO — PROVINCIA / DEPARTAMENTO'", async () => {
    const res = await get('/api/v1/ubigeos/districts?search=Miraflores')
    expect(res.status).toBe(200)
    const descriptions = res.body.payload.map((d: { description: string }) => d.description)
    expect(descriptions).toContain('MIRAFLORES — LIMA / LIMA')
    expect(descriptions).toContain('MIRAFLORES — AREQUIPA / AREQUIPA')
    expect(descriptions).toContain('SAN JUAN DE MIRAFLORES — LIMA / LIMA')
    // Exact names first.
    expect(descriptions.indexOf('SAN JUAN DE MIRAFLORES — LIMA / LIMA')).toBeGreaterThan(
      descriptions.indexOf('MIRAFLORES — LIMA / LIMA'),
    )
    expect(res.body.payload.find((d: { id: string }) => d.id === '150122')).toMatchObject({
      district: 'MIRAFLORES',
      province: 'LIMA',
      department: 'LIMA',
    })
  })

  it('narrows by province or department words and ignores accents and ñ', async () => {
    const arequipa = await get('/api/v1/ubigeos/districts?search=miraflores%20arequipa')
    expect(arequipa.body.payload.map((d: { id: string }) => d.id)).toEqual(['040110'])
    const parinas = await get(`/api/v1/ubigeos/districts?search=${encodeURIComponent('Pariñas')}`)
    expect(parinas.body.payload[0]).toMatchObject({ id: '200701', description: 'PARIÑAS — TALARA / PIURA' })
    const jesus = await get(`/api/v1/ubigeos/districts?search=${encodeURIComponent('Jesús María')}`)
    expect(jesus.body.payload[0].id).toBe('150113')
  })

  it('caps the answer and reads one district by code', async () => {
    expect((await get('/api/v1/ubigeos/districts')).body.payload).toHaveLength(50)
    expect((await get('/api/v1/ubigeos/districts?limit=2000')).body.payload).toHaveLength(1892)
    expect((await get('/api/v1/ubigeos/districts/150122')).body.payload.description).toBe(
      'MIRAFLORES — LIMA / LIMA',
    )
    expect((await get('/api/v1/ubigeos/districts/999999')).status).toBe(404)
  })

  it('lists countries in Spanish by ISO code, collated', async () => {
    const res = await get('/api/v1/countries')
    const pe = res.body.payload.find((c: { id: string }) => c.id === 'PE')
    expect(pe).toEqual({ id: 'PE', description: 'Perú' })
    const names = res.body.payload.map((c: { description: string }) => c.description)
    // Spanish order puts 'Bélgica' before 'Belice' (byte order would not).
    expect(names.indexOf('Bélgica')).toBe(names.indexOf('Belice') - 1)
    expect(names).toHaveLength(250)
  })

  it('lists banks with their 3-digit code as id', async () => {
    const res = await get('/api/v1/banks')
    expect(res.body.payload).toContainEqual({
      id: '002',
      name: 'Banco de Crédito del Perú',
      shortName: 'BCP',
    })
    expect(res.body.payload.every((b: { id: string }) => /^\d{3}$/.test(b.id))).toBe(true)
  })

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/banks' })).statusCode).toBe(401)
  })
})
