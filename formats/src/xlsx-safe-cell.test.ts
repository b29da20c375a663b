import { describe, expect, it } from 'vitest'
import { mayEvaluate, safeCell } from './xlsx-safe-cell'

const EVALUATED = [
  '=1+1',
  '@SUM(A1)',
  '+1+1',
  '-1-1',
  "+cmd|' /C calc'!A0",
  '-2+A1',
  '-SUM(A1:A3)',
  '\t=1',
  '\r=1',
]

describe('text a spreadsheet would evaluate', () => {
  it('is anything that starts like a formula', () => {
    for (const value of [...EVALUATED, '+51 987 654 321', '-5', '---']) expect(mayEvaluate(value)).toBe(true)
    for (const value of ['QUISPE', '45678912', ' =1', '', '1+1']) expect(mayEvaluate(value)).toBe(false)
  })
})

describe('safeCell (workbooks exceljs writes)', () => {
  it('neutralises what a spreadsheet would evaluate, an operation number such as +1+1 too', () => {
    for (const value of [...EVALUATED, '+51 987 654 321']) expect(safeCell(value)).toBe(`'${value}`)
  })

  it("leaves the '---' of an empty value, signed plain numbers and plain text as they are", () => {
    for (const value of ['---', '-', '-5', '+5', '-1,500.50', 'QUISPE', '45678912']) {
      expect(safeCell(value)).toBe(value)
    }
    expect(safeCell(null)).toBe('')
    expect(safeCell(-5)).toBe(-5)
  })
})
