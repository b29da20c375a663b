import { describe, expect, it } from 'vitest'
import {
  actionsFrom,
  mayApprove,
  VOUCHER_STATUS as S,
  VOUCHER_ACTION_NAMES,
  VOUCHER_STATUSES,
  type VoucherAction,
  voucherTransitionProblem,
} from './voucher-status'

/** Every allowed move, written out as docs/domain.md states it. */
const ALLOWED: [VoucherAction, number, number][] = [
  ['authorize', S.REGISTERED, S.AUTHORIZED],
  ['approve', S.AUTHORIZED, S.APPROVED],
  ['pay', S.APPROVED, S.PAID],
  ['reject', S.REGISTERED, S.REJECTED],
  ['reject', S.AUTHORIZED, S.REJECTED],
  ['cancel', S.AUTHORIZED, S.CANCELLED],
  ['cancel', S.APPROVED, S.CANCELLED],
]

describe('voucher states', () => {
  it('allows exactly the transitions of docs/domain.md (supplier payments)', () => {
    for (const action of VOUCHER_ACTION_NAMES) {
      for (const status of VOUCHER_STATUSES) {
        const allowed = ALLOWED.some(([a, from]) => a === action && from === status)
        expect(voucherTransitionProblem(status, action) === null, `${action} from ${status}`).toBe(allowed)
      }
    }
  })

  it('refuses every other move with a Spanish reason', () => {
    expect(voucherTransitionProblem(S.PAID, 'cancel')).toBe(
      'No se puede anular un comprobante PAGADO: solo uno AUTORIZADO o APROBADO',
    )
    expect(voucherTransitionProblem(S.REGISTERED, 'approve')).toBe(
      'No se puede aprobar un comprobante REGISTRADO: solo uno AUTORIZADO',
    )
    expect(voucherTransitionProblem(S.APPROVED, 'reject')).toBe(
      'No se puede rechazar un comprobante APROBADO: solo uno REGISTRADO o AUTORIZADO',
    )
    expect(voucherTransitionProblem(S.REJECTED, 'authorize')).toBe(
      'No se puede autorizar un comprobante RECHAZADO: solo uno REGISTRADO',
    )
    expect(voucherTransitionProblem(S.CANCELLED, 'pay')).toBe(
      'No se puede marcar como pagado un comprobante ANULADO: solo uno APROBADO',
    )
  })

  it('offers each state its actions; PAGADO, RECHAZADO and ANULADO are final', () => {
    expect(actionsFrom(S.REGISTERED)).toEqual(['authorize', 'reject'])
    expect(actionsFrom(S.AUTHORIZED)).toEqual(['approve', 'reject', 'cancel'])
    expect(actionsFrom(S.APPROVED)).toEqual(['pay', 'cancel'])
    expect(actionsFrom(S.PAID)).toEqual([])
    expect(actionsFrom(S.REJECTED)).toEqual([])
    expect(actionsFrom(S.CANCELLED)).toEqual([])
  })

  it('separation of duties: who registered cannot approve, whatever the case of the e-mail', () => {
    expect(mayApprove('rrhh@planillas.pe', 'RRHH@planillas.pe ')).toBe(false)
    expect(mayApprove('rrhh@planillas.pe', 'tesoreria@planillas.pe')).toBe(true)
  })
})
