import { describe, expect, it } from 'vitest'
import {
  hasStatusOn,
  type TaxStatusPeriod,
  taxStatusChanges,
  taxStatusChangeText,
  taxStatusOn,
} from './tax-status'

const good = (validFrom: string, validTo: string | null = null): TaxStatusPeriod => ({
  kind: 'BUEN_CONTRIBUYENTE',
  validFrom,
  validTo,
})

describe('taxStatusOn', () => {
  const open = [good('2026-02-01')]
  it('is false the day before the from date, true on it and after it (open period)', () => {
    expect(taxStatusOn(open, '2026-01-31').goodTaxpayer).toBe(false)
    expect(taxStatusOn(open, '2026-02-01').goodTaxpayer).toBe(true)
    expect(taxStatusOn(open, '2030-12-31').goodTaxpayer).toBe(true)
  })

  it('a closed period holds through its to date, not the day after', () => {
    const closed = [good('2025-03-01', '2026-01-31')]
    expect(taxStatusOn(closed, '2025-02-28').goodTaxpayer).toBe(false)
    expect(taxStatusOn(closed, '2025-03-01').goodTaxpayer).toBe(true)
    expect(taxStatusOn(closed, '2026-01-31').goodTaxpayer).toBe(true)
    expect(taxStatusOn(closed, '2026-02-01').goodTaxpayer).toBe(false)
  })

  it('reads each kind on its own, and a gap between two periods is a gap', () => {
    const periods: TaxStatusPeriod[] = [
      good('2025-01-01', '2025-06-30'),
      good('2025-09-01'),
      { kind: 'AGENTE_RETENCION', validFrom: '2026-02-01', validTo: null },
    ]
    expect(taxStatusOn(periods, '2025-07-15')).toEqual({
      retentionAgent: false,
      perceptionAgent: false,
      goodTaxpayer: false,
    })
    expect(taxStatusOn(periods, '2026-02-01')).toEqual({
      retentionAgent: true,
      perceptionAgent: false,
      goodTaxpayer: true,
    })
    expect(hasStatusOn(periods, 'AGENTE_PERCEPCION', '2026-02-01')).toBe(false)
  })

  it('no periods: no status', () => {
    expect(taxStatusOn([], '2026-02-01')).toEqual({
      retentionAgent: false,
      perceptionAgent: false,
      goodTaxpayer: false,
    })
  })
})

describe('taxStatusChanges', () => {
  it('a period closed on 31/01 is lost from 01/02', () => {
    const periods = [good('2024-01-01', '2026-01-31')]
    expect(taxStatusChanges(periods, '2026-01-10', '2026-02-01')).toEqual([
      { kind: 'BUEN_CONTRIBUYENTE', became: false, on: '2026-02-01' },
    ])
    expect(taxStatusChanges(periods, '2026-01-10', '2026-01-31')).toEqual([])
  })

  it('a period opened between the two dates is gained from its from date', () => {
    const periods: TaxStatusPeriod[] = [{ kind: 'AGENTE_RETENCION', validFrom: '2026-02-01', validTo: null }]
    const [change] = taxStatusChanges(periods, '2026-01-20', '2026-03-05')
    expect(change).toEqual({ kind: 'AGENTE_RETENCION', became: true, on: '2026-02-01' })
    expect(taxStatusChangeText(change, false)).toBe(
      'pasó a ser agente de retención el 01/02/2026: no se retiene',
    )
  })

  it('says it in words', () => {
    expect(taxStatusChangeText({ kind: 'BUEN_CONTRIBUYENTE', became: false, on: '2026-02-01' }, true)).toBe(
      'dejó de ser buen contribuyente el 01/02/2026: se retiene',
    )
  })
})
