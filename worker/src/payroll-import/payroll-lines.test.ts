import { centsToSoles, decimalToCents } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { PayrollLines } from './payroll-lines'

describe('PayrollLines', () => {
  it('gives back what it packed, slice by slice, across growth', () => {
    const lines = new PayrollLines()
    for (let i = 0; i < 5000; i++) {
      lines.push({
        rowNumber: i + 2,
        employeeId: 1000 + i,
        identifierType: i % 2 ? 1 : 7,
        identifier: i % 2 ? String(10_000_000 + i) : `PA${i}`,
        bankCode: i % 3 ? '002' : '011',
        bankAccount: String(19_100_000_000_000 + i),
        bankInterAccount: i % 5 ? `0021910000${String(i).padStart(10, '0')}` : null,
        amount: i % 7 ? `${i}.5` : '0.29',
        fullName: i % 2 ? `ÑAÑEZ ${i}` : `PÉREZ ${i}`,
        reviewFlags: i % 8,
      })
    }
    expect(lines.length).toBe(5000)
    const c = lines.columns(4998, 6000)
    expect(c).toEqual({
      rowNumber: [5000, 5001],
      employeeId: [5998, 5999],
      identifierType: [7, 1],
      identifier: ['PA4998', '10004999'],
      bankCode: ['011', '002'],
      bankAccount: ['19100000004998', '19100000004999'],
      bankInterAccount: ['00219100000000004998', '00219100000000004999'],
      amount: ['0.29', '4999.50'],
      fullName: ['PÉREZ 4998', 'ÑAÑEZ 4999'],
      reviewFlags: [6, 7],
    })
    expect(lines.columns(0, 1)).toMatchObject({
      bankCode: ['011'],
      bankInterAccount: [null],
      amount: ['0.29'],
    })
  })

  it('keeps amounts exact in cents', () => {
    for (const amount of ['0.29', '1850.5', '1850.50', '9999999999.99', '1', '100.07']) {
      expect(centsToSoles(decimalToCents(amount))).toBe(Number(amount).toFixed(2))
    }
  })
})
