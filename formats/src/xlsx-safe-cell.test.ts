import { describe, expect, it } from 'vitest'
import { safeCell } from './xlsx-safe-cell'

describe('safeCell', () => {
  it('neutralises what a spreadsheet would evaluate', () => {
    for (const value of ['=1+1', '@SUM(A1)', "+cmd|' /C calc'!A0", '-2+A1', '-SUM(A1:A3)', '\t=1', '\r=1']) {
      expect(safeCell(value)).toBe(`'${value}`)
    }
  })

  it("leaves the '---' of an empty value, signed numbers and phone numbers as they are", () => {
    for (const value of [
      '---',
      '-',
      '-5',
      '-1,500.50',
      '+51 987 654 321',
      '+(01) 411-1111',
      'QUISPE',
      '45678912',
    ]) {
      expect(safeCell(value)).toBe(value)
    }
    expect(safeCell(null)).toBe('')
    expect(safeCell(-5)).toBe(-5)
  })
})
