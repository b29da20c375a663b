import { AFP_COMMISSION_TYPES, AFP_NAMES } from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { loadReferenceData, REFERENCE_FOLDER } from './reference'
import { readAfpRates } from './reference-afp'
import { afpRates, auditLogs } from './schema/index'

describe('afp-rates.csv', () => {
  const rows = readAfpRates(REFERENCE_FOLDER)

  it('ships only what is sourced: the 10 % aporte of every AFP and commission type, no commission nor prima', () => {
    expect(rows.map((r) => `${r.afp} ${r.commissionType}`).sort()).toEqual(
      AFP_NAMES.flatMap((afp) => AFP_COMMISSION_TYPES.map((type) => `${afp} ${type}`)).sort(),
    )
    for (const r of rows) {
      expect(r).toMatchObject({
        contributionBp: 1000,
        commissionBp: null,
        premiumBp: null,
        premiumCapCents: null,
      })
      expect(r.note).toContain('sin fuente')
    }
  })

  it('gives each AFP and commission type one row per valid_from, ends after starts', () => {
    const keys = rows.map((r) => `${r.afp}|${r.commissionType}|${r.validFrom}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const r of rows) if (r.validTo) expect(r.validTo >= r.validFrom).toBe(true)
  })
})

describe('loading afp-rates.csv', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(() => handle.close())

  const integra = and(eq(afpRates.afp, 'INTEGRA'), eq(afpRates.commissionType, 'FLUJO'))
  const audited = async () =>
    (await handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'afp-rates'))).map((a) => a.action)

  it('audits each row it adds or changes after the first start, once, and never touches an administrator’s row', async () => {
    const db = handle.db
    // the reference data is loaded already, into an empty table: the starting point, not audited
    expect(await db.select().from(afpRates)).toHaveLength(8)
    expect(await audited()).toEqual([])
    await loadReferenceData(db)
    expect(await audited()).toEqual([])
    await db.update(afpRates).set({ contributionBp: 999 }).where(integra)
    await db.insert(afpRates).values({
      afp: 'INTEGRA',
      commissionType: 'FLUJO',
      validFrom: '2026-07-01',
      contributionBp: 1000,
      commissionBp: 155,
      premiumBp: 170,
      source: 'usuario',
      note: 'Boletín de la SBS',
    })
    await loadReferenceData(db)
    expect(await audited()).toEqual(['UPDATE'])
    await db.delete(afpRates).where(and(integra, eq(afpRates.source, 'referencia')))
    await loadReferenceData(db)
    expect(await audited()).toEqual(['UPDATE', 'CREATE'])
    const rows = await db.select().from(afpRates).where(integra)
    expect(rows.map((r) => [r.validFrom, r.contributionBp, r.commissionBp, r.source]).sort()).toEqual([
      ['2026-06-01', 1000, null, 'referencia'],
      ['2026-07-01', 1000, 155, 'usuario'],
    ])
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'afp-rates'), eq(auditLogs.action, 'UPDATE')))
    expect(entry.actor).toBe('sistema')
    expect(entry.description).toContain('Tasas AFP INTEGRA (comisión flujo) desde el 01/06/2026')
    expect(entry.description).toContain('aporte 10.00 %, comisión sin dato, prima sin dato')
  })
})
