import { describe, expect, it } from 'vitest'
import { awaitsReview, LINE_REVIEW, LINE_STATE, lineStateOf, reviewReasons } from './payroll-line-review'

describe('payroll line review flags', () => {
  it('lists every reason a line was flagged', () => {
    expect(reviewReasons(0)).toEqual([])
    expect(reviewReasons(LINE_REVIEW.BANK_DATA_DIFFER | LINE_REVIEW.DUPLICATE_IN_PERIOD)).toEqual([
      'Datos bancarios distintos a los verificados del colaborador',
      'El documento figura en otra planilla del mismo periodo y tipo',
    ])
    expect(reviewReasons(LINE_REVIEW.NO_CONTRACT)).toEqual(['Colaborador SIN CONTRATO'])
  })

  it('blocks payment for bank data and SIN CONTRATO until confirmed; a duplicate only warns', () => {
    expect(awaitsReview(LINE_REVIEW.BANK_DATA_DIFFER, null)).toBe(true)
    expect(awaitsReview(LINE_REVIEW.NO_CONTRACT, null)).toBe(true)
    expect(awaitsReview(LINE_REVIEW.NO_CONTRACT, new Date())).toBe(false)
    expect(awaitsReview(LINE_REVIEW.DUPLICATE_IN_PERIOD, null)).toBe(false)
    expect(awaitsReview(0, null)).toBe(false)
  })
})

describe('line state', () => {
  const base = { paid: false, reviewFlags: 0, reviewConfirmedAt: null, sentAt: null }
  it('is ABONADO when paid, OBSERVADO while awaiting review, ENVIADO once in a bank file, else PENDIENTE', () => {
    expect(lineStateOf(base)).toBe(LINE_STATE.PENDING)
    expect(lineStateOf({ ...base, sentAt: '2026-11-20' })).toBe(LINE_STATE.SENT)
    expect(lineStateOf({ ...base, reviewFlags: LINE_REVIEW.NO_CONTRACT })).toBe(LINE_STATE.OBSERVED)
    expect(
      lineStateOf({ ...base, reviewFlags: LINE_REVIEW.NO_CONTRACT, reviewConfirmedAt: new Date() }),
    ).toBe(LINE_STATE.PENDING)
    expect(lineStateOf({ ...base, paid: true, reviewFlags: LINE_REVIEW.BANK_DATA_DIFFER })).toBe(
      LINE_STATE.PAID,
    )
  })
})
