import { getZodConstraint } from '@conform-to/zod/v4'
import { SpotRateSchema } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { withOptional } from './use-schema-form'

describe('withOptional', () => {
  it("leaves the SPOT rate's minimum optional, which conform reads as required (a union behind nullish)", () => {
    const constraint = getZodConstraint(SpotRateSchema)
    expect(constraint.minimum?.required).toBe(true)
    const fixed = withOptional(constraint, ['minimum'])
    expect(fixed.minimum?.required).toBe(false)
    expect(fixed.code?.required).toBe(true)
    // The schema's own constraints are not changed.
    expect(constraint.minimum?.required).toBe(true)
  })
  it('changes nothing without names', () => {
    const constraint = getZodConstraint(SpotRateSchema)
    expect(withOptional(constraint)).toEqual(constraint)
  })
})
