import { describe, expect, it } from 'vitest'
import { detractionDeadline, detractionStateOn } from './detraction-deadline'

const HOLIDAYS = new Set(['2026-12-08', '2026-12-09', '2026-12-25', '2027-01-01'])

describe('detracción deadline: the earlier of the first payment and the 5th business day', () => {
  it('recorded 11/2026 and paid 27/11: due 27/11, VENCIDA on 28/11 when not deposited', () => {
    const due = detractionDeadline('202611', '2026-11-27', HOLIDAYS)
    expect(due).toBe('2026-11-27')
    expect(detractionStateOn(due, null, '2026-11-27')).toBe('pendiente')
    expect(detractionStateOn(due, null, '2026-11-28')).toBe('vencida')
    expect(detractionStateOn(due, '2026-11-27', '2026-11-28')).toBe('depositada')
  })
  it('not yet paid: the 5th business day of the month after the recording period', () => {
    expect(detractionDeadline('202611', null, HOLIDAYS)).toBe('2026-12-07')
    expect(detractionDeadline('202612', null, HOLIDAYS)).toBe('2027-01-08')
    // Paid after that day: the 5th business day stays the deadline.
    expect(detractionDeadline('202611', '2026-12-15', HOLIDAYS)).toBe('2026-12-07')
  })
})
