import { companyBankAccounts, paymentOrderVouchers } from '@planillas/db'
import { addDays, formatDate } from '@planillas/domain'
import { checkBnDetraccionesFile } from '@planillas/domain/bank-files'
import {
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  postSupplierRun,
  type SupplierRunRequest,
  setExchangeRate,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * A supplier run from a dollar account (docs/decisions/usd-vouchers.md): it pays dollar vouchers
 * only, writes our CCI workbook with 'Moneda' USD and the amounts in dollars, withholds the IGV
 * retention in soles at the payment date's SBS rate, and keeps every guard of a run in soles.
 */
const { t, fx } = paymentFixturesPerFile()
let usdAccount = 0
let penAccount = 0

const ISSUED = addDays(TODAY, -3)
const USD = { currency: 'USD', issueDate: ISSUED, dueDate: TODAY }
const setRate = (day: string, rate: string) => setExchangeRate(t, day, rate)

beforeAll(async () => {
  const [usd, pen] = await t.handle.db
    .insert(companyBankAccounts)
    .values([
      { companyId: fx.agentCompanyId, bankCode: '002', currency: 'USD', account: '1910123456080' },
      { companyId: fx.agentCompanyId, bankCode: '002', currency: 'PEN', account: '1910123456081' },
    ])
    .returning()
  usdAccount = usd.id
  penAccount = pen.id
  // The issue date's rate (the detracción's) and the payment date's (the retention's).
  expect((await setRate(ISSUED, '3.800')).status).toBe(200)
  expect((await setRate(TODAY, '3.750')).status).toBe(200)
})

/** A voucher of the agent company (US$ 1,180.00 unless told) taken to APROBADO. */
async function approved(
  supplierId: number,
  fields: Record<string, string | number> = USD,
  approval: Record<string, unknown> = {},
) {
  return expectApproved(
    t,
    fx,
    voucherFields(supplierId, fx, { companyId: fx.agentCompanyId, ...fields }),
    approval,
  )
}

const generate = (voucherIds: number[], over: Partial<SupplierRunRequest> = {}) =>
  postSupplierRun(t, {
    voucherIds,
    companyAccountId: usdAccount,
    reference: 'Proveedores en dolares',
    ...over,
  })
const runOf = async (id: number) =>
  (await t.call('tesoreria', { method: 'GET', url: `/api/v1/supplier-runs/${id}` })).body.payload
const download = async (id: number, kind: 'transfers' | 'detractions') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/supplier-runs/${id}/files/${kind}`,
    headers: await t.as('tesoreria'),
  })
const rowsOf = (orderId: number) =>
  t.handle.db
    .select()
    .from(paymentOrderVouchers)
    .where(eq(paymentOrderVouchers.orderId, orderId))
    .orderBy(asc(paymentOrderVouchers.id))

describe('a run from a dollar account', () => {
  it('pays dollar vouchers: the workbook says USD with the net in dollars, the retention in soles at the payment date rate, the BN file in soles', async () => {
    const retained = await createSupplier(t, { name: 'AAA Dólares S.A.C.', bankHolder: 'AAA Dolares SAC' })
    const detracted = await createSupplier(t, { name: 'BBB Dólares S.A.C.', bankHolder: 'BBB Dolares SAC' })
    const r = await approved(retained)
    const d = await approved(detracted, USD, { spotCode: '037' })
    const res = await generate([r, d])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const id = res.body.payload.id as number

    // US$ 1,180.00 at 3.750 = S/ 4,425.00 → 3 % = S/ 132.75 (US$ 35.40): US$ 1,144.60.
    // Under SPOT: S/ 538.00 at the issue date's 3.800 = US$ 141.58: US$ 1,038.42, no retention.
    expect(
      (await rowsOf(id)).map((row) => [
        row.voucherId,
        row.currency,
        row.totalCents,
        row.detractionCents,
        row.retentionCents,
        row.netCents,
        row.retentionExchangeRateMilli,
      ]),
    ).toEqual([
      [r, 'USD', 118_000, 0, 13_275, 114_460, 3750],
      [d, 'USD', 118_000, 53_800, 0, 103_842, 3750],
    ])
    const run = await runOf(id)
    expect(run).toMatchObject({
      currency: 'USD',
      totalCents: 114_460 + 103_842,
      retentionCents: 13_275,
      detractionCents: 53_800,
    })
    expect(run.lines[0].vouchers[0]).toMatchObject({ voucherId: r, exchangeRateMilli: 3750 })

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await download(id, 'transfers')).rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1))
    expect(rows.map((row) => [row[2], row[header.indexOf('Moneda')], row[header.indexOf('Monto')]])).toEqual([
      ['AAA DOLARES SAC', 'USD', 1144.6],
      ['BBB DOLARES SAC', 'USD', 1038.42],
    ])

    // The detracción is deposited in soles, as the voucher was approved.
    const bn = checkBnDetraccionesFile((await download(id, 'detractions')).rawPayload, { lineCount: 1 })
    expect(bn.problems).toEqual([])
    expect(bn.summary).toMatchObject({ totalCents: 53_800, lineCount: 1 })

    const [audit] = await auditEntries(t.handle.db, 'payment_orders', id)
    expect(audit.description).toContain(
      `neto US$ 2,183.02 (tipo de cambio 3.750 del ${formatDate(TODAY)}) (detracciones S/ 538.00, retenciones S/ 132.75)`,
    )
  })

  it('refuses a voucher of the other currency naming its supplier and number, both ways, and writes nothing', async () => {
    const supplier = await createSupplier(t, { name: 'CCC Mixto S.A.C.' })
    const dollars = await approved(supplier)
    const soles = await approved(supplier, { issueDate: TODAY, dueDate: TODAY })
    const [d, s] = [await getVoucher(t, dollars), await getVoucher(t, soles)]
    const before = await t.handle.db.select().from(paymentOrderVouchers)
    const fromDollars = await generate([dollars, soles])
    expect(fromDollars.status).toBe(422)
    expect(fromDollars.body.messages).toEqual([
      `CCC Mixto S.A.C. · ${s.fullNumber}: está en soles (PEN) y la cuenta de cargo es en dólares (USD); una orden paga solo comprobantes en la moneda de su cuenta de cargo: retírelo y páguelo en otra orden desde una cuenta en soles (PEN)`,
    ])
    const fromSoles = await generate([dollars, soles], { companyAccountId: penAccount })
    expect(fromSoles.status).toBe(422)
    expect(fromSoles.body.messages).toEqual([
      `CCC Mixto S.A.C. · ${d.fullNumber}: está en dólares (USD) y la cuenta de cargo es en soles (PEN); una orden paga solo comprobantes en la moneda de su cuenta de cargo: retírelo y páguelo en otra orden desde una cuenta en dólares (USD)`,
    ])
    expect(await t.handle.db.select().from(paymentOrderVouchers)).toHaveLength(before.length)
    // Each in its own currency's run.
    expect((await generate([dollars])).status).toBe(200)
    expect((await generate([soles], { companyAccountId: penAccount })).status).toBe(200)
  })

  it('is refused, naming the day, when the payment date has no rate yet (or none before it)', async () => {
    const supplier = await createSupplier(t)
    const v = await approved(supplier)
    const tomorrow = addDays(TODAY, 1)
    const future = await generate([v], { paymentDate: tomorrow })
    expect(future.status).toBe(422)
    expect(future.body.messages).toEqual([
      `No hay tipo de cambio SBS (venta) registrado para el ${formatDate(tomorrow)}: regístrelo en Pagos → Catálogos → Tipo de cambio`,
    ])
    const early = addDays(TODAY, -20)
    const past = await generate([v], { paymentDate: early })
    expect(past.status).toBe(422)
    expect(past.body.messages).toEqual([
      `No hay tipo de cambio SBS (venta) registrado para el ${formatDate(early)}: regístrelo en Pagos → Catálogos → Tipo de cambio`,
    ])
    // A day without a publication (after the issue date's) takes the last one before it: 3.800.
    const between = await generate([v], { paymentDate: addDays(ISSUED, 1) })
    expect(between.status, JSON.stringify(between.body)).toBe(200)
    expect((await rowsOf(between.body.payload.id))[0]).toMatchObject({
      retentionExchangeRateMilli: 3800,
      // US$ 1,180.00 at 3.800 = S/ 4,484.00 → S/ 134.52 → US$ 35.40.
      retentionCents: 13_452,
      netCents: 114_460,
    })
  })

  it('keeps the guards of a run: of two clerks at once one wins and the other gets a 409; annulled, the voucher is free', async () => {
    const supplier = await createSupplier(t)
    const v = await approved(supplier)
    const answers = await Promise.all([generate([v]), generate([v])])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const won = answers.find((a) => a.status === 200)?.body.payload.id as number
    const again = await generate([v])
    expect(again.status).toBe(409)
    expect(again.body.messages[0]).toContain(`ya se envió al banco en la orden de pago N° ${won} (CCI`)
    // Not paid by hand while its run is open.
    const byHand = await step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })
    expect(byHand.status).toBe(409)
    const annulled = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/supplier-runs/${won}/annul`,
      payload: { reason: 'Cuenta equivocada' },
    })
    expect(annulled.status).toBe(200)
    expect((await generate([v])).status).toBe(200)
  })
})
