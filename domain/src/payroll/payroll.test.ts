import { describe, expect, it } from 'vitest'
import { PAYROLL_UPLOAD_MESSAGES as M, PayrollBatchFieldsSchema } from './payroll'

const periodMessages = (period: string) =>
  PayrollBatchFieldsSchema.shape.period.safeParse(period).error?.issues.map((i) => i.message) ?? []

describe('the payroll upload period', () => {
  it('says an empty period is required, once', () => {
    expect(periodMessages('')).toEqual([M.period])
    expect(periodMessages('   ')).toEqual([M.period])
  })
  it('says a malformed period is invalid', () => {
    expect(periodMessages('2026-1')).toEqual([M.periodInvalid])
  })
})
