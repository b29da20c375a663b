import { describe, expect, it } from 'vitest'
import {
  BOLETA_STATE,
  type BoletaConcept,
  boletaDueDate,
  boletaMoney,
  boletaStateOf,
  boletaTotals,
  conceptsOfKind,
  hoursOf,
} from './boleta'

/** June 2026, AFP with commission on flow (docs/decisions/boletas.md). */
const JUNE: BoletaConcept[] = [
  { code: '0608', description: 'AFP aporte obligatorio', kind: 2, amountCents: 26_130 },
  { code: '0121', description: 'Remuneración o jornal básico', kind: 1, amountCents: 250_000 },
  { code: '0804', description: 'EsSalud', kind: 3, amountCents: 23_517 },
  { code: '0201', description: 'Asignación familiar', kind: 1, amountCents: 11_300 },
  { code: '0601', description: 'Comisión AFP', kind: 2, amountCents: 4_050 },
  { code: '0606', description: 'Prima de seguro AFP', kind: 2, amountCents: 4_442 },
]
const HOLIDAYS = new Set(['2026-07-28', '2026-07-29'])

describe('boleta totals', () => {
  it('adds ingresos, descuentos and aportes del empleador, and nets the first two', () => {
    const totals = boletaTotals(JUNE)
    expect(boletaMoney(totals.incomeCents)).toBe('S/ 2,613.00')
    expect(boletaMoney(totals.deductionCents)).toBe('S/ 346.22')
    expect(boletaMoney(totals.netCents)).toBe('S/ 2,266.78')
    expect(boletaMoney(totals.employerCents)).toBe('S/ 235.17')
  })

  it('groups by kind in code order', () => {
    expect(conceptsOfKind(JUNE, 1).map((c) => c.code)).toEqual(['0121', '0201'])
    expect(conceptsOfKind(JUNE, 2).map((c) => c.code)).toEqual(['0601', '0606', '0608'])
    expect(conceptsOfKind(JUNE, 3).map((c) => c.code)).toEqual(['0804'])
  })

  it('shows minutes as hours', () => {
    expect(hoursOf(9_630)).toBe('160:30')
    expect(hoursOf(null)).toBe('---')
  })
})

describe('boleta deadline', () => {
  it('is the third business day after payment, skipping the weekend and holidays', () => {
    expect(boletaDueDate('2026-07-24', HOLIDAYS)).toBe('2026-07-31')
    expect(boletaDueDate('2026-07-24', new Set())).toBe('2026-07-29')
  })

  it('shows a delivery on 03/08 late, one on 31/07 in time, and an undelivered one overdue after the 31st', () => {
    const paid = { paidDate: '2026-07-24', acknowledged: false }
    expect(boletaStateOf({ ...paid, deliveredOn: '2026-08-03' }, '2026-08-03', HOLIDAYS)).toEqual({
      state: BOLETA_STATE.DELIVERED_LATE,
      dueDate: '2026-07-31',
      late: true,
    })
    expect(boletaStateOf({ ...paid, deliveredOn: '2026-07-31' }, '2026-08-03', HOLIDAYS).state).toBe(
      BOLETA_STATE.DELIVERED,
    )
    expect(boletaStateOf({ ...paid, deliveredOn: null }, '2026-07-31', HOLIDAYS).state).toBe(
      BOLETA_STATE.PENDING,
    )
    expect(boletaStateOf({ ...paid, deliveredOn: null }, '2026-08-01', HOLIDAYS).state).toBe(
      BOLETA_STATE.OVERDUE,
    )
  })

  it('has no deadline before the line is paid, and an acknowledged late boleta stays late', () => {
    expect(
      boletaStateOf({ paidDate: null, deliveredOn: null, acknowledged: false }, '2026-08-01', HOLIDAYS),
    ).toEqual({ state: BOLETA_STATE.UNPAID, dueDate: null, late: false })
    const acknowledged = boletaStateOf(
      { paidDate: '2026-07-24', deliveredOn: '2026-08-03', acknowledged: true },
      '2026-08-04',
      HOLIDAYS,
    )
    expect(acknowledged).toEqual({ state: BOLETA_STATE.ACKNOWLEDGED, dueDate: '2026-07-31', late: true })
  })
})
