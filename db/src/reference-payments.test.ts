import { detractionOf, HALF_UIT_SPOT_CODES, type SpotRate, UIT_TABLE, uitFractionOn } from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { loadReferenceData, REFERENCE_FOLDER } from './reference'
import { readRetentionRates, readSpotRates } from './reference-payments'
import { expenseLines, rejectReasons, retentionRates, spotRates } from './schema/index'

describe('supplier-payments reference files', () => {
  it('carry catalogue 54 with its rates, minimums and no-minimum codes, and the 3 % retention over S/ 700', () => {
    const spot = readSpotRates(REFERENCE_FOLDER)
    const byCode = new Map(spot.map((r) => [r.code, r]))
    expect(byCode.get('037')).toMatchObject({ rateBp: 1200, minimumCents: 70_000 })
    expect(byCode.get('027')).toMatchObject({ rateBp: 400, minimumCents: 40_000 })
    expect(byCode.get('035')).toMatchObject({ rateBp: 150 })
    expect(byCode.get('040')).toMatchObject({ rateBp: 400, minimumCents: null })
    expect(new Set(spot.map((r) => `${r.code}:${r.validFrom}`)).size).toBe(spot.length)
    // The vectors hold on the shipped table, not only on a test's own.
    const table = spot.map((r) => ({ ...r, minimumCents: r.minimumCents ?? null })) as SpotRate[]
    expect(detractionOf(table, '037', 118_000, '2026-11-20')).toMatchObject({ amountCents: 14_200 })
    expect(detractionOf(table, '012', 70_001, '2026-11-20')).toMatchObject({ amountCents: 8_400 })
    expect(readRetentionRates(REFERENCE_FOLDER)).toEqual([
      { rateBp: 300, thresholdCents: 70_000, validFrom: '2014-03-01' },
    ])
  })
})

describe('catalogue 54 against SUNAT appendix and the UIT (docs/decisions/tax-rules.md)', () => {
  const spot = readSpotRates(REFERENCE_FOLDER)
  const table = spot.map((r) => ({ ...r, minimumCents: r.minimumCents ?? null })) as SpotRate[]

  it('gives the ½-UIT codes a row per UIT year, its minimum half that year’s UIT', () => {
    for (const code of HALF_UIT_SPOT_CODES) {
      const rows = spot.filter((r) => r.code === code)
      expect(rows.map((r) => r.validFrom)).toEqual(UIT_TABLE.map((u) => u.validFrom))
      for (const r of rows) expect(r.minimumCents).toBe(uitFractionOn(r.validFrom, 1, 2))
    }
    // 001, S/ 2,700.00 issued 20/11/2026: at or under ½ UIT 2026 (S/ 2,750.00), no detracción.
    expect(detractionOf(table, '001', 270_000, '2026-11-20')).toMatchObject({
      applies: false,
      minimumCents: 275_000,
    })
  })

  it('has the codes the appendix lists that the table lacked, so approving with them is not refused', () => {
    const codes = new Set(spot.map((r) => r.code))
    for (const code of ['007', '011', '016', '023', '032', '041']) expect(codes.has(code), code).toBe(true)
    expect(detractionOf(table, '041', 118_000, '2026-11-20')).toMatchObject({
      applies: true,
      amountCents: 17_700,
    })
    expect(detractionOf(table, '023', 118_000, '2026-11-20')).toMatchObject({
      applies: true,
      amountCents: 4_700,
    })
  })
})

describe('loading them', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  it("keeps reference rows up to date and never touches an administrator's row or catalogue", async () => {
    const db = handle.db
    await db.update(spotRates).set({ rateBp: 999 }).where(eq(spotRates.code, '037'))
    await db.insert(spotRates).values({
      code: '037',
      description: 'Demás servicios gravados con el IGV',
      rateBp: 1100,
      minimumCents: 70_000,
      validFrom: '2030-01-01',
      source: 'usuario',
    })
    await db
      .insert(retentionRates)
      .values({ rateBp: 400, thresholdCents: 70_000, validFrom: '2030-01-01', source: 'usuario' })
    await db
      .update(expenseLines)
      .set({ description: 'Servicios varios' })
      .where(eq(expenseLines.description, 'Servicios generales'))
    await db
      .update(rejectReasons)
      .set({ status: 2 })
      .where(eq(rejectReasons.description, 'Comprobante duplicado'))
    await loadReferenceData(db)
    const rows = await db.select().from(spotRates).where(eq(spotRates.code, '037'))
    expect(rows.map((r) => [r.validFrom, r.rateBp, r.source]).sort()).toEqual([
      ['2018-04-01', 1200, 'referencia'],
      ['2030-01-01', 1100, 'usuario'],
    ])
    expect((await db.select().from(retentionRates)).map((r) => r.rateBp).sort()).toEqual([300, 400])
    const lines = (await db.select().from(expenseLines)).map((r) => r.description)
    expect(lines).toContain('Servicios varios')
    expect(lines).not.toContain('Servicios generales')
    const [duplicate] = await db
      .select()
      .from(rejectReasons)
      .where(and(eq(rejectReasons.description, 'Comprobante duplicado')))
    expect(duplicate.status).toBe(2)
  })
})
