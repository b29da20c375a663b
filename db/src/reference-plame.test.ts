import { describe, expect, it } from 'vitest'
import { REFERENCE_FOLDER } from './reference'
import { readPlameConcepts } from './reference-plame'

describe('plame-concepts.csv', () => {
  const rows = readPlameConcepts(REFERENCE_FOLDER)

  it('has the worked example’s codes with their kinds', () => {
    const kind = (code: string) => rows.find((r) => r.code === code)?.kind
    expect(['0121', '0201', '0608', '0601', '0606', '0804'].map(kind)).toEqual([1, 1, 2, 2, 2, 3])
  })

  it('gives each code one row per valid_from, ends after starts, a description and a kind', () => {
    const keys = rows.map((r) => `${r.code}|${r.validFrom}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const r of rows) {
      expect(r.description.length).toBeGreaterThan(0)
      if (r.validTo) expect(r.validTo >= r.validFrom).toBe(true)
    }
  })
})
