import { describe, expect, it } from 'vitest'
import { planSupplierRun, type RunSupplier } from './supplier-run'

const RATES = [{ rateBp: 300, thresholdCents: 70_000, validFrom: '2014-03-01' }]
const plain: RunSupplier = { id: 1, retentionAgent: false, perceptionAgent: false, goodTaxpayer: false }
const good: RunSupplier = { id: 2, retentionAgent: false, perceptionAgent: false, goodTaxpayer: true }
const suppliers = new Map([
  [1, plain],
  [2, good],
])
const voucher = (id: number, supplierId: number, totalCents: number, over: object = {}) => ({
  id,
  supplierId,
  type: '01',
  totalCents,
  detractionCents: 0,
  ...over,
})

describe('planSupplierRun', () => {
  it('retains 3 % of each factura when those paid together pass S/ 700, even if none does alone', () => {
    const [line] =
      planSupplierRun([voucher(1, 1, 40_000), voucher(2, 1, 40_000)], suppliers, true, RATES, '2026-11-28') ??
      []
    expect(line).toMatchObject({ supplierId: 1, totalCents: 80_000, retentionCents: 2_400, netCents: 77_600 })
    expect(line.vouchers.map((v) => v.retentionCents)).toEqual([1_200, 1_200])
  })

  it('leaves out vouchers under detracción, from the retention and from the S/ 700', () => {
    const [line] =
      planSupplierRun(
        [voucher(1, 1, 118_000, { detractionCents: 14_200 }), voucher(2, 1, 40_000)],
        suppliers,
        true,
        RATES,
        '2026-11-28',
      ) ?? []
    expect(line.vouchers.map((v) => [v.retentionCents, v.netCents])).toEqual([
      [0, 103_800],
      [0, 40_000],
    ])
  })

  it('retains nothing for a buen contribuyente, nor when the company is no agent; a credit note subtracts', () => {
    const lines =
      planSupplierRun(
        [voucher(1, 2, 118_000), voucher(2, 1, 118_000), voucher(3, 1, 18_000, { type: '07' })],
        suppliers,
        false,
        RATES,
        '2026-11-28',
      ) ?? []
    expect(lines.map((l) => [l.supplierId, l.retentionCents, l.netCents])).toEqual([
      [2, 0, 118_000],
      [1, 0, 100_000],
    ])
  })

  it('is undefined for an agent company without a retention rate in force on the payment date', () => {
    expect(planSupplierRun([voucher(1, 1, 100_000)], suppliers, true, RATES, '2010-01-01')).toBeUndefined()
  })
})
