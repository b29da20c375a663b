import { AFP_COMMISSION_TYPES, AFP_NAMES } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { REFERENCE_FOLDER } from './reference'
import { readAfpRates } from './reference-afp'

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
