import { readdir } from 'node:fs/promises'
import { auditLogs, banks, paymentOrders } from '@planillas/db'
import { LINE_STATE } from '@planillas/domain'
import { paymentOrderFixturesPerFile } from '@planillas/testing/api/payment-orders'
import { insertPayrollWithLines } from '@planillas/testing/payment-fixtures'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, bodyFor } = paymentOrderFixturesPerFile(2)
let seq = 0

/** A payroll of two BCP lines that a BCP file can pay. */
async function seedPayroll() {
  seq += 1
  return insertPayrollWithLines(
    t.handle.db,
    { code: `PL-CTRL-${seq}`, name: `Control ${seq}` },
    ['1500.50', '2000.00'].map((amount, i) => ({
      fullName: `Colaborador ${i}`,
      bankAccount: ['19112345678012', '1911234567801'][i],
      amount,
    })),
  )
}

const generate = (body: object, who: 'rrhh' | 'lector' = 'rrhh') =>
  t.call(who, { method: 'POST', url: '/api/v1/payment-orders', payload: body })
const orders = async (payrollId: number) =>
  (await t.call('lector', { method: 'GET', url: `/api/v1/payment-orders?payrollId=${payrollId}` })).body
    .payload
const lineStates = async (payrollId: number) =>
  (
    await t.call('lector', { method: 'POST', url: `/api/v1/payroll/${payrollId}/lines`, payload: {} })
  ).body.payload.content.map((l: { state: number }) => l.state)
const storedFiles = async () =>
  (await readdir(t.filesDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile())

describe('one open order per payroll', () => {
  it.each([2, 5])(
    '%i clerks generating at the same moment get one order; the others a Spanish 409',
    async (n) => {
      const payroll = await seedPayroll()
      const before = (await storedFiles()).length
      const answers = await Promise.all(Array.from({ length: n }, () => generate(bodyFor(payroll.id))))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      const refused = answers.filter((a) => a.status !== 200)
      expect(refused.map((a) => a.status)).toEqual(Array(n - 1).fill(409))
      for (const a of refused)
        expect(a.body.messages[0]).toMatch(
          /^(Las líneas de esta planilla ya se enviaron|En este mismo momento)/,
        )
      expect(await orders(payroll.id)).toHaveLength(1)
      // The refused ones leave no file behind.
      expect((await storedFiles()).length).toBe(before + 1)
    },
  )

  it('refuses a second file for lines already sent unless the clerk confirms naming the earlier order; audits it', async () => {
    const payroll = await seedPayroll()
    const first = await generate(bodyFor(payroll.id))
    expect(first.status).toBe(200)
    const firstId = first.body.payload.id

    const again = await generate(bodyFor(payroll.id, { format: 'CCI' }))
    expect(again.status).toBe(409)
    expect(again.body.messages[0]).toContain(`ya se enviaron al banco en la orden de pago N° ${firstId} (BCP`)
    expect(again.body.messages[0]).toContain(`confirme que reemplaza la orden N° ${firstId}`)
    // A confirmation that names another order, or no order, does not count.
    const wrongOrder = await generate(
      bodyFor(payroll.id, { confirmReplace: true, replacesOrderId: firstId + 1000 }),
    )
    expect(wrongOrder.status).toBe(409)
    const noOrder = await generate(bodyFor(payroll.id, { confirmReplace: true }))
    expect(noOrder.status).toBe(409)
    expect(await orders(payroll.id)).toHaveLength(1)

    const confirmed = await generate(bodyFor(payroll.id, { confirmReplace: true, replacesOrderId: firstId }))
    expect(confirmed.status).toBe(200)
    const listed = await orders(payroll.id)
    expect(listed.map((o: { id: number; status: number }) => [o.id, o.status])).toEqual([
      [confirmed.body.payload.id, 1],
      [firstId, 3],
    ])
    expect(listed[0].replacesOrderId).toBe(firstId)
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(confirmed.body.payload.id)))
    expect(audit.description).toContain(`confirmó que reemplaza la orden #${firstId}`)
    // The confirmation was used: repeating it names an order that is no longer open.
    const stale = await generate(bodyFor(payroll.id, { confirmReplace: true, replacesOrderId: firstId }))
    expect(stale.status).toBe(409)
  })

  it('annuls an order with a reason (planillas_pago): listed as ANULADO, its lines free for a new file', async () => {
    const payroll = await seedPayroll()
    const first = await generate(bodyFor(payroll.id))
    const id = first.body.payload.id
    expect(await lineStates(payroll.id)).toEqual([LINE_STATE.SENT, LINE_STATE.SENT])
    const url = `/api/v1/payment-orders/${id}/annul`
    expect((await t.call('lector', { method: 'POST', url, payload: { reason: 'x' } })).status).toBe(403)
    const empty = await t.call('rrhh', { method: 'POST', url, payload: { reason: '  ' } })
    expect(empty.status).toBe(400)
    expect(empty.body.messages).toEqual(['Indique el motivo de la anulación'])
    const annulled = await t.call('rrhh', {
      method: 'POST',
      url,
      payload: { reason: 'El banco rechazó el archivo' },
    })
    expect(annulled.status).toBe(200)
    expect(await lineStates(payroll.id)).toEqual([LINE_STATE.PENDING, LINE_STATE.PENDING])
    const [listed] = await orders(payroll.id)
    expect(listed).toMatchObject({
      id,
      status: 2,
      annulReason: 'El banco rechazó el archivo',
      annulledBy: 'rrhh@planillas.pe',
    })
    const twice = await t.call('rrhh', { method: 'POST', url, payload: { reason: 'otra vez' } })
    expect(twice.status).toBe(409)
    expect(twice.body.messages).toEqual(['Solo se puede anular una orden de pago vigente (GENERADO)'])
    const missing = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payment-orders/999999/annul',
      payload: { reason: 'x' },
    })
    expect(missing.status).toBe(404)
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(
        eq(
          auditLogs.description,
          `Anuló la orden de pago BCP #${id} de la planilla ${payroll.code}: sus líneas quedan libres para otro archivo. Motivo: El banco rechazó el archivo`,
        ),
      )
    expect(audit.actor).toBe('rrhh@planillas.pe')
    // Free again: a new file needs no confirmation.
    expect((await generate(bodyFor(payroll.id))).status).toBe(200)
  })
})

describe('what a payment order refuses', () => {
  it('refuses a company account whose bank is suspended', async () => {
    const payroll = await seedPayroll()
    await t.handle.db.update(banks).set({ status: 2 }).where(eq(banks.code, '002'))
    try {
      const res = await generate(bodyFor(payroll.id))
      expect(res.status).toBe(400)
      expect(res.body.messages[0]).toMatch(/^El banco de la cuenta de cargo \(.+\) está SUSPENDIDO/)
      expect(await orders(payroll.id)).toEqual([])
    } finally {
      await t.handle.db.update(banks).set({ status: 1 }).where(eq(banks.code, '002'))
    }
  })

  it('answers hostile input with Spanish 4xx, never a 5xx, and stores no file', async () => {
    const payroll = await seedPayroll()
    const before = (await storedFiles()).length
    const huge = 2 ** 31
    const cases: [object, RegExp][] = [
      [bodyFor(huge), /^Planilla es requerida$/],
      [bodyFor(payroll.id, { companyAccountId: huge }), /^Cuenta de cargo es requerida$/],
      [bodyFor(true as unknown as number), /^Planilla es requerida$/],
      [
        bodyFor(payroll.id, { paymentDate: '0000-01-01' }),
        /^(Fecha de pago inválida|La fecha de pago debe estar entre)/,
      ],
      [
        bodyFor(payroll.id, { paymentDate: '1900-01-01' }),
        /^La fecha de pago debe estar entre el \d\d\/\d\d\/\d{4} y el/,
      ],
      [bodyFor(payroll.id, { paymentDate: '9999-12-31' }), /^La fecha de pago debe estar entre/],
      [
        bodyFor(payroll.id, { reference: '¡¿@#%&*()!?' }),
        /^La referencia debe tener al menos una letra o un número$/,
      ],
      [
        bodyFor(payroll.id, { replacesOrderId: huge, confirmReplace: true }),
        /^Orden de pago a reemplazar inválida$/,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await generate(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.messages.join(' | ')).toMatch(message)
    }
    for (const url of [`/api/v1/payment-orders?payrollId=${huge}`, '/api/v1/payment-orders?payrollId=true']) {
      const res = await t.call('lector', { method: 'GET', url })
      expect(res.status, url).toBe(400)
      expect(res.body.messages).toEqual(['Planilla inválida'])
    }
    expect((await t.call('rrhh', { method: 'GET', url: `/api/v1/payment-orders/${huge}/file` })).status).toBe(
      400,
    )
    expect((await storedFiles()).length).toBe(before)
    expect(
      await t.handle.db.select().from(paymentOrders).where(eq(paymentOrders.payrollId, payroll.id)),
    ).toEqual([])
  })

  it("serves an order's file only under its own payroll", async () => {
    const mine = await seedPayroll()
    const other = await seedPayroll()
    const { id } = (await generate(bodyFor(mine.id))).body.payload
    const file = (payrollId: number) =>
      t.call('rrhh', { method: 'GET', url: `/api/v1/payment-orders/${id}/file?payrollId=${payrollId}` })
    expect((await file(mine.id)).status).toBe(200)
    const foreign = await file(other.id)
    expect(foreign.status).toBe(404)
    expect(foreign.body.messages).toEqual(['No se encontró el registro solicitado'])
  })
})
