import { paymentBatches, paymentOrderVouchers, paymentVouchers, suppliers } from '@planillas/db'
import {
  addDays,
  SUPPLIER_PAYMENT_MESSAGES as M,
  PAYMENT_BATCH_STATUS,
  rucCheckDigit,
  VOUCHER_STATUS,
  voucherNumber,
} from '@planillas/domain'
import {
  companyAccount,
  createSupplier,
  expectApproved,
  multipart,
  paymentFixturesPerFile,
  retentionDocumentOf,
  retentionRegisterRows,
  type SupplierRunRequest,
  setExchangeRate,
  step,
  supplierRunId,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { lastAuditEntry } from '@planillas/testing/audit'
import { paymentsWorkbook, receiptPdf } from '@planillas/testing/payment-fixtures'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { silentLogger, type WorkerContext } from '../context'
import { processPaymentImport } from './payment-import'

const { t, fx } = paymentFixturesPerFile()
let ctx: WorkerContext
let accountId = 0

beforeAll(async () => {
  const account = await companyAccount(t.handle.db, fx.companyId, '1910123456079')
  accountId = account.id
  ctx = { db: t.handle.db, storage: t.storage(), log: silentLogger }
})

/** A voucher of the (non-agent) company taken to APROBADO, of S/ 1,180.00 unless told. */
async function approved(supplierId: number, fields: Record<string, string> = {}) {
  return expectApproved(t, fx, voucherFields(supplierId, fx, fields))
}

/** A supplier payment run over these vouchers (from the company's account, paid today unless told); its id. */
const run = (voucherIds: number[], over: Partial<SupplierRunRequest> = {}) =>
  supplierRunId(t, { voucherIds, companyAccountId: accountId, ...over })

/** What the run pays each supplier: RUC → net in soles. */
async function netBySupplier(orderId: number) {
  const rows = await t.handle.db
    .select({ ruc: suppliers.ruc, net: sql<string>`sum(${paymentOrderVouchers.netCents})::text` })
    .from(paymentOrderVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentOrderVouchers.supplierId))
    .where(eq(paymentOrderVouchers.orderId, orderId))
    .groupBy(suppliers.ruc)
  return new Map(rows.map((r) => [r.ruc, Number(r.net) / 100]))
}

const rucOf = async (supplierId: number) =>
  (await t.handle.db.select({ ruc: suppliers.ruc }).from(suppliers).where(eq(suppliers.id, supplierId)))[0]
    .ruc

async function upload(
  orderNumber: number | string,
  rows: (string | number | null)[][],
  who: 'tesoreria' | 'rrhh' = 'tesoreria',
  receipt?: { name: string; content: Buffer },
  fileName = 'abonos-proveedores.xlsx',
) {
  const file = await paymentsWorkbook(rows)
  return t.call(who, {
    method: 'POST',
    url: '/api/v1/payment-batches/suppliers',
    ...(await multipart(
      { orderNumber, paymentDate: TODAY, description: 'Abonos del BCP' },
      { file: { name: fileName, content: file }, ...(receipt ? { records: receipt } : {}) },
    )),
  })
}

const vouchersOf = (ids: number[]) =>
  t.handle.db
    .select({
      id: paymentVouchers.id,
      status: paymentVouchers.status,
      paidOn: paymentVouchers.paidOn,
      paidOperation: paymentVouchers.paidOperation,
      paidCents: paymentVouchers.paidCents,
    })
    .from(paymentVouchers)
    .where(inArray(paymentVouchers.id, ids))
    .orderBy(asc(paymentVouchers.id))

const batchOf = async (id: number) =>
  (await t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, id)))[0]
const issuesOf = async (id: number) =>
  (
    await t.call('tesoreria', { method: 'GET', url: `/api/v1/payment-batches/${id}/errors?size=50` })
  ).body.payload.content.map((i: { rowNumber: number | null; reason: string }) => [i.rowNumber, i.reason])

describe('supplier abonos (payment batches of a supplier run)', () => {
  it('refuses the same bank Excel again for the same run unless it is confirmed', async () => {
    const a = await createSupplier(t)
    const orderId = await run([await approved(a)])
    const ruc = await rucOf(a)
    const net = (await netBySupplier(orderId)).get(ruc) ?? 0
    const content = await paymentsWorkbook([[6, ruc, net, 'OP-9901', null]])
    const send = async (extra: Record<string, string> = {}) =>
      t.call('tesoreria', {
        method: 'POST',
        url: '/api/v1/payment-batches/suppliers',
        ...(await multipart(
          { orderNumber: orderId, paymentDate: TODAY, description: 'Abonos del BCP', ...extra },
          { file: { name: 'abonos-proveedores.xlsx', content } },
        )),
      })
    const first = await send()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const repeated = await send()
    expect(repeated.status).toBe(400)
    expect(repeated.body.messages).toEqual([
      `El Excel de abonos es idéntico al de la carga #${first.body.payload.id} de la orden de pago a proveedores N° ${orderId}: no se cargó. Si de verdad son otros abonos, marque 'Confirmo que cargo el mismo archivo de abonos otra vez' y adjunte los archivos de nuevo`,
    ])
    const confirmed = await send({ confirmDuplicate: 'on' })
    expect(confirmed.status).toBe(200)
    // Each voucher is still paid once: the confirmed repeat finds them PAGADO.
    expect(await processPaymentImport({ batchId: first.body.payload.id }, ctx)).toMatchObject({ matched: 1 })
    expect(await processPaymentImport({ batchId: confirmed.body.payload.id }, ctx)).toMatchObject({
      matched: 0,
    })
  })

  it('pays each supplier line: all its vouchers in the run PAGADO with date and operation, audited', async () => {
    const a = await createSupplier(t)
    const b = await createSupplier(t)
    const a1 = await approved(a)
    const a2 = await approved(a, { base: '500.00', igv: '90.00', total: '590.00' })
    const b1 = await approved(b)
    const orderId = await run([a1, a2, b1])
    const net = await netBySupplier(orderId)
    const [rucA, rucB] = [await rucOf(a), await rucOf(b)]

    const res = await upload(
      orderId,
      [
        [6, rucA, net.get(rucA) ?? 0, 'OP-9001', null],
        [6, rucB, net.get(rucB) ?? 0, 'OP-9002', 'pago-b.pdf'],
      ],
      'tesoreria',
      { name: 'pago-b.pdf', content: await receiptPdf('B') },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const batchId = res.body.payload.id as number
    expect(await batchOf(batchId)).toMatchObject({ source: 'VOUCHERS', orderId, payrollId: null })

    expect(await processPaymentImport({ batchId }, ctx)).toMatchObject({
      outcome: 'applied',
      status: 'PROCESADO',
      matched: 2,
    })
    expect(await batchOf(batchId)).toMatchObject({
      status: PAYMENT_BATCH_STATUS.PROCESSED,
      matchedCount: 2,
      issueCount: 0,
    })
    const paid = await vouchersOf([a1, a2, b1])
    expect(paid.map((v) => [v.status, v.paidOn, v.paidOperation])).toEqual([
      [VOUCHER_STATUS.PAID, TODAY, 'OP-9001'],
      [VOUCHER_STATUS.PAID, TODAY, 'OP-9001'],
      [VOUCHER_STATUS.PAID, TODAY, 'OP-9002'],
    ])
    // Each voucher paid what the run pays it; together the supplier's line.
    expect(((paid[0].paidCents ?? 0) + (paid[1].paidCents ?? 0)) / 100).toBeCloseTo(net.get(rucA) ?? 0, 2)

    expect((await lastAuditEntry(t.handle.db, 'payments', a1))?.description).toContain(
      `operación OP-9001 (carga de abonos de proveedores #${batchId}`,
    )

    // Its own list: the payroll list does not show it, and tesorería may not open the payroll's.
    const list = async (who: 'tesoreria' | 'admin', body: object) =>
      await t.call(who, { method: 'POST', url: '/api/v1/payment-batches/list', payload: body })
    const ids = (res: { body: { payload: { content: { id: number }[] } } }) =>
      res.body.payload.content.map((r) => r.id)
    expect(ids(await list('tesoreria', { source: 'VOUCHERS' }))).toContain(batchId)
    expect((await list('tesoreria', {})).status).toBe(403)
    expect(ids(await list('admin', {}))).not.toContain(batchId)
  })

  it('lists each row that cannot pay with its reason and writes nothing for it', async () => {
    const c = await createSupplier(t)
    const d = await createSupplier(t)
    const e = await createSupplier(t)
    const stranger = await createSupplier(t)
    const c1 = await approved(c)
    const d1 = await approved(d)
    const d2 = await approved(d, { base: '500.00', igv: '90.00', total: '590.00' })
    const e1 = await approved(e)
    const orderId = await run([c1, d1, d2, e1])
    const net = await netBySupplier(orderId)
    const [rucC, rucD, rucE, rucX] = await Promise.all([c, d, e, stranger].map(rucOf))
    // Paying one of D's vouchers by hand under the open run is refused; one PAGADO all the same (paid
    // before that rule existed) blocks D's line, not even its other voucher is paid.
    const paidByHand = await step(t, 'tesoreria', d2, 'pay', { paidAmount: '590.00', paidOn: TODAY })
    expect(paidByHand.status, JSON.stringify(paidByHand.body)).toBe(409)
    await t.handle.db
      .update(paymentVouchers)
      .set({ status: VOUCHER_STATUS.PAID, paidCents: 59_000, paidOn: TODAY, paidBy: 'tesoreria' })
      .where(eq(paymentVouchers.id, d2))

    const res = await upload(orderId, [
      [6, rucX, 100, 'OP-1', null],
      [6, rucC, (net.get(rucC) ?? 0) + 1, 'OP-2', null],
      [6, rucD, net.get(rucD) ?? 0, 'OP-3', null],
      [6, rucE, net.get(rucE) ?? 0, 'OP-4', null],
    ])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const batchId = res.body.payload.id as number
    expect(await processPaymentImport({ batchId }, ctx)).toMatchObject({
      status: 'CON OBSERVACIONES',
      matched: 1,
      unmatched: 1,
      mismatched: 2,
    })
    const [d2Row] = await t.handle.db.select().from(paymentVouchers).where(eq(paymentVouchers.id, d2))
    const netC = (net.get(rucC) ?? 0).toFixed(2)
    expect(await issuesOf(batchId)).toEqual([
      [2, M.notInRun(orderId)],
      [3, M.amountDiffers(((net.get(rucC) ?? 0) + 1).toFixed(2), netC)],
      [4, M.alreadyPaid(voucherNumber(d2Row.series, d2Row.number), TODAY, null)],
    ])
    const states = await vouchersOf([c1, d1, d2, e1])
    expect(states.map((v) => [v.status, v.paidOperation])).toEqual([
      [VOUCHER_STATUS.APPROVED, null],
      [VOUCHER_STATUS.APPROVED, null],
      [VOUCHER_STATUS.PAID, null],
      [VOUCHER_STATUS.PAID, 'OP-4'],
    ])

    // The same proof again pays nothing twice: E's line is now observed as paid.
    const again = await upload(orderId, [[6, rucE, net.get(rucE) ?? 0, 'OP-4', null]])
    const againId = again.body.payload.id as number
    expect(await processPaymentImport({ batchId: againId }, ctx)).toMatchObject({ matched: 0 })
    expect((await issuesOf(againId))[0][1]).toContain('ya figura PAGADO')
  })

  it('is all or nothing: a failure while writing leaves every voucher APROBADO and the batch CON ERRORES', async () => {
    const f = await createSupplier(t)
    const g = await createSupplier(t)
    const f1 = await approved(f)
    const g1 = await approved(g)
    const orderId = await run([f1, g1])
    const net = await netBySupplier(orderId)
    const [rucF, rucG] = [await rucOf(f), await rucOf(g)]
    const res = await upload(orderId, [
      [6, rucF, net.get(rucF) ?? 0, 'OP-F', null],
      [6, rucG, net.get(rucG) ?? 0, 'OP-G', null],
    ])
    const batchId = res.body.payload.id as number
    // The second supplier's voucher refuses its update: the first one's must be rolled back too.
    await t.handle.db.execute(
      sql.raw(`create function refuse_g() returns trigger language plpgsql as $$ begin
        if new.id = ${g1} and new.status = ${VOUCHER_STATUS.PAID} then raise exception 'refused for the test'; end if;
        return new; end $$;
        create trigger refuse_g before update on payment_vouchers for each row execute function refuse_g();`),
    )
    try {
      // The last attempt (no job info) closes the batch CON ERRORES with nothing applied.
      expect(await processPaymentImport({ batchId }, ctx)).toMatchObject({ outcome: 'rejected' })
    } finally {
      await t.handle.db.execute(
        sql.raw('drop trigger refuse_g on payment_vouchers; drop function refuse_g();'),
      )
    }
    expect((await vouchersOf([f1, g1])).map((v) => [v.status, v.paidOperation])).toEqual([
      [VOUCHER_STATUS.APPROVED, null],
      [VOUCHER_STATUS.APPROVED, null],
    ])
    expect(await batchOf(batchId)).toMatchObject({ status: PAYMENT_BATCH_STATUS.FAILED, matchedCount: 0 })

    // The same file uploaded again once the cause is gone pays both.
    const again = await upload(orderId, [
      [6, rucF, net.get(rucF) ?? 0, 'OP-F', null],
      [6, rucG, net.get(rucG) ?? 0, 'OP-G', null],
    ])
    expect(await processPaymentImport({ batchId: again.body.payload.id }, ctx)).toMatchObject({ matched: 2 })
    expect((await vouchersOf([f1, g1])).map((v) => v.paidOperation)).toEqual(['OP-F', 'OP-G'])
  })

  it('refuses at upload what cannot name an open run, and who may not pay', async () => {
    const s = await createSupplier(t)
    const v = await approved(s)
    const orderId = await run([v])
    const row = [[6, await rucOf(s), 1, 'OP-Z', null]]
    const unknown = await upload(999_999, row)
    expect(unknown.status).toBe(400)
    expect(unknown.body.messages).toContain(M.orderUnknown(999_999))
    const bad = await upload('abc', row)
    expect(bad.body.messages).toContain(M.orderNumberInvalid)
    expect((await upload(orderId, row, 'rrhh')).status).toBe(403)

    // A run annulled after the upload applies nothing when its batch is processed.
    const queued = await upload(orderId, row)
    expect(queued.status).toBe(200)
    const annul = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/supplier-runs/${orderId}/annul`,
      payload: { reason: 'Error en la cuenta' },
    })
    expect(annul.status).toBe(200)
    expect(await processPaymentImport({ batchId: queued.body.payload.id }, ctx)).toMatchObject({
      outcome: 'rejected',
    })
    expect(await issuesOf(queued.body.payload.id)).toEqual([[null, M.orderGone(orderId)]])
    expect((await vouchersOf([v]))[0].status).toBe(VOUCHER_STATUS.APPROVED)
    const annulled = await upload(orderId, row)
    expect(annulled.body.messages).toContain(M.orderNotOpen(orderId, 'ANULADO'))
  })
})

describe('what a paid voucher keeps is what the run withheld (docs/decisions/tax-rules.md)', () => {
  it("replaces the approval's retention with the run's: 12.00 on each of two 400.00, none on 2,360.00 less its 1,770.00 credit note", async () => {
    const agentAccount = await companyAccount(t.handle.db, fx.agentCompanyId, '1910123456071')
    const supplierId = await createSupplier(t)
    const approve = (fields: Record<string, string | number>) =>
      expectApproved(t, fx, voucherFields(supplierId, fx, { companyId: fx.agentCompanyId, ...fields }))
    const S400 = { base: '338.98', igv: '61.02', total: '400.00' }
    const first = await approve(S400)
    const second = await approve(S400)
    const factura = await approve({ base: '2000.00', igv: '360.00', total: '2360.00' })
    const note = await approve({
      type: '07',
      creditsVoucherId: factura,
      base: '1500.00',
      igv: '270.00',
      total: '1770.00',
    })
    const retentions = async () =>
      (
        await t.handle.db
          .select({ r: paymentVouchers.retentionCents })
          .from(paymentVouchers)
          .where(inArray(paymentVouchers.id, [first, second, factura, note]))
          .orderBy(asc(paymentVouchers.id))
      ).map((x) => x.r)
    // Approved one by one, each proposed with the vouchers approved before it.
    expect(await retentions()).toEqual([0, 1_200, 7_080, 0])

    const orderId = await run([first, second, factura, note], { companyAccountId: agentAccount.id })
    const [withheld] = await t.handle.db
      .select({ total: sql<string>`sum(${paymentOrderVouchers.retentionCents})::text` })
      .from(paymentOrderVouchers)
      .where(eq(paymentOrderVouchers.orderId, orderId))
    // 400 + 400 + (2,360 − 1,770 = 590): 3 % of 1,390.00 would be 41.70, but the credit note lowers
    // only its factura's base; the run withholds 12.00 + 12.00 + 3 % of 590.00 = 17.70.
    expect(Number(withheld.total)).toBe(1_200 + 1_200 + 1_770)
    const net = await netBySupplier(orderId)
    const ruc = await rucOf(supplierId)
    expect(net.get(ruc)).toBeCloseTo(800 - 24 + 590 - 17.7, 2)

    const uploaded = await upload(orderId, [[6, ruc, net.get(ruc) ?? 0, 'OP-7001', null]])
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    expect(await processPaymentImport({ batchId: uploaded.body.payload.id }, ctx)).toMatchObject({
      outcome: 'applied',
      matched: 1,
    })
    expect(await retentions()).toEqual([1_200, 1_200, 1_770, 0])
    const [kept] = await t.handle.db
      .select({ total: sql<string>`sum(${paymentVouchers.retentionCents})::text` })
      .from(paymentVouchers)
      .where(and(inArray(paymentVouchers.id, [first, second, factura, note]), eq(paymentVouchers.status, 4)))
    expect(Number(kept.total)).toBe(Number(withheld.total))
  })

  it("stores a recibo por honorarios' fourth-category retention as the run withheld it, not the approval's", async () => {
    const account = await companyAccount(t.handle.db, fx.companyId, '1910123456072')
    const ruc = `1047000001${rucCheckDigit('1047000001')}`
    const supplierId = await createSupplier(t, { ruc, bankIdentifier: ruc, name: 'Vargas Llosa Ana' })
    const id = await expectApproved(
      t,
      fx,
      voucherFields(supplierId, fx, {
        type: '02',
        series: 'E001',
        base: '2000.00',
        igv: '0.00',
        total: '2000.00',
      }),
    )
    const stored = async () =>
      (
        await t.handle.db
          .select({ f: paymentVouchers.fourthCategoryCents, paid: paymentVouchers.paidCents })
          .from(paymentVouchers)
          .where(eq(paymentVouchers.id, id))
      )[0]
    expect(await stored()).toEqual({ f: 16_000, paid: null })
    // A suspension certificate in force on the run's payment date (the day after it is granted;
    // on 31 December granted the day before, so both days fall in its year): nothing withheld.
    const [granted, paidOn] = TODAY.endsWith('-12-31')
      ? [addDays(TODAY, -1), TODAY]
      : [TODAY, addDays(TODAY, 1)]
    const certificate = await t.call('admin', {
      method: 'POST',
      url: `/api/v1/suppliers/${supplierId}/suspension-certificates`,
      payload: { number: '0001', grantedOn: granted },
    })
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(200)
    const orderId = await run([id], {
      companyAccountId: account.id,
      paymentDate: paidOn,
      reference: 'Honorarios',
    })
    expect((await netBySupplier(orderId)).get(ruc)).toBe(2000)

    const uploaded = await upload(
      orderId,
      [[6, ruc, 2000, 'OP-7101', null]],
      'tesoreria',
      undefined,
      'abonos-honorarios.xlsx',
    )
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    expect(await processPaymentImport({ batchId: uploaded.body.payload.id }, ctx)).toMatchObject({
      outcome: 'applied',
      matched: 1,
    })
    expect(await stored()).toEqual({ f: 0, paid: 200_000 })
  })
})

describe('a dollar run paid (docs/decisions/usd-vouchers.md)', () => {
  it('keeps on the voucher the retention in soles and the rate the run withheld at; its CRE and the register say both', async () => {
    const usdAccount = await companyAccount(t.handle.db, fx.agentCompanyId, '1910123456073', 'USD')
    const rate = await setExchangeRate(t, TODAY, '3.750')
    expect(rate.status, JSON.stringify(rate.body)).toBe(200)
    const supplierId = await createSupplier(t)
    const id = await expectApproved(
      t,
      fx,
      voucherFields(supplierId, fx, { companyId: fx.agentCompanyId, currency: 'USD' }),
    )
    const orderId = await run([id], { companyAccountId: usdAccount.id, reference: 'Dolares' })
    const ruc = await rucOf(supplierId)
    // US$ 1,180.00 at 3.750 = S/ 4,425.00 → S/ 132.75 withheld (US$ 35.40): the bank pays US$ 1,144.60.
    expect((await netBySupplier(orderId)).get(ruc)).toBe(1144.6)
    const uploaded = await upload(orderId, [[6, ruc, 1144.6, 'OP-USD1', null]])
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    expect(await processPaymentImport({ batchId: uploaded.body.payload.id }, ctx)).toMatchObject({
      outcome: 'applied',
      matched: 1,
    })
    const [voucher] = await t.handle.db.select().from(paymentVouchers).where(eq(paymentVouchers.id, id))
    expect(voucher).toMatchObject({
      status: VOUCHER_STATUS.PAID,
      paidCents: 114_460,
      retentionCents: 13_275,
      retentionExchangeRateMilli: 3750,
    })
    const audit = await lastAuditEntry(t.handle.db, 'payments', id)
    expect(audit?.description).toContain('Marcó como pagado el comprobante')
    expect(audit?.description).toContain('US$ 1,144.60')

    // Its CRE: the document in dollars with the rate and its day, the retention and totals in soles.
    const document = await retentionDocumentOf(t, id)
    expect(document).toMatchObject({
      currency: 'USD',
      totalCents: 118_000,
      paidForeignCents: 118_000,
      paidCents: 442_500,
      retentionCents: 13_275,
      netCents: 429_225,
      exchangeRateMilli: 3750,
      exchangeRateDay: TODAY,
    })
    const period = TODAY.slice(0, 7).replace('-', '')
    const list = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retention-receipts?period=${period}`,
    })
    const cre = list.body.payload.find((r: { id: number }) => r.id === document.receiptId)
    expect(cre).toMatchObject({
      documents: [
        `01 ${voucherNumber(voucher.series, voucher.number).replace(/-0+/, '-')} (USD, T.C. 3.750)`,
      ],
      retentionCents: 13_275,
    })

    // The month's retention register: currency, total in dollars, rate, retention in soles.
    const rows = await retentionRegisterRows(t, period, 'admin')
    const header = rows[0] as unknown[]
    const row = rows.find((r) => r.includes(voucherNumber(voucher.series, voucher.number))) as unknown[]
    expect(row[header.indexOf('Moneda')]).toBe('USD')
    expect(row[header.indexOf('Total')]).toBe(1180)
    expect(row[header.indexOf('Tipo de cambio')]).toBe('3.750')
    expect(row[header.indexOf('Retención')]).toBe(132.75)
  })
})
