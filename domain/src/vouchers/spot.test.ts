import { describe, expect, it } from 'vitest'
import {
  detractionBaseCents,
  detractionOf,
  inForce,
  type RetainedVoucher,
  type RetentionRate,
  retentionOf,
  type SpotRate,
  spotCatalogueOn,
  takesReferenceValue,
  wholeSolesOf,
} from './spot'

/** A slice of catalogue 54 as the reference file has it, plus a later resolution for 037. */
const SPOT: SpotRate[] = [
  {
    code: '012',
    description: 'Intermediación laboral y tercerización',
    rateBp: 1200,
    minimumCents: 70_000,
    validFrom: '2018-04-01',
  },
  {
    code: '027',
    description: 'Transporte de bienes por vía terrestre',
    rateBp: 400,
    minimumCents: 40_000,
    validFrom: '2004-07-01',
  },
  {
    code: '037',
    description: 'Demás servicios gravados con el IGV',
    rateBp: 1000,
    minimumCents: 70_000,
    validFrom: '2004-07-01',
  },
  {
    code: '037',
    description: 'Demás servicios gravados con el IGV',
    rateBp: 1200,
    minimumCents: 70_000,
    validFrom: '2018-04-01',
  },
  {
    code: '040',
    description: 'Primera venta de inmueble gravado',
    rateBp: 400,
    minimumCents: null,
    validFrom: '2004-07-01',
  },
]
const RETENTION: RetentionRate[] = [
  { rateBp: 600, thresholdCents: 70_000, validFrom: '2002-06-01' },
  { rateBp: 300, thresholdCents: 70_000, validFrom: '2014-03-01' },
]
const ON = '2026-11-20'
/** The 037 row in force ON: the one a result says it used. */
const VALID_037 = '2018-04-01'
const soles = (cents: number | undefined) => (cents ?? Number.NaN) / 100

describe('detracción (SPOT, catalogue 54)', () => {
  it('code 037, S/ 1,180.00: 12 % rounded to whole soles is S/ 142', () => {
    const d = detractionOf(SPOT, '037', 118_000, ON)
    expect(d).toEqual({
      applies: true,
      code: '037',
      rateBp: 1200,
      tableRateBp: 1200,
      amountCents: 14_200,
      validFrom: VALID_037,
    })
  })

  it('code 027, S/ 450: 4 % is S/ 18 (its minimum is S/ 400, not 700)', () => {
    const d = detractionOf(SPOT, '027', 45_000, ON)
    expect(d?.applies && soles(d.amountCents)).toBe(18)
  })

  it('code 027: 4 % of the greater of the freight and its valor referencial (S/ 1,000 vs S/ 1,500 → S/ 60)', () => {
    expect(detractionOf(SPOT, '027', 100_000, '2026-11-20', undefined, 150_000)).toMatchObject({
      applies: true,
      amountCents: 6_000,
    })
    // A valor referencial under the freight leaves the freight as the base: 4 % of S/ 1,000.
    expect(detractionOf(SPOT, '027', 100_000, '2026-11-20', undefined, 80_000)).toMatchObject({
      amountCents: 4_000,
    })
    // The minimum is on the operation's amount: S/ 350 of freight is none, whatever the valor referencial.
    expect(detractionOf(SPOT, '027', 35_000, '2026-11-20', undefined, 150_000)).toMatchObject({
      applies: false,
    })
    // Another code ignores a valor referencial.
    expect(detractionOf(SPOT, '037', 118_000, '2026-11-20', undefined, 500_000)).toMatchObject({
      amountCents: 14_200,
    })
    expect(detractionBaseCents('027', 100_000, null)).toBe(100_000)
    expect(takesReferenceValue('027')).toBe(true)
    expect(takesReferenceValue('037')).toBe(false)
  })

  it('code 037, S/ 650: under the S/ 700 minimum, none', () => {
    expect(detractionOf(SPOT, '037', 65_000, ON)).toEqual({
      applies: false,
      code: '037',
      reason: 'below-minimum',
      minimumCents: 70_000,
      validFrom: VALID_037,
    })
  })

  it('code 012: exactly S/ 700.00 is none; S/ 700.01 is S/ 84', () => {
    expect(detractionOf(SPOT, '012', 70_000, ON)?.applies).toBe(false)
    const over = detractionOf(SPOT, '012', 70_001, ON)
    expect(over?.applies && soles(over.amountCents)).toBe(84)
  })

  it('a code without minimum applies to any amount; an unknown code or a date before the table has none', () => {
    const small = detractionOf(SPOT, '040', 10_000, ON)
    expect(small?.applies && soles(small.amountCents)).toBe(4)
    expect(detractionOf(SPOT, '999', 118_000, ON)).toBeUndefined()
    expect(detractionOf(SPOT, '012', 118_000, '2018-03-31')).toBeUndefined()
  })

  it('uses the row in force on the date: 10 % before the 2018 resolution, 12 % after', () => {
    const before = detractionOf(SPOT, '037', 118_000, '2018-03-31')
    expect(before?.applies && soles(before.amountCents)).toBe(118)
    expect(spotCatalogueOn(SPOT, ON).map((r) => [r.code, r.rateBp])).toEqual([
      ['012', 1200],
      ['027', 400],
      ['037', 1200],
      ['040', 400],
    ])
  })

  it("takes the approver's rate but keeps the table's minimum and rounding", () => {
    const d = detractionOf(SPOT, '037', 118_000, ON, 1000)
    expect(d).toMatchObject({ applies: true, rateBp: 1000, tableRateBp: 1200, amountCents: 11_800 })
    expect(detractionOf(SPOT, '037', 65_000, ON, 1000)?.applies).toBe(false)
  })

  it('rounds half up to whole soles in integers (no float holds the money)', () => {
    expect(wholeSolesOf(104_167, 1200)).toBe(12_500) // 125.0004 → 125
    expect(wholeSolesOf(104_125, 1200)).toBe(12_500) // 124.95 → 125
    expect(wholeSolesOf(103_700, 1200)).toBe(12_400) // 124.44 → 124
    expect(wholeSolesOf(12_500, 400)).toBe(500) // 5.00 exactly
    // S/ 999,999,999.99 at 15 %: 149,999,999.9985 → 150,000,000 soles, exactly.
    expect(wholeSolesOf(99_999_999_999, 1500)).toBe(15_000_000_000)
  })
})

const AGENT = { retentionAgent: false, perceptionAgent: false, goodTaxpayer: false }
const factura = (totalCents: number, overrides: Partial<RetainedVoucher> = {}): RetainedVoucher => ({
  companyIsAgent: true,
  supplier: AGENT,
  documentType: '01',
  underDetraction: false,
  totalCents,
  ...overrides,
})

describe('retención del IGV', () => {
  it('agent company, two facturas of S/ 400 paid together: 3 % of S/ 800 = S/ 24', () => {
    const r = retentionOf(RETENTION, [factura(40_000), factura(40_000)], ON)
    expect(r?.amounts).toEqual([1_200, 1_200])
    expect(soles(r?.totalCents)).toBe(24)
    expect(r?.exclusions).toEqual([null, null])
  })

  it('one factura of S/ 400 alone does not reach S/ 700: none', () => {
    const r = retentionOf(RETENTION, [factura(40_000)], ON)
    expect(r?.totalCents).toBe(0)
    expect(r?.exclusions).toEqual(['Los comprobantes pagados juntos no superan el monto mínimo'])
  })

  it('supplier buen contribuyente: none', () => {
    const r = retentionOf(RETENTION, [factura(100_000, { supplier: { ...AGENT, goodTaxpayer: true } })], ON)
    expect(r?.totalCents).toBe(0)
    expect(r?.exclusions).toEqual(['El proveedor es buen contribuyente'])
  })

  it('voucher under detracción: none (no double withholding), and it does not count towards S/ 700', () => {
    const r = retentionOf(RETENTION, [factura(118_000, { underDetraction: true }), factura(40_000)], ON)
    expect(r?.amounts).toEqual([0, 0])
    expect(r?.exclusions[0]).toBe('El comprobante está sujeto a detracción')
  })

  it('every other exclusion: company not an agent, supplier agent of retention or perception, a boleta or a receipt', () => {
    const reasons = [
      factura(100_000, { companyIsAgent: false }),
      factura(100_000, { supplier: { ...AGENT, retentionAgent: true } }),
      factura(100_000, { supplier: { ...AGENT, perceptionAgent: true } }),
      factura(100_000, { documentType: '03' }),
      factura(100_000, { documentType: '02' }),
    ].map((v) => retentionOf(RETENTION, [v], ON)?.exclusions[0])
    expect(reasons).toEqual([
      'La empresa no es agente de retención',
      'El proveedor es agente de retención',
      'El proveedor es agente de percepción',
      'El tipo de comprobante no está sujeto a retención',
      'El tipo de comprobante no está sujeto a retención',
    ])
    expect(retentionOf(RETENTION, [factura(100_000, { documentType: '08' })], ON)?.totalCents).toBe(3_000)
  })

  it('uses the rate in force on the date (6 % before 2014-03-01) and none before any rate', () => {
    expect(retentionOf(RETENTION, [factura(100_000)], '2013-12-31')?.totalCents).toBe(6_000)
    expect(retentionOf(RETENTION, [factura(100_000)], '2001-01-01')).toBeUndefined()
    expect(inForce(RETENTION, ON)?.rateBp).toBe(300)
  })
})
