import { cciBankCode, isValidCci } from '@planillas/domain'
import { CCI_CHECK_VECTORS } from '@planillas/domain/identifier-fixtures'
import { openTestDatabase } from '@planillas/testing/database'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { loadReferenceData, readBanks, readCountries, readDistricts } from './reference'
import { banks, countries, employees, ubigeoDistricts } from './schema/index'

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
    // INEI's current list: the new districts, and not the obsolete duplicates.
    const byCode = new Map(districts.map((d) => [d.code, d]))
    expect(byCode.get('130112')).toMatchObject({ district: 'ALTO TRUJILLO', province: 'TRUJILLO' })
    expect(byCode.get('160405')).toMatchObject({
      district: 'SANTA ROSA DE LORETO',
      province: 'MARISCAL RAMON CASTILLA',
    })
    expect(byCode.get('180107')).toMatchObject({ district: 'SAN ANTONIO', province: 'MARISCAL NIETO' })
    for (const gone of ['160109', '160114', '150144']) expect(byCode.has(gone)).toBe(false)
    expect(byCode.get('160803')).toMatchObject({ district: 'TENIENTE MANUEL CLAVERO', province: 'PUTUMAYO' })
    // Lima has 43 districts, 150101–150143.
    expect(districts.filter((d) => d.code.startsWith('1501'))).toHaveLength(43)
    expect(readBanks().find((b) => b.code === '002')).toMatchObject({ name: 'Banco de Crédito del Perú' })
    const pe = readCountries().find((c) => c.code === 'PE')
    expect(pe?.name).toBe('Perú')
  })
})

describe('banks', () => {
  it('has the cajas municipales whose CCI codes we know, so their payments are not refused', () => {
    const codes = new Set(readBanks().map((b) => b.code))
    for (const caja of ['802', '803', '805', '806', '808', '809', '813']) expect(codes.has(caja)).toBe(true)
    expect(readBanks().find((b) => b.code === '803')).toMatchObject({ shortName: 'Caja Arequipa' })
    // One row per code, every code three digits.
    expect(codes.size).toBe(readBanks().length)
    for (const code of codes) expect(code).toMatch(/^\d{3}$/)
  })

  it('knows the bank of every CCI check-digit vector', () => {
    const codes = new Set(readBanks().map((b) => b.code))
    for (const cci of CCI_CHECK_VECTORS) {
      expect(isValidCci(cci)).toBe(true)
      expect(codes.has(cciBankCode(cci))).toBe(true)
    }
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

  it("never overwrites, reactivates or removes the administrator's banks (load twice)", async () => {
    await loadReferenceData(handle.db)
    // An administrator adds a caja the file does not list, suspends a reference bank and renames
    // another (an edit makes it theirs).
    await handle.db
      .insert(banks)
      .values({ code: '801', name: 'Caja Municipal de Piura', shortName: 'Caja Piura', source: 'usuario' })
    await handle.db.update(banks).set({ status: 2 }).where(eq(banks.code, '053'))
    await handle.db
      .update(banks)
      .set({ name: 'BanBif (Banco Interamericano de Finanzas)', source: 'usuario' })
      .where(eq(banks.code, '038'))
    await loadReferenceData(handle.db)
    await loadReferenceData(handle.db)
    const rows = await handle.db
      .select({ code: banks.code, name: banks.name, status: banks.status, source: banks.source })
      .from(banks)
      .where(inArray(banks.code, ['801', '053', '038', '002']))
      .orderBy(banks.code)
    expect(rows).toEqual([
      { code: '002', name: 'Banco de Crédito del Perú', status: 1, source: 'referencia' },
      { code: '038', name: 'BanBif (Banco Interamericano de Finanzas)', status: 1, source: 'usuario' },
      { code: '053', name: 'Banco GNB Perú', status: 2, source: 'referencia' },
      { code: '801', name: 'Caja Municipal de Piura', status: 1, source: 'usuario' },
    ])
  })

  it('retires districts that left the list: deleted when unused, kept as obsolete when an employee has them', async () => {
    // A database loaded from the old list: both obsolete Loreto districts, one of them in use.
    await handle.db.insert(ubigeoDistricts).values([
      { code: '160109', department: 'LORETO', province: 'MAYNAS', district: 'PUTUMAYO' },
      { code: '160114', department: 'LORETO', province: 'MAYNAS', district: 'TENIENTE MANUEL CLAVERO' },
    ])
    await handle.db
      .insert(employees)
      .values({ identifierType: 1, identifier: '41234567', name: 'Ana', surname: 'Ríos', ubigeo: '160114' })
    await loadReferenceData(handle.db)
    await loadReferenceData(handle.db)
    const rows = await handle.db
      .select({ code: ubigeoDistricts.code, obsolete: ubigeoDistricts.obsolete })
      .from(ubigeoDistricts)
      .where(inArray(ubigeoDistricts.code, ['160109', '160114', '130112']))
      .orderBy(ubigeoDistricts.code)
    expect(rows).toEqual([
      { code: '130112', obsolete: false },
      { code: '160114', obsolete: true },
    ])
  })
})
