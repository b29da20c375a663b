import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { parseCsv } from './csv'
import { loadReferenceData, readBanks, readCountries, readDistricts } from './reference'
import { banks, countries, ubigeoDistricts } from './schema/index'
import { openTestDatabase } from './testing'

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","San Juan de\n Lopecancha"\n2,"say ""hi""",\n')).toEqual([
      { a: '1', b: 'x, y', c: 'San Juan de\n Lopecancha' },
      { a: '2', b: 'say "hi"', c: '' },
    ])
  })
})

describe('reference files', () => {
  it('has the 1,892 INEI districts, the banks and the countries', () => {
    const districts = readDistricts()
    expect(districts).toHaveLength(1892)
    expect(new Set(districts.map((d) => d.code)).size).toBe(1892)
    expect(districts.find((d) => d.code === '150122')).toMatchObject({
      district: 'MIRAFLORES',
      province: 'LIMA',
      department: 'LIMA',
    })
    expect(districts.find((d) => d.code === '040110')).toMatchObject({
      district: 'MIRAFLORES',
      department: 'AREQUIPA',
    })
    expect(readBanks().find((b) => b.code === '002')).toMatchObject({ name: 'Banco de Crédito del Perú' })
    const pe = readCountries().find((c) => c.code === 'PE')
    expect(pe?.name).toBe('Perú')
  })
})

describe('loadReferenceData', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it('loads once and is idempotent, repairing a changed row', async () => {
    const first = await loadReferenceData(handle.db)
    await handle.db.update(banks).set({ name: 'cambiado' }).where(eq(banks.code, '011'))
    await loadReferenceData(handle.db)
    const n = async (table: typeof banks | typeof countries | typeof ubigeoDistricts) =>
      (await handle.db.select({ n: count() }).from(table))[0].n
    expect(await n(ubigeoDistricts)).toBe(first.districts)
    expect(await n(banks)).toBe(first.banks)
    expect(await n(countries)).toBe(first.countries)
    const [bbva] = await handle.db.select().from(banks).where(eq(banks.code, '011'))
    expect(bbva.name).toBe('BBVA Perú')
  })
})
