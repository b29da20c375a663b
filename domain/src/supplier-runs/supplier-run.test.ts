import { describe, expect, it } from 'vitest'
import { planSupplierRun, type RunSupplier, type RunVoucher } from './supplier-run'

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
  creditsVoucherId: null as number | null,
  ...over,
})
/** The run of an agent company paying on 28/11/2026 (at `usdRateMilli` for dollar vouchers). */
const planAgentRun = (vouchers: RunVoucher[], usdRateMilli?: number) =>
  planSupplierRun(vouchers, suppliers, true, RATES, '2026-11-28', usdRateMilli) ?? []

describe('planSupplierRun', () => {
  it('retains 3 % of each factura when those paid together pass S/ 700, even if none does alone', () => {
    const [line] = planAgentRun([voucher(1, 1, 40_000), voucher(2, 1, 40_000)])
    expect(line).toMatchObject({ supplierId: 1, totalCents: 80_000, retentionCents: 2_400, netCents: 77_600 })
    expect(line.vouchers.map((v) => v.retentionCents)).toEqual([1_200, 1_200])
  })

  it('leaves out vouchers under detracción, from the retention and from the S/ 700', () => {
    const [line] = planAgentRun([voucher(1, 1, 118_000, { detractionCents: 14_200 }), voucher(2, 1, 40_000)])
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

  it('a nota de crédito paid with its factura lowers the base: 2,360.00 − 1,770.00 → no retention, pays 590.00', () => {
    const [line] = planAgentRun([
      voucher(1, 1, 236_000),
      voucher(2, 1, 177_000, { type: '07', creditsVoucherId: 1 }),
    ])
    expect(line).toMatchObject({ retentionCents: 0, netCents: 59_000 })
    expect(line.vouchers.map((v) => v.retentionCents)).toEqual([0, 0])
  })

  it('750.00 less a 60.00 credit note before payment → none; over S/ 700 after it, 3 % of what is paid', () => {
    const small = planAgentRun([
      voucher(1, 1, 75_000),
      voucher(2, 1, 6_000, { type: '07', creditsVoucherId: 1 }),
    ])
    expect(small[0]).toMatchObject({ retentionCents: 0, netCents: 69_000 })
    const large = planAgentRun([
      voucher(1, 1, 236_000),
      voucher(2, 1, 50_000, { type: '07', creditsVoucherId: 1 }),
    ])
    // 3 % of 1,860.00 = 55.80; the net is 1,860.00 − 55.80.
    expect(large[0]).toMatchObject({ retentionCents: 5_580, netCents: 180_420 })
  })

  it("a credit note whose factura is not paid with it lowers nothing else's base", () => {
    const [line] = planAgentRun([
      voucher(1, 1, 80_000),
      voucher(2, 1, 6_000, { type: '07', creditsVoucherId: 99 }),
    ])
    expect(line).toMatchObject({ retentionCents: 2_400, netCents: 80_000 - 2_400 - 6_000 })
  })

  it("withholds a recibo por honorarios' fourth-category retention on the payment date, unless a certificate is in force", () => {
    const person: RunSupplier = { ...plain, id: 3, suspensions: [{ number: '1', grantedOn: '2026-11-27' }] }
    const receipts = [voucher(1, 1, 200_000, { type: '02' }), voucher(2, 3, 200_000, { type: '02' })]
    const run = (date: string) =>
      planSupplierRun(receipts, new Map([...suppliers, [3, person]]), true, RATES, date)?.map((l) => [
        l.supplierId,
        l.retentionCents,
        l.fourthCategoryCents,
        l.netCents,
      ])
    // The certificate granted on 27/11 is in force from 28/11: paid on 27/11, both are retained.
    expect(run('2026-11-27')).toEqual([
      [1, 0, 16_000, 184_000],
      [3, 0, 16_000, 184_000],
    ])
    expect(run('2026-11-28')).toEqual([
      [1, 0, 16_000, 184_000],
      [3, 0, 0, 200_000],
    ])
  })

  describe('in dollars (docs/decisions/usd-vouchers.md), at the payment date rate 3.750', () => {
    const usd = (id: number, totalCents: number, over: object = {}) =>
      voucher(id, 1, totalCents, { currency: 'USD', ...over })

    it('US$ 1,180.00 = S/ 4,425.00 → 3 % = S/ 132.75 withheld in soles (US$ 35.40): pays US$ 1,144.60', () => {
      const [line] = planAgentRun([usd(1, 118_000)], 3750)
      expect(line.vouchers).toEqual([
        {
          voucherId: 1,
          totalCents: 118_000,
          detractionCents: 0,
          retentionCents: 13_275,
          fourthCategoryCents: 0,
          netCents: 114_460,
          exchangeRateMilli: 3750,
        },
      ])
      expect(line).toMatchObject({ totalCents: 118_000, retentionCents: 13_275, netCents: 114_460 })
    })

    it('weighs the S/ 700 in soles over the vouchers paid together: US$ 100.00 + US$ 100.00 = S/ 750.00', () => {
      const [alone] = planAgentRun([usd(1, 10_000)], 3750)
      expect(alone).toMatchObject({ retentionCents: 0, netCents: 10_000 })
      const [together] = planAgentRun([usd(1, 10_000), usd(2, 10_000)], 3750)
      // Each S/ 375.00 → 3 % = S/ 11.25 → US$ 3.00 back at 3.750.
      expect(together.vouchers.map((v) => [v.retentionCents, v.netCents])).toEqual([
        [1_125, 9_700],
        [1_125, 9_700],
      ])
    })

    it('turns a detracción in soles back at its own rate (issue date 3.800): US$ 1,180.00 − S/ 538.00 = US$ 1,038.42', () => {
      const [line] = planAgentRun(
        [usd(1, 118_000, { detractionCents: 53_800, detractionExchangeRateMilli: 3800 })],
        3750,
      )
      expect(line.vouchers[0]).toMatchObject({
        detractionCents: 53_800,
        retentionCents: 0,
        netCents: 103_842,
      })
    })

    it('a dollar credit note subtracts in dollars and lowers the base in soles', () => {
      const [line] = planAgentRun(
        [usd(1, 236_000), usd(2, 50_000, { type: '07', creditsVoucherId: 1 })],
        3750,
      )
      // (S/ 8,850.00 − S/ 1,875.00) × 3 % = S/ 209.25 → US$ 55.80; US$ 2,360.00 − 55.80 − 500.00.
      expect(line).toMatchObject({ retentionCents: 20_925, netCents: 180_420 })
    })

    it('refuses to plan a dollar voucher without the payment date rate', () => {
      expect(() => planSupplierRun([usd(1, 118_000)], suppliers, true, RATES, '2026-11-28')).toThrow()
    })
  })
})
