import { describe, expect, it } from 'vitest'
import {
  detractionDueDate,
  detractionOverdueBefore,
  isBusinessDay,
  nextPeriod,
  nthBusinessDay,
  previousPeriod,
} from './business-days'

/** Peru's 2026 and 2027 holidays that fall near the cases below (db/reference/public-holidays.csv). */
const HOLIDAYS = new Set(['2026-04-02', '2026-04-03', '2026-12-08', '2026-12-09', '2026-12-25', '2027-01-01'])

describe('business days and the detracción deadline', () => {
  it('weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-11-28', HOLIDAYS)).toBe(false) // Saturday
    expect(isBusinessDay('2026-11-29', HOLIDAYS)).toBe(false) // Sunday
    expect(isBusinessDay('2026-04-02', HOLIDAYS)).toBe(false) // Jueves Santo
    expect(isBusinessDay('2026-04-01', HOLIDAYS)).toBe(true)
  })

  it('the 5th business day of the month after the period', () => {
    // December 2026: Tue 1, Wed 2, Thu 3, Fri 4, Mon 7.
    expect(detractionDueDate('202611', HOLIDAYS)).toBe('2026-12-07')
    // April 2026: Wed 1, (Thu 2 and Fri 3 holidays), Mon 6, Tue 7, Wed 8, Thu 9.
    expect(detractionDueDate('202603', HOLIDAYS)).toBe('2026-04-09')
    // Without the holidays the same month ends its count on Tuesday 7.
    expect(detractionDueDate('202603', new Set())).toBe('2026-04-07')
    // January 2027: (Fri 1 holiday), Mon 4 … Fri 8; the year turns.
    expect(detractionDueDate('202612', HOLIDAYS)).toBe('2027-01-08')
  })

  it('counts within one month and refuses what it cannot answer', () => {
    expect(nthBusinessDay('202602', 1, HOLIDAYS)).toBe('2026-02-02')
    expect(nextPeriod('202612')).toBe('202701')
    expect(nextPeriod('202609')).toBe('202610')
    expect(() => nthBusinessDay('202602', 25, HOLIDAYS)).toThrow()
    expect(() => nthBusinessDay('2026-02', 1, HOLIDAYS)).toThrow()
  })
})

describe('detractionOverdueBefore', () => {
  it("is this month's first day once last month's deadline has passed, else last month's", () => {
    const none = new Set<string>()
    // October 2026's deadline: the 5th business day of November 2026, Friday 6th.
    expect(detractionOverdueBefore('2026-11-06', none)).toBe('2026-10-01')
    expect(detractionOverdueBefore('2026-11-07', none)).toBe('2026-11-01')
    // January looks back at December of the year before.
    expect(detractionOverdueBefore('2027-01-02', none)).toBe('2026-12-01')
    expect(previousPeriod('202701')).toBe('202612')
  })
})
