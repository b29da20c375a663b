import { describe, expect, it } from 'vitest'
import { SOLES_MAX_MESSAGE, solesAmount } from './money-input'

const amount = solesAmount({
  required: 'Monto es requerido',
  invalid: 'Debe ser un monto en soles con hasta 2 decimales',
})
const messageOf = (value: string | number) => {
  const parsed = amount.safeParse(value)
  return parsed.success ? null : parsed.error.issues[0].message
}

describe('an amount in soles as typed', () => {
  it('takes up to 11 whole digits and two decimals, in céntimos', () => {
    expect(amount.parse('99999999999.99')).toBe(9_999_999_999_999)
    expect(amount.parse('1180.5')).toBe(118_050)
  })

  it('says the real limit of an amount that has two decimals but too many digits', () => {
    expect(messageOf('99999999999999.99')).toBe(SOLES_MAX_MESSAGE)
    expect(messageOf('100000000000')).toBe(SOLES_MAX_MESSAGE)
    expect(SOLES_MAX_MESSAGE).not.toContain('decimales')
  })

  it('keeps the decimals message for what is not an amount with two decimals', () => {
    expect(messageOf('10.555')).toBe('Debe ser un monto en soles con hasta 2 decimales')
    expect(messageOf('abc')).toBe('Debe ser un monto en soles con hasta 2 decimales')
  })
})
