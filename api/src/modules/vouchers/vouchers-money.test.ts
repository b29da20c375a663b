import { auditLogs } from '@planillas/db'
import { addDays } from '@planillas/domain'
import {
  approvalProposal,
  authorizedVoucher,
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile()

/** A voucher of a new supplier taken to APROBADO (with `approval` added to the approval). */
const approved = async (
  fields: Record<string, string | number> = {},
  approval: Record<string, unknown> = {},
) => expectApproved(t, fx, voucherFields(await createSupplier(t), fx, fields), approval)

describe("'Marcar como pagado' checks the amount against the voucher's net", () => {
  it('refuses S/ 11,800,000.00 and S/ 0.01 on a S/ 1,180.00 voucher, changing nothing; accepts its net', async () => {
    const id = await approved()
    for (const paidAmount of ['11800000.00', '0.01', '1179.99']) {
      const res = await step(t, 'tesoreria', id, 'pay', { paidAmount, paidOn: TODAY })
      expect(res.status).toBe(400)
      expect(res.body.messages[0]).toMatch(
        /^El monto pagado \(S\/ [\d,.]+\) no es el neto a pagar del comprobante \(S\/ 1,180\.00\)/,
      )
      expect((await getVoucher(t, id)).status).toBe(3)
    }
    const ok = await step(t, 'tesoreria', id, 'pay', { paidAmount: '1180.00', paidOn: TODAY })
    expect(ok.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({ status: 4, paidCents: 118_000 })
  })

  it('the net is after detracción: S/ 1,180.00 under 037 (12 %) is paid S/ 1,038.00, not its total', async () => {
    const id = await approved({}, { spotCode: '037' })
    expect((await step(t, 'tesoreria', id, 'pay', { paidAmount: '1180.00', paidOn: TODAY })).status).toBe(400)
    expect((await step(t, 'tesoreria', id, 'pay', { paidAmount: '1038.00', paidOn: TODAY })).status).toBe(200)
  })
})

describe('a dated rate row: bounded dates, a reason when backdated, and the row a proposal used', () => {
  const addSpot = (payload: Record<string, unknown>) =>
    t.call('admin', { method: 'POST', url: '/api/v1/spot-rates', payload })
  const row = { code: '037', description: 'Demás servicios gravados con el IGV', rate: '50' }

  it('refuses 1900-01-01 and 9999-12-31, and a past date without a reason, in Spanish', async () => {
    for (const validFrom of ['1900-01-01', '9999-12-31']) {
      const res = await addSpot({ ...row, validFrom })
      expect(res.status).toBe(400)
      expect(res.body.messages).toContain('Vigente desde debe estar entre el 01/01/2000 y el 31/12/2100')
    }
    const retention = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/retention-rates',
      payload: { rate: '3', threshold: '700', validFrom: '9999-12-31' },
    })
    expect(retention.status).toBe(400)
    const backdated = await addSpot({ ...row, validFrom: addDays(TODAY, -27) })
    expect(backdated.status).toBe(400)
    expect(backdated.body.messages).toEqual([
      'Vigente desde es anterior a hoy: indique el motivo (la nueva tasa se aplicará a comprobantes ya emitidos)',
    ])
  })

  it('accepts a backdated row with its reason in the audit; the proposal names the row it used', async () => {
    const supplierId = await createSupplier(t)
    const issued = addDays(TODAY, -10)
    const id = await authorizedVoucher(
      t,
      fx,
      voucherFields(supplierId, fx, { issueDate: issued, dueDate: issued }),
    )
    const before = await approvalProposal(t, id, { spotCode: '037' })
    expect(before.detraction.rowValidFrom < addDays(TODAY, -27)).toBe(true)
    expect(before.retention).toHaveProperty('rowValidFrom')

    const validFrom = addDays(TODAY, -27)
    const added = await addSpot({ ...row, validFrom, reason: 'Resolución publicada con vigencia anterior' })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const [audit] = await auditEntries(t.handle.db, 'spot-rates', added.body.payload.id)
    expect(audit.description).toContain('motivo: Resolución publicada con vigencia anterior')

    const after = await approvalProposal(t, id, { spotCode: '037' })
    expect(after.detraction).toMatchObject({
      tableRateBp: 5000,
      rowValidFrom: validFrom,
      amountCents: 59_000,
    })
    await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    const [approval] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), like(auditLogs.description, 'Aprobó%')))
    const [y, m, d] = validFrom.split('-')
    expect(approval.description).toContain(`tabla vigente desde ${d}/${m}/${y}`)
  })
})
