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
        ...(i % 2
          ? {
              extras: {
                concepts: [{ column: 0, cents: 250000 }],
                daysWorked: i % 32,
                ordinaryMinutes: i * 7,
                overtimeMinutes: 0,
                pensionSystem: i % 4 === 1 ? ('AFP' as const) : ('ONP' as const),
                cuspp: i % 4 === 1 ? `CUSPP${String(i).padStart(7, '0')}` : null,
                afp: null,
                afpCommission: null,
              },
            }
          : {}),
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
      daysWorked: [null, 4999 % 32],
      ordinaryMinutes: [null, 4999 * 7],
      overtimeMinutes: [null, 0],
      pensionSystem: [null, 'ONP'],
      cuspp: [null, null],
    })
    expect(lines.columns(4997, 4998)).toMatchObject({ pensionSystem: ['AFP'], cuspp: ['CUSPP0004997'] })
    // One concept per line with extras: every odd row.
    expect(lines.concepts.length).toBe(2500)
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
