import { describe, expect, it } from 'vitest'
import { netCents } from '../common/money'
import { fourthCategoryRetention, suspensionInForce } from './fourth-category'

const PAID = '2026-06-15'
const withheld = (fee: number, certificate?: { number: string; grantedOn: string }) =>
  fourthCategoryRetention(fee, PAID, certificate).amountCents

describe('fourth-category retention (the research vectors)', () => {
  it('S/ 1,500.00: no retention, net S/ 1,500.00', () => {
    const r = fourthCategoryRetention(150_000, PAID)
    expect(r).toMatchObject({ amountCents: 0, exclusion: 'El recibo no supera el monto mínimo' })
    expect(netCents(150_000, 0, 0, r.amountCents)).toBe(150_000)
  })
  it('S/ 1,500.01: S/ 120.00 withheld, net S/ 1,380.01', () => {
    expect(withheld(150_001)).toBe(12_000)
    expect(netCents(150_001, 0, 0, withheld(150_001))).toBe(138_001)
  })
  it('S/ 2,000.00: S/ 160.00 withheld, net S/ 1,840.00', () => {
    const r = fourthCategoryRetention(200_000, PAID)
    expect(r).toMatchObject({ amountCents: 16_000, exclusion: null, certificate: null })
    expect(r.row?.rateBp).toBe(800)
    expect(netCents(200_000, 0, 0, r.amountCents)).toBe(184_000)
  })
  it('S/ 2,000.00 with a certificate granted before the payment date: no retention', () => {
    const certificate = { number: '0123456789', grantedOn: '2026-06-14' }
    const r = fourthCategoryRetention(200_000, PAID, certificate)
    expect(r).toMatchObject({
      amountCents: 0,
      exclusion: 'El proveedor tiene una constancia de suspensión vigente',
      certificate,
    })
    expect(netCents(200_000, 0, 0, r.amountCents)).toBe(200_000)
  })
  it('S/ 2,000.00 with a certificate granted on the payment date: S/ 160.00, net S/ 1,840.00', () => {
    expect(withheld(200_000, { number: '1', grantedOn: PAID })).toBe(16_000)
  })
})

describe('suspension certificate in force', () => {
  const c = { number: '1', grantedOn: '2025-12-30' }
  it('from the day after it is granted until 31 December of that year', () => {
    expect(suspensionInForce(c, '2025-12-30')).toBe(false)
    expect(suspensionInForce(c, '2025-12-31')).toBe(true)
    expect(suspensionInForce(c, '2026-01-01')).toBe(false)
  })
  it('an expired certificate among several does not suspend; one in force does', () => {
    expect(fourthCategoryRetention(200_000, '2026-01-05', [c]).amountCents).toBe(16_000)
    expect(
      fourthCategoryRetention(200_000, '2026-01-05', [c, { number: '2', grantedOn: '2026-01-02' }])
        .amountCents,
    ).toBe(0)
  })
  it('rounds half up to the céntimo: S/ 1,500.07 → S/ 120.01 (120.0056)', () => {
    expect(withheld(150_007)).toBe(12_001)
    expect(withheld(150_006)).toBe(12_000)
  })
  it('no row in force before the table starts', () => {
    expect(fourthCategoryRetention(200_000, '2014-12-31').exclusion).toBe(
      'No hay una tasa de retención de cuarta categoría vigente',
    )
  })
})
