import { describe, expect, it } from 'vitest'
import {
  addMonthsToPeriod,
  detractionDeadline,
  detractionStateOn,
  periodOfDay,
  recordingPeriodProblem,
  voucherDetractionDue,
} from './detraction-deadline'

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

describe('the deadline runs from the recording period, not the issue month', () => {
  it('issued in November, recorded in December: the 5th business day of January', () => {
    const issueDate = '2026-11-20'
    expect(recordingPeriodProblem(issueDate, '202612')).toBeNull()
    expect(detractionDeadline('202612', null, HOLIDAYS)).toBe('2027-01-08')
    // Recorded in its issue month it would have been due on 7 December.
    expect(detractionDeadline(periodOfDay(issueDate), null, HOLIDAYS)).toBe('2026-12-07')
  })
  it('recorded in December but paid on 27/11: due 27/11, VENCIDA from 28/11', () => {
    const due = detractionDeadline('202612', '2026-11-27', HOLIDAYS)
    expect(due).toBe('2026-11-27')
    expect(detractionStateOn(due, null, '2026-11-27')).toBe('pendiente')
    expect(detractionStateOn(due, null, '2026-11-28')).toBe('vencida')
  })
  it('the recording period goes from the issue month to 12 months after it', () => {
    expect(recordingPeriodProblem('2026-11-20', '202611')).toBeNull()
    expect(recordingPeriodProblem('2026-11-20', '202711')).toBeNull()
    expect(recordingPeriodProblem('2026-11-20', '202610')).toBe(
      'Periodo de registro no puede ser anterior al mes de emisión (202611)',
    )
    expect(recordingPeriodProblem('2026-11-20', '202712')).toBe(
      'Periodo de registro no puede ser posterior a 202711: como máximo 12 meses después del mes de emisión (202611)',
    )
    expect(recordingPeriodProblem('2026-11-20', '202613')).toBe(
      'Periodo de registro debe tener el formato AAAAMM (p. ej. 202612)',
    )
    expect(addMonthsToPeriod('202601', -1)).toBe('202512')
    expect(addMonthsToPeriod('202612', 1)).toBe('202701')
  })
  it("a voucher's due date and state: none before approval or without a detracción", () => {
    const voucher = {
      status: 3,
      detractionCents: 14_200,
      recordingPeriod: '202612',
      paidOn: null,
      detractionDepositedOn: null,
    }
    expect(voucherDetractionDue(voucher, HOLIDAYS, '2027-01-08')).toEqual({
      dueOn: '2027-01-08',
      state: 'pendiente',
    })
    expect(voucherDetractionDue(voucher, HOLIDAYS, '2027-01-09')).toEqual({
      dueOn: '2027-01-08',
      state: 'vencida',
    })
    expect(
      voucherDetractionDue({ ...voucher, status: 4, paidOn: '2026-11-27' }, HOLIDAYS, '2026-11-28'),
    ).toEqual({ dueOn: '2026-11-27', state: 'vencida' })
    expect(voucherDetractionDue({ ...voucher, status: 2 }, HOLIDAYS, '2026-11-28')).toBeNull()
    expect(voucherDetractionDue({ ...voucher, detractionCents: 0 }, HOLIDAYS, '2026-11-28')).toBeNull()
  })
})
