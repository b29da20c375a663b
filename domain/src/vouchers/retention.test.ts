import { describe, expect, it } from 'vitest'
import { retentionBases } from './retention'

const v = (id: number, totalCents: number, type = '01', creditsVoucherId: number | null = null) => ({
  id,
  type,
  totalCents,
  creditsVoucherId,
})

describe('retentionBases', () => {
  it('takes each credit note paid together off the voucher it credits; its own base is zero', () => {
    expect(retentionBases([v(1, 236_000), v(2, 177_000, '07', 1)])).toEqual([59_000, 0])
    expect(retentionBases([v(1, 75_000), v(2, 3_000, '07', 1), v(3, 3_000, '07', 1)])).toEqual([69_000, 0, 0])
  })
  it('leaves a voucher no credit note in the payment credits at its total, and never goes below zero', () => {
    expect(retentionBases([v(1, 40_000), v(2, 40_000)])).toEqual([40_000, 40_000])
    expect(retentionBases([v(1, 10_000), v(2, 12_000, '07', 1)])).toEqual([0, 0])
    expect(retentionBases([v(1, 10_000), v(2, 5_000, '07', 7)])).toEqual([10_000, 0])
  })
})
