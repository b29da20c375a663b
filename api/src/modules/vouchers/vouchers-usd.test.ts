import { addDays, formatDate } from '@planillas/domain'
import {
  approvalProposal,
  authorizedVoucher,
  companyAccount,
  getVoucher,
  paymentFixturesPerFile,
  postSupplierRun,
  postVoucher,
  registerVoucher,
  retentionDocumentOf,
  retentionRegisterRows,
  setExchangeRate,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { describe, expect, it } from 'vitest'

/**
 * Vouchers in US dollars (docs/decisions/usd-vouchers.md): registered in dollars, the detracción in
 * soles at the SBS venta of the issue date, the retention in soles at the payment date's, the CRE
 * with the rate, and a run from a soles account that refuses them naming the supplier.
 */
const { t, fx } = paymentFixturesPerFile({ supplier: true })

const ISSUED = addDays(TODAY, -5)
const USD = {
  currency: 'USD',
  base: '1000.00',
  igv: '180.00',
  total: '1180.00',
  issueDate: ISSUED,
  dueDate: TODAY,
}
const setRate = (day: string, rate: string) => setExchangeRate(t, day, rate)

const authorized = (fields: Record<string, string | number>) =>
  authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx, fields))

describe('a factura in dollars', () => {
  it('is registered in dollars and shown with its currency', async () => {
    const id = await authorized(USD)
    expect(await getVoucher(t, id)).toMatchObject({ currency: 'USD', totalCents: 118_000 })
  })

  it('is credited only by a credit note in dollars (it lowers a base in dollars)', async () => {
    const factura = await registerVoucher(t, voucherFields(fx.supplierId, fx, USD))
    const note = {
      type: '07',
      series: 'FC01',
      creditsVoucherId: factura,
      base: '100.00',
      igv: '18.00',
      total: '118.00',
    }
    const inSoles = await postVoucher(
      t,
      'rrhh',
      voucherFields(fx.supplierId, fx, { ...note, issueDate: ISSUED }),
    )
    expect(inSoles.status).toBe(400)
    expect(inSoles.body.messages).toEqual([
      'La nota de crédito debe estar en la moneda del comprobante que modifica',
    ])
    expect(
      (
        await postVoucher(
          t,
          'rrhh',
          voucherFields(fx.supplierId, fx, { ...note, issueDate: ISSUED, currency: 'USD' }),
        )
      ).status,
    ).toBe(200)
  })

  it('is not approved with a detracción while its issue date has no rate: the refusal names the day', async () => {
    const id = await authorized({ ...USD, issueDate: addDays(TODAY, -6) })
    const res = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      `No hay tipo de cambio SBS (venta) registrado para el ${formatDate(addDays(TODAY, -6))}: regístrelo en Pagos → Catálogos → Tipo de cambio`,
    ])
    expect((await getVoucher(t, id)).status).toBe(2)
  })

  it('deposits the detracción in soles: US$ 1,180 at 3.800 = S/ 4,484 → 12 % = 538.08 → S/ 538', async () => {
    expect((await setRate(ISSUED, '3.800')).status).toBe(200)
    const id = await authorized(USD)
    const proposal = await approvalProposal(t, id, { spotCode: '037' })
    expect(proposal).toMatchObject({
      currency: 'USD',
      exchange: { detractionRateMilli: 3800, detractionRateDay: ISSUED, totalSolesCents: 448_400 },
      detraction: { applies: true, amountCents: 53_800, baseCents: 448_400 },
      // US$ 1,180.00 less S/ 538.00 turned back at 3.800 (US$ 141.58).
      netCents: 103_842,
    })
    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })).status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      status: 3,
      detractionCents: 53_800,
      detractionExchangeRateMilli: 3800,
      netCents: 103_842,
    })
    const audit = (await auditEntries(t.handle.db, 'payments', id)).find((a) =>
      a.description.startsWith('Aprobó'),
    )
    expect(audit?.description).toContain(
      `por US$ 1,180.00 (S/ 4,484.00 al tipo de cambio 3.800 del ${formatDate(ISSUED)}`,
    )
    expect(audit?.description).toContain('detracción 037 12 % S/ 538.00')
  })
})

describe('the retention of a dollar voucher paid by hand', () => {
  it('is 3 % in soles at the payment date rate; the net is paid in dollars; the CRE carries the rate', async () => {
    await setRate(addDays(TODAY, -1), '3.790')
    const id = await authorized({ ...USD, companyId: fx.agentCompanyId })
    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })).status).toBe(200)
    // US$ 1,180.00 at 3.790 (the last published before today) = S/ 4,472.20 → 3 % = S/ 134.17
    // → US$ 35.40 at that rate; the supplier gets US$ 1,144.60.
    const wrong = await step(t, 'tesoreria', id, 'pay', { paidAmount: '1180.00', paidOn: TODAY })
    expect(wrong.status).toBe(400)
    expect(wrong.body.messages[0]).toContain(
      '(US$ 1,180.00) no es el neto a pagar del comprobante (US$ 1,144.60)',
    )
    const paid = await step(t, 'tesoreria', id, 'pay', { paidAmount: '1144.60', paidOn: TODAY })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      status: 4,
      retentionCents: 13_417,
      retentionExchangeRateMilli: 3790,
      paidCents: 114_460,
    })
    const document = await retentionDocumentOf(t, id)
    expect(document).toMatchObject({
      currency: 'USD',
      totalCents: 118_000,
      paidForeignCents: 118_000,
      paidCents: 447_220,
      retentionCents: 13_417,
      netCents: 433_803,
      exchangeRateMilli: 3790,
      exchangeRateDay: addDays(TODAY, -1),
    })
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/v1/retention-receipts/${document.receiptId}/xml`,
      headers: await t.as('tesoreria'),
    })
    expect(xml.body).toContain('<cbc:PaidAmount currencyID="USD">1180.00</cbc:PaidAmount>')
    expect(xml.body).toContain('<cbc:CalculationRate>3.790</cbc:CalculationRate>')
    expect(xml.body).toContain('<sac:SUNATNetTotalPaid currencyID="PEN">4338.03</sac:SUNATNetTotalPaid>')
    const list = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retention-receipts?period=${TODAY.slice(0, 7).replace('-', '')}`,
    })
    const voucher = await getVoucher(t, id)
    const cre = list.body.payload.find((r: { id: number }) => r.id === document.receiptId)
    expect(cre).toMatchObject({
      documents: [`01 ${voucher.fullNumber.replace(/-0+/, '-')} (USD, T.C. 3.790)`],
      paidCents: 447_220,
      retentionCents: 13_417,
    })
    // The month's retention register: the currency, the total in dollars, the rate, the retention in soles.
    const rows = await retentionRegisterRows(t, TODAY.slice(0, 7).replace('-', ''), 'admin')
    const header = rows[0] as unknown[]
    const row = rows.find((r) => r.includes(voucher.fullNumber)) as unknown[]
    expect(row[header.indexOf('Moneda')]).toBe('USD')
    expect(row[header.indexOf('Total')]).toBe(1180)
    expect(row[header.indexOf('Tipo de cambio')]).toBe('3.790')
    expect(row[header.indexOf('Retención')]).toBe(134.17)
  })

  it('is refused, naming the day, when no rate was published on or before the payment date', async () => {
    const early = addDays(TODAY, -400)
    const id = await authorized({ ...USD, issueDate: early, companyId: fx.agentCompanyId })
    await setRate(early, '3.500')
    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })).status).toBe(200)
    // Paid (as recorded late) the day before the first rate the table has.
    const res = await step(t, 'tesoreria', id, 'pay', { paidAmount: '1180.00', paidOn: addDays(early, -1) })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      `No hay tipo de cambio SBS (venta) registrado para el ${formatDate(addDays(early, -1))}: regístrelo en Pagos → Catálogos → Tipo de cambio`,
    ])
  })
})

describe('a supplier run from a soles account', () => {
  it('refuses a dollar voucher, naming the supplier, and writes nothing (a dollar account pays it: supplier-runs-usd.test.ts)', async () => {
    const account = await companyAccount(t.handle.db, fx.companyId, '1910123456090')
    const id = await authorized(USD)
    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })).status).toBe(200)
    const res = await postSupplierRun(t, {
      voucherIds: [id],
      companyAccountId: account.id,
      reference: 'Dólares',
    })
    expect(res.status).toBe(422)
    const voucher = await getVoucher(t, id)
    expect(res.body.messages).toContain(
      `${voucher.supplierName} · ${voucher.fullNumber}: está en dólares (USD) y la cuenta de cargo es en soles (PEN); una orden paga solo comprobantes en la moneda de su cuenta de cargo: retírelo y páguelo en otra orden desde una cuenta en dólares (USD)`,
    )
    expect((await getVoucher(t, id)).status).toBe(3)
  })
})

describe('the vouchers list', () => {
  it('never adds dollars to soles: its totals keep the dollar vouchers apart, the deductions in soles', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/payments/list',
      payload: { supplierIds: [fx.supplierId] },
    })
    expect(res.status).toBe(200)
    const rows = res.body.payload.content as { currency: string; totalCents: number; netCents: number }[]
    expect(rows.every((r) => r.currency === 'USD')).toBe(true)
    const { totals } = res.body.payload
    expect(totals.totalCents).toBe(0)
    expect(totals.netCents).toBe(0)
    expect(totals.usdTotalCents).toBe(rows.reduce((s, r) => s + r.totalCents, 0))
    expect(totals.usdNetCents).toBe(rows.reduce((s, r) => s + r.netCents, 0))
    expect(totals.detractionCents).toBe(53_800)
  })

  it('nor does the dashboard: its amounts are of the vouchers in soles (every voucher here is in dollars)', async () => {
    const { payments } = (await t.call('admin', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
    expect(payments.toApprove.count).toBeGreaterThan(0)
    expect(payments.toApprove.totalCents).toBe(0)
    expect(payments.approvedToPay.count).toBeGreaterThan(0)
    expect(payments.approvedToPay.netCents).toBe(0)
    expect(payments.solesToPayCents).toBe(0)
  })
})
