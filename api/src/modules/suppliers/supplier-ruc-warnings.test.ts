import { MESSAGES } from '@planillas/domain'
import { loadedPadronReducido, padronStanding } from '@planillas/testing/api/padrones'
import {
  paymentFixturesPerFile,
  registerVoucher,
  step,
  supplierBody,
  voucherFields,
} from '@planillas/testing/api/payments'
import { beforeAll, describe, expect, it } from 'vitest'

// A supplier whose RUC the last padrón reducido gives as not ACTIVO or not HABIDO is warned, never
// blocked: at registration and edit, on its details, and at the approval of its vouchers.

const { t, fx } = paymentFixturesPerFile()
let loadId: number
beforeAll(async () => {
  loadId = await loadedPadronReducido(t.handle.db)
})

const standing = (ruc: string, state: string, condition: string) =>
  padronStanding(t.handle.db, loadId, { ruc, state, condition })

describe('the padrón reducido warnings', () => {
  it('warn at registration, on the details and at approval, and change nothing', async () => {
    const body = supplierBody()
    await standing(body.ruc, 'BAJA DE OFICIO', 'NO HABIDO')
    const warning = `El RUC ${body.ruc} (${body.name}) figura con estado BAJA DE OFICIO y condición NO HABIDO según el padrón del 20/08/2026`
    const created = await t.call('admin', { method: 'POST', url: '/api/v1/suppliers', payload: body })
    expect(created.status).toBe(200)
    expect(created.body.messages).toEqual([MESSAGES.saved, warning])
    const id = created.body.payload.id
    const details = await t.call('admin', { method: 'GET', url: `/api/v1/suppliers/${id}` })
    expect(details.body.payload.rucWarning).toBe(warning)
    const edited = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/suppliers/${id}`,
      payload: { ...body, contactName: 'Otra persona' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.messages).toEqual([MESSAGES.saved, warning])

    const voucher = await registerVoucher(t, voucherFields(id, fx), 'admin')
    await step(t, 'admin', voucher, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-001' })
    const approved = await step(t, 'tesoreria', voucher, 'approve', { paymentType: 1 })
    expect(approved.status).toBe(200)
    expect(approved.body.messages).toEqual(['Estado actualizado correctamente', warning])
  })

  it('say nothing of an ACTIVO and HABIDO RUC, nor of one the padrón does not hold', async () => {
    const fine = supplierBody()
    await standing(fine.ruc, 'ACTIVO', 'HABIDO')
    const created = await t.call('admin', { method: 'POST', url: '/api/v1/suppliers', payload: fine })
    expect(created.body.messages).toEqual([MESSAGES.saved])
    const unknown = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: supplierBody(),
    })
    expect(unknown.body.messages).toEqual([MESSAGES.saved])
    const details = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/suppliers/${unknown.body.payload.id}`,
    })
    expect(details.body.payload.rucWarning).toBeNull()
  })
})
