import { RetentionRateSchema, SPOT_RATE_MESSAGES, SpotRateSchema } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import {
  datedHistory,
  RETENTION_RATE_FIELDS,
  retentionRateBody,
  SPOT_RATE_FIELDS,
  spotRateBody,
} from './rates.server'

const row = (code: string, validFrom: string) => ({ code, validFrom })

describe('datedHistory', () => {
  it('lists every row of each code, newest validity first, and says which one is in force', () => {
    const rows = [
      row('037', '2020-01-01'),
      row('027', '2020-01-01'),
      row('037', '2031-01-01'),
      row('037', '2024-06-01'),
    ]
    expect(
      datedHistory(rows, '2026-11-28', (r) => r.code).map((r) => [r.code, r.validFrom, r.validity]),
    ).toEqual([
      ['027', '2020-01-01', 'vigente'],
      ['037', '2031-01-01', 'programada'],
      ['037', '2024-06-01', 'vigente'],
      ['037', '2020-01-01', 'anterior'],
    ])
  })

  it('reads a table without codes as one series; a row starting today is in force', () => {
    const rows = [{ validFrom: '2003-06-01' }, { validFrom: '2026-11-28' }, { validFrom: '2014-03-01' }]
    expect(datedHistory(rows, '2026-11-28').map((r) => [r.validFrom, r.validity])).toEqual([
      ['2026-11-28', 'vigente'],
      ['2014-03-01', 'anterior'],
      ['2003-06-01', 'anterior'],
    ])
  })

  it('marks a code with only future rows as scheduled, none in force', () => {
    expect(datedHistory([row('099', '2031-01-01')], '2026-11-28', (r) => r.code)[0].validity).toBe(
      'programada',
    )
  })
})

describe('the refusals beside their field', () => {
  it("puts a duplicate date beside 'Vigente desde'", () => {
    expect(SPOT_RATE_FIELDS[SPOT_RATE_MESSAGES.duplicate]).toBe('validFrom')
    expect(RETENTION_RATE_FIELDS[SPOT_RATE_MESSAGES.duplicateRetention]).toBe('validFrom')
  })
  it("puts a date out of bounds beside 'Vigente desde' and a missing reason beside 'Motivo'", () => {
    expect(SPOT_RATE_FIELDS[SPOT_RATE_MESSAGES.validFromBounds]).toBe('validFrom')
    expect(RETENTION_RATE_FIELDS[SPOT_RATE_MESSAGES.backdatedReason]).toBe('reason')
  })
})

describe('the body sent to the API', () => {
  it('is the row as typed, which the API reads back to the values the form checked', () => {
    const typed = {
      code: '037',
      description: 'Demás servicios',
      rate: '11.5',
      minimum: '700',
      validFrom: '2040-01-01',
    }
    const value = SpotRateSchema.parse(typed)
    expect(value).toMatchObject({ rate: 1150, minimum: 70_000 })
    const body = spotRateBody(value)
    expect(body).toEqual({ ...typed, rate: '11.50', minimum: '700.00', reason: null })
    expect(SpotRateSchema.parse(body)).toEqual(value)
    // Without a minimum: none.
    const none = SpotRateSchema.parse({ ...typed, minimum: '' })
    expect(spotRateBody(none).minimum).toBeNull()
    expect(SpotRateSchema.parse(spotRateBody(none)).minimum).toBeNull()
  })

  it('keeps the retention rate and its minimum exact (1.5 %, S/ 700.01)', () => {
    const value = RetentionRateSchema.parse({ rate: '1.5', threshold: '700.01', validFrom: '2040-01-01' })
    expect(retentionRateBody(value)).toEqual({
      rate: '1.50',
      threshold: '700.01',
      validFrom: '2040-01-01',
      reason: null,
    })
    expect(RetentionRateSchema.parse(retentionRateBody(value))).toEqual(value)
  })
})
