import { describe, expect, it } from 'vitest'
import {
  CONSTRAINT_VIOLATIONS,
  errorChain,
  isDatabaseUnavailable,
  isQueryCanceled,
  someInChain,
  violatedConstraint,
} from './errors'

/** An error wrapped as Drizzle wraps the driver's ('Failed query: …', the driver's error as cause). */
const wrapped = (cause: object, times = 1): unknown =>
  times === 0 ? cause : wrapped(new Error('Failed query: insert …', { cause }), times - 1)

const pgError = (fields: Record<string, string>) => Object.assign(new Error('driver error'), fields)

describe('the walk through wrapped errors', () => {
  it('yields the error and what it wraps, outermost first, at most four deep', () => {
    const inner = pgError({ code: '23505' })
    expect([...errorChain(wrapped(inner))].at(-1)).toBe(inner)
    expect([...errorChain(wrapped(inner, 10))]).toHaveLength(4)
    expect([...errorChain(undefined)]).toEqual([])
    expect([...errorChain('text')]).toEqual([])
  })

  it('names the unique constraint a wrapped violation names, and a foreign key only when asked', () => {
    const unique = wrapped(pgError({ code: '23505', constraint: 'payrolls_code_unique' }))
    expect(violatedConstraint(unique)).toBe('payrolls_code_unique')
    // PGlite names it constraint_name.
    expect(violatedConstraint(wrapped(pgError({ code: '23505', constraint_name: 'x_unique' })))).toBe(
      'x_unique',
    )
    const foreign = wrapped(pgError({ code: '23503', constraint: 'employees_area_id_areas_id_fk' }))
    expect(violatedConstraint(foreign)).toBeUndefined()
    expect(violatedConstraint(foreign, CONSTRAINT_VIOLATIONS)).toBe('employees_area_id_areas_id_fk')
    expect(violatedConstraint(new Error('no database'))).toBeUndefined()
    // Deeper than the walk goes: not seen.
    expect(violatedConstraint(wrapped(pgError({ code: '23505', constraint: 'deep' }), 4))).toBeUndefined()
  })

  it('tells a lost or refused connection from a wrong statement', () => {
    expect(isDatabaseUnavailable(wrapped(pgError({ code: '57P01' })))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(pgError({ code: '08006' })))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(pgError({ code: 'ECONNREFUSED' })))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(pgError({ code: '23505' })))).toBe(false)
    expect(isDatabaseUnavailable(wrapped(pgError({ code: '57014' })))).toBe(false)
    expect(isQueryCanceled(wrapped(pgError({ code: '57014' })))).toBe(true)
    expect(isQueryCanceled(wrapped(pgError({ code: '57P01' })))).toBe(false)
  })

  it('finds an error of a class anywhere in the chain', () => {
    class Refused extends Error {}
    expect(someInChain(wrapped(new Refused()), (e) => e instanceof Refused)).toBe(true)
    expect(someInChain(wrapped(new Error()), (e) => e instanceof Refused)).toBe(false)
  })
})
