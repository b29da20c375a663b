import { describe, expect, it } from 'vitest'
import {
  creDocuments,
  creSendDeadline,
  creSendOverdue,
  creTotals,
  pdt626Bytes,
  pdt626Text,
  retentionXml,
} from './retention-receipt'

const voucher = (id: number, over: Partial<Parameters<typeof creDocuments>[0][number]> = {}) => ({
  id,
  type: '01',
  series: 'F001',
  number: id,
  issueDate: '2026-11-02',
  currency: 'PEN',
  totalCents: 118_000,
  creditsVoucherId: null,
  retentionCents: 3_540,
  ...over,
})

describe('creDocuments', () => {
  it('relates each voucher withheld, paid its base: a credit note paid with it lowers it and is not related', () => {
    const documents = creDocuments(
      [
        voucher(1, { totalCents: 236_000, retentionCents: 5_310 }),
        voucher(2, { type: '07', totalCents: 59_000, creditsVoucherId: 1, retentionCents: 0 }),
        voucher(3, { retentionCents: 0 }),
        voucher(4, { type: '08', totalCents: 40_000, retentionCents: 1_200 }),
      ],
      '2026-11-20',
    )
    expect(
      documents.map((d) => [d.voucherId, d.type, d.totalCents, d.paidCents, d.retentionCents, d.netCents]),
    ).toEqual([
      [1, '01', 236_000, 177_000, 5_310, 171_690],
      [4, '08', 40_000, 40_000, 1_200, 38_800],
    ])
    expect(documents.every((d) => d.paymentDate === '2026-11-20' && d.paymentNumber === 1)).toBe(true)
    expect(creTotals(documents)).toEqual({ paidCents: 217_000, retentionCents: 6_510, netCents: 210_490 })
  })
})

describe('a voucher in dollars on its CRE', () => {
  it('is paid its base in dollars, turned into the soles the totals add at its rate; the XML and PDT carry it', () => {
    // US$ 1,180.00 paid on the 20th at 3.790: S/ 4,472.20, 3 % = S/ 134.17 withheld.
    const documents = creDocuments(
      [voucher(7, { currency: 'USD', retentionCents: 13_417, retentionExchangeRateMilli: 3790 })],
      '2026-11-20',
      '2026-11-19',
    )
    expect(documents).toEqual([
      expect.objectContaining({
        currency: 'USD',
        totalCents: 118_000,
        paidForeignCents: 118_000,
        paidCents: 447_220,
        retentionCents: 13_417,
        netCents: 433_803,
        exchangeRateMilli: 3790,
        exchangeRateDay: '2026-11-19',
      }),
    ])
    const cre = {
      series: 'R001',
      number: 5,
      issueDate: '2026-11-20',
      agent: { ruc: '20599887761', name: 'Agente S.A.', address: 'Av. Lima 1' },
      supplier: { ruc: '20555023451', name: 'Proveedor S.A.C.' },
      regime: '01',
      rateBp: 300,
      ...creTotals(documents),
      documents,
    }
    const xml = retentionXml(cre)
    expect(xml).toContain('<cbc:TotalInvoiceAmount currencyID="USD">1180.00</cbc:TotalInvoiceAmount>')
    expect(xml).toContain('<cbc:PaidAmount currencyID="USD">1180.00</cbc:PaidAmount>')
    expect(xml).toContain('<sac:SUNATRetentionAmount currencyID="PEN">134.17</sac:SUNATRetentionAmount>')
    expect(xml).toContain(
      '<cac:ExchangeRate>\n        <cbc:SourceCurrencyCode>USD</cbc:SourceCurrencyCode>\n        <cbc:TargetCurrencyCode>PEN</cbc:TargetCurrencyCode>\n        <cbc:CalculationRate>3.790</cbc:CalculationRate>\n        <cbc:Date>2026-11-19</cbc:Date>\n      </cac:ExchangeRate>',
    )
    // The PDT 626 line: paid and total in soles.
    expect(pdt626Text([cre])).toBe(
      '20555023451|Proveedor S.A.C.||||R001|5|20/11/2026|4472.20|01|F001|7|02/11/2026|4472.20|\r\n',
    )
  })

  it('is refused without the rate its retention used (a programming error, never a silent soles figure)', () => {
    expect(() => creDocuments([voucher(8, { currency: 'USD' })], '2026-11-20', '2026-11-19')).toThrow()
  })
})

describe('the 7 calendar days to send a CRE, from the day after issue', () => {
  it('issued on the 28th: the 5th of next month is the last day', () => {
    expect(creSendDeadline('2026-11-28')).toBe('2026-12-05')
    expect(creSendOverdue('2026-11-28', '2026-12-05')).toBe(false)
    expect(creSendOverdue('2026-11-28', '2026-12-06')).toBe(true)
  })
})

describe('pdt626Bytes (Windows-1252)', () => {
  it('writes Ñ and accents as single bytes, € and – their own bytes, other letters without their accent, else ?', () => {
    expect([...pdt626Bytes('ÑÁé|')]).toEqual([0xd1, 0xc1, 0xe9, 0x7c])
    expect([...pdt626Bytes('ő€–Ł')]).toEqual([0x6f, 0x80, 0x96, 0x3f])
  })
})
