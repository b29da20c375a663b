import { auditLogs, paymentVouchers, publicHolidays } from '@planillas/db'
import { addDays, voucherNumber } from '@planillas/domain'
import {
  authorizedVoucher,
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  registerVoucher,
  retentionRegisterRows,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DETRACTION_MESSAGES as M, retentionRegister } from './service'

/**
 * 'Detracciones, closed': a deposit's constancia recorded by hand (SUNAT's file of them is an upload
 * kind: api/src/modules/constancia-batches, scripts/constancia-pipeline.test.ts), what is overdue by the 5th
 * business day of the following month with Peru's holidays, and the month's retention register.
 */
const { t, fx } = paymentFixturesPerFile({ supplier: true })

/**
 * A factura of S/ 1,180.00 of `supplierId` authorized under `period`, approved, given the retention an
 * approval under the rule leaves (3 % of S/ 1,180.00) and paid net of it today.
 */
async function paidWithRetention(supplierId: number, period: string, fields: Record<string, string> = {}) {
  const id = await authorizedVoucher(t, fx, voucherFields(supplierId, fx, fields), period)
  expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })).status).toBe(200)
  await t.handle.db
    .update(paymentVouchers)
    .set({ retention: true, retentionCents: 3_540, retentionProposed: true })
    .where(eq(paymentVouchers.id, id))
  expect((await step(t, 'tesoreria', id, 'pay', { paidAmount: '1144.60', paidOn: TODAY })).status).toBe(200)
  return id
}

/** A factura of S/ 1,180.00 approved under SPOT 037 (12 %: S/ 142), issued on `issueDate`. */
const approvedWithDetraction = (issueDate = TODAY, supplier = fx.supplierId) =>
  expectApproved(t, fx, voucherFields(supplier, fx, { issueDate, dueDate: TODAY }), { spotCode: '037' })

const deposit = (who: 'tesoreria' | 'rrhh', id: number, payload: Record<string, unknown>) =>
  t.call(who, { method: 'POST', url: `/api/v1/detractions/${id}/deposit`, payload })

describe('a deposit recorded by hand', () => {
  it('marks the detracción deposited with its constancia, audited; a second time is a conflict', async () => {
    const id = await approvedWithDetraction()
    expect((await deposit('rrhh', id, { constancia: '1234', depositedOn: TODAY })).status).toBe(403)
    const future = await deposit('tesoreria', id, { constancia: '1234', depositedOn: addDays(TODAY, 1) })
    expect(future.status).toBe(400)
    expect(future.body.messages).toEqual(['La fecha del depósito no puede ser posterior a hoy'])
    const done = await deposit('tesoreria', id, { constancia: '250000000123', depositedOn: TODAY })
    expect(done.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      detractionConstancia: '250000000123',
      detractionDepositedOn: TODAY,
    })
    const again = await deposit('tesoreria', id, { constancia: '250000000124', depositedOn: TODAY })
    expect(again.status).toBe(409)
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), like(auditLogs.description, 'Detracción%')))
    expect(audit.map((a) => a.actor)).toEqual(['tesoreria@planillas.pe'])
  })

  it('refuses a voucher without detracción or not yet approved', async () => {
    const registered = await registerVoucher(t, voucherFields(fx.supplierId, fx))
    const res = await deposit('tesoreria', registered, { constancia: '1', depositedOn: TODAY })
    expect(res.status).toBe(409)
    expect(res.body.messages).toEqual([M.none])
  })
})

describe('overdue detracciones on the dashboard', () => {
  it("counts a detracción owed past the 5th business day of the month after its voucher's issue", async () => {
    const before = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    // Issued two months ago: its deadline (early last month) has passed.
    const old = addDays(TODAY, -62)
    const id = await approvedWithDetraction(old)
    const after = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    expect(after.detractionsOverdue.count).toBe(before.detractionsOverdue.count + 1)
    expect(after.detractionsOverdue.amountCents).toBe(before.detractionsOverdue.amountCents + 14_200)
    // Holidays are read from the dated table the reference data loads.
    expect((await t.handle.db.select().from(publicHolidays)).length).toBeGreaterThanOrEqual(48)
    await deposit('tesoreria', id, { constancia: '99', depositedOn: TODAY })
    const deposited = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    expect(deposited.detractionsOverdue.count).toBe(before.detractionsOverdue.count)
  })
})

describe("'Detracciones', the list", () => {
  const list = (who: 'tesoreria' | 'rrhh', body: Record<string, unknown>, query = '') =>
    t.call(who, { method: 'POST', url: `/api/v1/detractions/list${query}`, payload: body })

  it('is due by the first payment when it comes before the 5th business day: VENCIDA the day after, when not deposited', async () => {
    const supplier = await createSupplier(t)
    const paidOn = async (day: string) => {
      const id = await authorizedVoucher(
        t,
        fx,
        voucherFields(supplier, fx, { issueDate: day, dueDate: TODAY }),
        '202611-004',
      )
      await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
      expect((await step(t, 'tesoreria', id, 'pay', { paidAmount: '1038.00', paidOn: day })).status).toBe(200)
      return id
    }
    const yesterday = await paidOn(addDays(TODAY, -1))
    const today = await paidOn(TODAY)
    const rows = (await list('tesoreria', { supplierIds: [supplier] })).body.payload.content
    const byId = new Map(rows.map((r: { id: number }) => [r.id, r]))
    expect(byId.get(yesterday)).toMatchObject({ dueOn: addDays(TODAY, -1), state: 'vencida' })
    expect(byId.get(today)).toMatchObject({ dueOn: TODAY, state: 'pendiente' })
    const overdue = (await list('tesoreria', { supplierIds: [supplier], states: ['vencida'] })).body.payload
    expect(overdue.content.map((r: { id: number }) => r.id)).toEqual([yesterday])
  })

  it('lists each detracción with its deadline and state, filtered by state, supplier and period, with totals', async () => {
    const supplier = await createSupplier(t)
    const ids = { pending: 0, overdue: 0, deposited: 0 }
    const approve = async (issueDate: string) => {
      const id = await authorizedVoucher(
        t,
        fx,
        voucherFields(supplier, fx, { issueDate, dueDate: TODAY }),
        '202611-003',
      )
      expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })).status).toBe(
        200,
      )
      return id
    }
    ids.pending = await approve(TODAY)
    ids.overdue = await approve(addDays(TODAY, -62))
    ids.deposited = await approve(TODAY)
    expect(
      (await deposit('tesoreria', ids.deposited, { constancia: '777', depositedOn: TODAY })).status,
    ).toBe(200)
    // Registered only: no detracción yet, not listed.
    await registerVoucher(t, voucherFields(supplier, fx))

    // Readable with the vouchers' list permission.
    const all = await list('rrhh', { supplierIds: [supplier] })
    expect(all.status).toBe(200)
    const byId = new Map(all.body.payload.content.map((r: { id: number }) => [r.id, r]))
    expect([...byId.keys()].sort()).toEqual(Object.values(ids).sort())
    expect(byId.get(ids.pending)).toMatchObject({
      state: 'pendiente',
      detractionCents: 14_200,
      depositedOn: null,
    })
    expect(byId.get(ids.overdue)).toMatchObject({ state: 'vencida' })
    expect(byId.get(ids.deposited)).toMatchObject({
      state: 'depositada',
      depositedOn: TODAY,
      constancia: '777',
    })
    const pending = byId.get(ids.pending) as { dueOn: string; issueDate: string }
    expect(pending.dueOn > pending.issueDate).toBe(true)
    expect(all.body.payload.totals).toEqual({
      detractionCents: 3 * 14_200,
      depositedCents: 14_200,
      owedCents: 2 * 14_200,
    })

    const ofState = async (states: string[]) =>
      (await list('tesoreria', { supplierIds: [supplier], states })).body.payload.content.map(
        (r: { id: number }) => r.id,
      )
    expect(await ofState(['pendiente'])).toEqual([ids.pending])
    expect(await ofState(['vencida'])).toEqual([ids.overdue])
    expect(await ofState(['depositada'])).toEqual([ids.deposited])
    expect((await ofState(['pendiente', 'vencida'])).sort()).toEqual([ids.pending, ids.overdue].sort())

    const period = TODAY.slice(0, 7).replace('-', '')
    const ofPeriod = await list('tesoreria', { supplierIds: [supplier], period })
    expect(ofPeriod.body.payload.content.map((r: { id: number }) => r.id).sort()).toEqual(
      [ids.pending, ids.deposited].sort(),
    )
    // Sorted by the detracción's voucher issue date, newest first.
    const sorted = await list('tesoreria', { supplierIds: [supplier] }, '?sort=issueDate,desc')
    expect(sorted.body.payload.content.at(-1).id).toBe(ids.overdue)

    const bad = await list('tesoreria', { states: ['pagada'], period: '2026-11' })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(
      expect.arrayContaining(['Estado inválido', 'El periodo debe ser AAAAMM']),
    )
  })

  it('the dashboard counts them pending, overdue and deposited this month', async () => {
    const before = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    const id = await approvedWithDetraction()
    const owing = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    expect(owing.detractionsPending.count).toBe(before.detractionsPending.count + 1)
    expect(owing.detractionsPending.amountCents).toBe(before.detractionsPending.amountCents + 14_200)
    await deposit('tesoreria', id, { constancia: '4242', depositedOn: TODAY })
    const after = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    expect(after.detractionsPending.count).toBe(before.detractionsPending.count)
    expect(after.detractionsDeposited).toEqual({
      count: before.detractionsDeposited.count + 1,
      amountCents: before.detractionsDeposited.amountCents + 14_200,
      since: `${TODAY.slice(0, 7)}-01`,
    })
  })
})

describe('the retention register', () => {
  it("writes the month's paid vouchers with retention as a workbook with real dates and soles", async () => {
    await paidWithRetention(fx.supplierId, '202611-002')
    const rows = await retentionRegisterRows(t, TODAY.slice(0, 7).replace('-', ''))
    expect(rows[0]).toContain('Retención')
    expect(rows[0]).toContain('Código tipo')
    expect(rows[0]).toContain('Fecha de pago')
    const row = rows.find((r) => r.includes(fx.supplierRuc))
    expect(row).toBeDefined()
    expect(row?.[(rows[0] as unknown[]).indexOf('Código tipo')]).toBe('01')
    expect(row).toContain(35.4)
    expect(row?.some((cell) => cell instanceof Date)).toBe(true)
    const bad = await t.call('tesoreria', {
      method: 'GET',
      url: '/api/v1/retentions/register/xlsx?period=2026-11',
    })
    expect(bad.status).toBe(400)
  })

  it('reads the month in keyset batches: every row once, in the order of the sheet, across ties', async () => {
    // Two more suppliers, each with vouchers paid the same day: ties on supplier and date that only
    // the series, number and id break.
    const others = [await createSupplier(t), await createSupplier(t)]
    for (const [i, sid] of [fx.supplierId, ...others, ...others].entries()) {
      await paidWithRetention(sid, '202611-003', { series: i % 2 ? 'F002' : 'F001' })
    }
    const period = TODAY.slice(0, 7).replace('-', '')
    const read = async (size: number) => {
      const batches: number[] = []
      const rows = []
      for await (const batch of retentionRegister(t.handle.db, period, size)) {
        batches.push(batch.length)
        rows.push(...batch)
      }
      return { batches, rows }
    }
    const whole = await read(1000)
    const small = await read(2)
    expect(whole.rows.length).toBeGreaterThanOrEqual(6)
    expect(whole.batches).toEqual([whole.rows.length])
    expect(small.batches.every((n) => n <= 2)).toBe(true)
    expect(small.batches.length).toBe(Math.ceil(whole.rows.length / 2))
    expect(small.rows.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id))
    expect(new Set(small.rows.map((r) => r.id)).size).toBe(small.rows.length)
    const key = (r: (typeof whole.rows)[number]) =>
      [
        r.supplierRuc,
        r.paidOn,
        r.series,
        String(r.number).padStart(8, '0'),
        String(r.id).padStart(10, '0'),
      ].join('|')
    const keys = whole.rows.map(key)
    expect(keys).toEqual([...keys].sort())

    const sheetRows = await retentionRegisterRows(t, period)
    expect(sheetRows.length - 1).toBe(whole.rows.length)
    const numberColumn = sheetRows[0].indexOf('Serie y número')
    expect(sheetRows.slice(1).map((r) => r[numberColumn])).toEqual(
      whole.rows.map((r) => voucherNumber(r.series, r.number)),
    )
  })
})
