import { describe, expect, it } from 'vitest'
import { detractionOf, retentionOf, type SpotRate } from './spot'
import { uitFractionOn, uitOn } from './uit'

describe('UIT as a dated table', () => {
  it('is S/ 5,500 in 2026 (D.S. 301-2025-EF) and S/ 5,350 in 2025; ½ UIT follows it', () => {
    expect(uitOn('2026-01-01')?.cents).toBe(550_000)
    expect(uitOn('2025-12-31')?.cents).toBe(535_000)
    expect(uitOn('2024-12-31')).toBeUndefined()
    expect(uitFractionOn('2026-11-20', 1, 2)).toBe(275_000)
    expect(uitFractionOn('2025-06-01', 1, 2)).toBe(267_500)
  })
})

describe('code 001 in 2026 (minimum ½ UIT)', () => {
  const table: SpotRate[] = [
    { code: '001', description: 'Azúcar', rateBp: 1000, minimumCents: 267_500, validFrom: '2025-01-01' },
    {
      code: '001',
      description: 'Azúcar',
      rateBp: 1000,
      minimumCents: uitFractionOn('2026-01-01', 1, 2) ?? 0,
      validFrom: '2026-01-01',
    },
  ]
  it('S/ 2,700.00 issued 20/11/2026: no detracción, and an agent company retains S/ 81.00', () => {
    const d = detractionOf(table, '001', 270_000, '2026-11-20')
    expect(d).toMatchObject({ applies: false, minimumCents: 275_000 })
    const r = retentionOf(
      [{ rateBp: 300, thresholdCents: 70_000, validFrom: '2014-03-01' }],
      [
        {
          companyIsAgent: true,
          supplier: { retentionAgent: false, perceptionAgent: false, goodTaxpayer: false },
          documentType: '01',
          underDetraction: d?.applies === true,
          totalCents: 270_000,
        },
      ],
      '2026-11-20',
    )
    expect(r?.amounts).toEqual([8_100])
    // 2025's minimum would have detracted S/ 270.
    expect(detractionOf(table, '001', 270_000, '2025-11-20')).toMatchObject({
      applies: true,
      amountCents: 27_000,
    })
    expect(detractionOf(table, '001', 275_001, '2026-11-20')).toMatchObject({
      applies: true,
      amountCents: 27_500,
    })
  })
})
