import { describe, expect, it } from 'vitest'
import { isValidRuc, rucCheckDigit } from './ruc'

describe('RUC', () => {
  it.each([
    '20131312955',
    '20512333797',
    '20100043140',
    '20100017491',
    '10053358671',
    '15484032987',
    '17155542071',
  ])('accepts %s', (ruc) => expect(isValidRuc(ruc)).toBe(true))

  it.each(['20512333798', '20131312956', '2013131295', '201313129555', '30131312955', 'ABCDEFGHIJK'])(
    'rejects %s',
    (ruc) => expect(isValidRuc(ruc)).toBe(false),
  )

  it('computes the digit for the remainder edge cases', () => {
    expect(rucCheckDigit('2010004314')).toBe(0) // r = 1
    expect(rucCheckDigit('2010001749')).toBe(1) // r = 10
    expect(rucCheckDigit('1005335867')).toBe(1) // r = 0
  })
})
