import { describe, expect, it } from 'vitest'
import { AFP_RATE_MESSAGES, type AfpRateRow, afpAmountProblems, afpRateInPeriod } from './afp-rates'
import { JUNE_AFP_RATE as JUNE } from './payroll-fixtures'

const amounts = (map: Record<string, number>) => (code: string) => map[code] ?? 0
const all = () => true

describe('afpRateInPeriod', () => {
  const rows: AfpRateRow[] = [
    { ...JUNE, validFrom: '2026-01-01', validTo: '2026-05-31', commissionBp: 160 },
    JUNE,
    { ...JUNE, validFrom: '2026-09-15', commissionBp: 150 },
    { ...JUNE, commissionType: 'MIXTA', commissionBp: 0 },
    { ...JUNE, afp: 'PRIMA', commissionBp: 160 },
  ]

  it('reads the row in force on the period’s last day, the latest when two are', () => {
    expect(afpRateInPeriod(rows, 'INTEGRA', 'FLUJO', '202603')?.commissionBp).toBe(160)
    expect(afpRateInPeriod(rows, 'INTEGRA', 'FLUJO', '202606')?.commissionBp).toBe(155)
    // 15 September starts a new row: September is read on the 30th
    expect(afpRateInPeriod(rows, 'INTEGRA', 'FLUJO', '202609')?.commissionBp).toBe(150)
    expect(afpRateInPeriod(rows, 'INTEGRA', 'MIXTA', '202606')?.commissionBp).toBe(0)
    expect(afpRateInPeriod(rows, 'PRIMA', 'FLUJO', '202607')?.commissionBp).toBe(160)
  })

  it('has none before the first row, after an end, or for an AFP without rows', () => {
    expect(afpRateInPeriod(rows, 'INTEGRA', 'FLUJO', '202512')).toBeNull()
    expect(afpRateInPeriod([rows[0]], 'INTEGRA', 'FLUJO', '202606')).toBeNull()
    expect(afpRateInPeriod(rows, 'HABITAT', 'FLUJO', '202606')).toBeNull()
    expect(afpRateInPeriod(rows, 'PRIMA', 'MIXTA', '202606')).toBeNull()
  })
})

describe('afpAmountProblems', () => {
  it('passes the June 2026 vector: 0608 261.30, 0601 40.50 (40.5015), 0606 44.42 (44.421) on 2,613.00', () => {
    const found = amounts({ '0608': 26130, '0601': 4050, '0606': 4442 })
    expect(afpAmountProblems(JUNE, 261300, found, all)).toEqual([])
  })

  it('rounds half up to the céntimo and allows one céntimo either way', () => {
    // 10.00 × 1.55 % = 0.155 → 0.16
    expect(afpAmountProblems(JUNE, 1000, amounts({ '0601': 16, '0608': 100, '0606': 17 }), all)).toEqual([])
    expect(
      afpAmountProblems(JUNE, 261300, amounts({ '0608': 26130, '0601': 4051, '0606': 4441 }), all),
    ).toEqual([])
  })

  it('names the concept, the expected and the found amounts of a wrong commission', () => {
    const problems = afpAmountProblems(
      JUNE,
      261300,
      amounts({ '0608': 26130, '0601': 4180, '0606': 4442 }),
      all,
    )
    expect(problems).toEqual([
      {
        code: '0601',
        expected: 4050,
        found: 4180,
        message: AFP_RATE_MESSAGES.amount('0601', 'comisión', 'INTEGRA', 4050, 4180, '1.55'),
      },
    ])
    expect(problems[0].message).toBe(
      'El concepto 0601 (comisión AFP INTEGRA) es S/ 41.80 y debería ser S/ 40.50 (1.55 % de la remuneración asegurable)',
    )
  })

  it('compares only the concepts the file has, and a rate the table does not know not at all', () => {
    const found = amounts({ '0608': 26130 })
    expect(afpAmountProblems(JUNE, 261300, found, (code) => code === '0608')).toEqual([])
    expect(afpAmountProblems({ ...JUNE, commissionBp: null, premiumBp: null }, 261300, found, all)).toEqual(
      [],
    )
    // a column present but empty is S/ 0.00 (a prima under rate × pay may be capped: see below)
    expect(afpAmountProblems(JUNE, 261300, found, all).map((p) => [p.code, p.found])).toEqual([['0601', 0]])
  })

  it('charges the prima up to its cap when known; without a cap a smaller prima is not refused', () => {
    const high = 2_000_000 // S/ 20,000.00
    const found = (prima: number) => amounts({ '0608': 200_000, '0601': 31_000, '0606': prima })
    expect(afpAmountProblems({ ...JUNE, premiumCapCents: 1_000_000 }, high, found(17_000), all)).toEqual([])
    expect(
      afpAmountProblems({ ...JUNE, premiumCapCents: 1_000_000 }, high, found(34_000), all).map(
        (p) => p.expected,
      ),
    ).toEqual([17_000])
    expect(afpAmountProblems(JUNE, high, found(17_000), all)).toEqual([])
    expect(afpAmountProblems(JUNE, high, found(34_100), all).map((p) => p.code)).toEqual(['0606'])
  })
})
