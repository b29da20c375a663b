import { describe, expect, it } from 'vitest'
import {
  asCents,
  centsAsSoles,
  centsOfSoles,
  centsToSoles,
  decimalToCents,
  formatCents,
  formatMoney,
  netCents,
  solesToCents,
} from './money'

/** The formatter every tier used before this module: Intl's en-US grouping with two decimals. */
const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const before = (soles: number) => `S/ ${intl.format(soles)}`

describe('money in céntimos', () => {
  it('formats céntimos as the screens show money, negative and zero included', () => {
    expect(formatCents(118_050)).toBe('S/ 1,180.50')
    expect(formatCents(0)).toBe('S/ 0.00')
    expect(formatCents(5)).toBe('S/ 0.05')
    expect(formatCents(-5)).toBe('S/ -0.05')
    expect(formatCents(-123_456_789)).toBe('S/ -1,234,567.89')
    expect(formatCents(null)).toBe('---')
    expect(formatCents(undefined)).toBe('---')
  })

  it('formats the largest payroll total (numeric(16,2)) exactly', () => {
    expect(formatCents(9_999_999_999_999_999n)).toBe('S/ 99,999,999,999,999.99')
    expect(formatMoney('99999999999999.99')).toBe('S/ 99,999,999,999,999.99')
    expect(formatMoney('-99999999999999.99')).toBe('S/ -99,999,999,999,999.99')
    expect(centsToSoles(9_999_999_999_999_999n)).toBe('99999999999999.99')
  })

  it('shows what the former formatter showed for every amount of céntimos it was given', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 118_050, 999_999, 1_000_000, 123_456_789, 999_999_999_999]
    for (const cents of [...samples, ...samples.map((c) => -c).filter(Boolean)]) {
      expect(formatCents(cents)).toBe(before(cents / 100))
    }
  })

  it('rounds soles given as numbers half away from zero on their exact value, as Intl did', () => {
    for (const soles of [
      0.125, -0.125, 1.005, 1.345, 2.675, 1234.5, -0.001, 0.004, 10.995, -0, 8.675, 4.015, 0.565, 99999.995,
    ]) {
      expect(formatMoney(soles)).toBe(before(soles))
    }
    expect(formatMoney(0.125)).toBe('S/ 0.13')
    expect(formatMoney(1.005)).toBe('S/ 1.01')
    expect(formatMoney(1e-7)).toBe('S/ 0.00')
    expect(formatMoney(1e21)).toBe(before(1e21))
    expect(formatMoney(-0.001)).toBe('S/ -0.00')
  })

  it('formats a payroll amount as its decimal string says, blank as ---', () => {
    expect(formatMoney('1850.5')).toBe('S/ 1,850.50')
    expect(formatMoney('1000000')).toBe('S/ 1,000,000.00')
    expect(formatMoney('0.00')).toBe('S/ 0.00')
    expect(formatMoney('')).toBe('---')
    expect(formatMoney(null)).toBe('---')
  })

  it('parses soles as a form or a cell shows them, refusing signs and commas', () => {
    expect(solesToCents('1180.5')).toBe(118_050)
    expect(solesToCents(' 0.07 ')).toBe(7)
    expect(solesToCents('12')).toBe(1200)
    expect(solesToCents('99999999999.99')).toBe(9_999_999_999_999)
    expect(solesToCents('1,180.00')).toBeNull()
    expect(solesToCents('-1')).toBeNull()
    expect(solesToCents('1.005')).toBeNull()
    expect(solesToCents('')).toBeNull()
  })

  it('converts payroll decimal strings to céntimos and back exactly', () => {
    for (const amount of ['0.29', '1850.50', '9999999999.99', '100.07', '0.00']) {
      expect(centsToSoles(decimalToCents(amount))).toBe(amount)
    }
    expect(decimalToCents('1850.5')).toBe(185_050)
    expect(decimalToCents('12')).toBe(1200)
    expect(decimalToCents('-3.1')).toBe(-310)
    expect(decimalToCents('2.999')).toBe(299)
    expect(centsToSoles(-5)).toBe('-0.05')
    expect(centsToSoles(-150)).toBe('-1.50')
    expect(() => decimalToCents('1,5')).toThrow(RangeError)
  })

  it('never throws while showing an odd value, and shows it as Intl did', () => {
    for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatMoney(odd)).toBe(before(odd))
    expect(formatCents(12.5)).toBe(before(0.125))
    expect(formatCents(Number.NaN)).toBe('S/ NaN')
    expect(centsToSoles(12.5)).toBe('0.13')
  })

  it('gives a spreadsheet cell its soles, takes soles as céntimos, refuses a fraction of a céntimo', () => {
    expect(centsAsSoles(118_050)).toBe(1180.5)
    expect(centsAsSoles(-7)).toBe(-0.07)
    expect(centsOfSoles(1025 * 0.1)).toBe(10_250)
    expect(centsOfSoles(1130 * 0.1)).toBe(11_300)
    expect(() => asCents(1.5)).toThrow(RangeError)
    expect(() => asCents(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError)
  })

  it('nets a voucher: total − detracción − retención', () => {
    expect(netCents(118_000, 14_200, 0)).toBe(103_800)
    expect(netCents(118_000, 14_200, 3_540)).toBe(100_260)
    expect(netCents(-10_000, 0, 0)).toBe(-10_000)
    expect(netCents(100, 0, 100)).toBe(0)
  })
})
