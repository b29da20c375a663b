import { auditLogs, paymentVouchers } from '@planillas/db'
import { addDays } from '@planillas/domain'
import {
  approvalProposal,
  authorizedVoucher,
  createSupplier,
  getVoucher,
  paymentFixturesPerFile,
  postVoucher,
  registerVoucher,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { and, eq, like } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile()

const authorized = (fields: Record<string, string | number>) => authorizedVoucher(t, fx, fields)
const proposal = (id: number, spotCode?: string) => approvalProposal(t, id, spotCode ? { spotCode } : {})
const S400 = { base: '338.98', igv: '61.02', total: '400.00' }

describe('retention of the IGV (docs/domain.md, supplier payments)', () => {
  it('agent company, two facturas of S/ 400 paid together: S/ 24 — S/ 12 proposed on the second', async () => {
    const supplierId = await createSupplier(t)
    const first = await authorized(voucherFields(supplierId, fx, { ...S400, companyId: fx.agentCompanyId }))
    const second = await authorized(voucherFields(supplierId, fx, { ...S400, companyId: fx.agentCompanyId }))
    expect((await proposal(first)).retention).toMatchObject({
      proposed: false,
      exclusion: 'Los comprobantes pagados juntos no superan el monto mínimo',
      groupTotalCents: 40_000,
    })
    // Against the rule, with a reason: the two are paid together.
    const on = await step(t, 'tesoreria', first, 'approve', {
      paymentType: 1,
      retention: true,
      retentionReason: 'Se paga junto con otra factura del proveedor',
    })
    expect(on.status).toBe(200)
    expect((await proposal(second)).retention).toMatchObject({
      proposed: true,
      exclusion: null,
      rateBp: 300,
      thresholdCents: 70_000,
      groupTotalCents: 80_000,
      amountCents: 1_200,
    })
    await step(t, 'tesoreria', second, 'approve', { paymentType: 1 })
    const [a, b] = [await getVoucher(t, first), await getVoucher(t, second)]
    expect([a.retentionCents, b.retentionCents]).toEqual([1_200, 1_200])
    expect((a.retentionCents + b.retentionCents) / 100).toBe(24)
    expect(a).toMatchObject({
      retention: true,
      retentionProposed: false,
      retentionReason: expect.any(String),
    })
    expect(b).toMatchObject({
      retention: true,
      retentionProposed: true,
      retentionReason: null,
      netCents: 38_800,
    })
  })

  it('supplier buen contribuyente: none; voucher under detracción: none', async () => {
    const good = await createSupplier(t, { goodTaxpayer: true })
    const id = await authorized(voucherFields(good, fx, { companyId: fx.agentCompanyId }))
    expect((await proposal(id)).retention).toMatchObject({
      proposed: false,
      exclusion: 'El proveedor es buen contribuyente',
      amountCents: 0,
    })
    const plain = await createSupplier(t)
    const detracted = await authorized(voucherFields(plain, fx, { companyId: fx.agentCompanyId }))
    expect(await proposal(detracted, '037')).toMatchObject({
      detraction: { applies: true, amountCents: 14_200 },
      retention: { proposed: false, exclusion: 'El comprobante está sujeto a detracción' },
      netCents: 103_800,
    })
    // Without a SPOT code the same voucher is retained: 3 % of S/ 1,180.00.
    expect((await proposal(detracted)).retention).toMatchObject({ proposed: true, amountCents: 3_540 })
  })

  it('refuses detracción for a supplier without a Banco de la Nación account', async () => {
    const noAccount = await createSupplier(t, { detractionAccount: null })
    const id = await authorized(voucherFields(noAccount, fx))
    const res = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'El proveedor no tiene cuenta de detracciones (Banco de la Nación) registrada',
    ])
    // Under the code's minimum there is nothing to deposit: approved without detracción.
    const small = await authorized(
      voucherFields(noAccount, fx, { base: '550.85', igv: '99.15', total: '650.00' }),
    )
    expect((await step(t, 'tesoreria', small, 'approve', { paymentType: 1, spotCode: '037' })).status).toBe(
      200,
    )
    expect(await getVoucher(t, small)).toMatchObject({
      spotCode: '037',
      detractionCents: 0,
      detractionRateBp: null,
    })
  })
})

describe('code 027: the valor referencial (R.S. 073-2006/SUNAT art. 4)', () => {
  const FREIGHT = { base: '847.46', igv: '152.54', total: '1000.00' }

  it('freight S/ 1,000.00 with a valor referencial of S/ 1,500.00: 4 % of S/ 1,500.00 = S/ 60, kept on the voucher', async () => {
    const supplierId = await createSupplier(t)
    const id = await authorized(voucherFields(supplierId, fx, FREIGHT))
    const asked = await approvalProposal(t, id, { spotCode: '027', referenceValueCents: 150_000 })
    expect(asked.detraction).toMatchObject({
      applies: true,
      takesReferenceValue: true,
      baseCents: 150_000,
      amountCents: 6_000,
    })
    const res = await step(t, 'tesoreria', id, 'approve', {
      paymentType: 1,
      spotCode: '027',
      referenceValue: '1500.00',
    })
    expect(res.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      spotCode: '027',
      referenceValueCents: 150_000,
      detractionCents: 6_000,
      netCents: 94_000,
    })
    const [entry] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), like(auditLogs.description, 'Aprobó%')))
    expect(entry.description).toContain('sobre el valor referencial S/ 1,500.00')
  })

  it('a valor referencial under the freight leaves the freight as the base; with another code it is refused', async () => {
    const supplierId = await createSupplier(t)
    const under = await authorized(voucherFields(supplierId, fx, FREIGHT))
    expect(
      (
        await step(t, 'tesoreria', under, 'approve', {
          paymentType: 1,
          spotCode: '027',
          referenceValue: '800',
        })
      ).status,
    ).toBe(200)
    expect(await getVoucher(t, under)).toMatchObject({ detractionCents: 4_000, referenceValueCents: 80_000 })
    const other = await authorized(voucherFields(supplierId, fx))
    const refused = await step(t, 'tesoreria', other, 'approve', {
      paymentType: 1,
      spotCode: '037',
      referenceValue: '5000',
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain(
      'El valor referencial solo se usa con el código 027 (servicio de transporte de bienes por vía terrestre)',
    )
    const bad = await step(t, 'tesoreria', other, 'approve', {
      paymentType: 1,
      spotCode: '027',
      referenceValue: '-5',
    })
    expect(bad.status).toBe(400)
    expect(await getVoucher(t, other)).toMatchObject({ status: 2, spotCode: null, referenceValueCents: null })
  })
})

describe('a rejected number, freed by a nota de crédito', () => {
  it('stays taken after the rejection, and is free once a credit note referencing it is registered', async () => {
    const supplierId = await createSupplier(t)
    const fields = voucherFields(supplierId, fx, { series: 'F002' })
    const id = await registerVoucher(t, fields)
    const rejected = await step(t, 'tesoreria', id, 'reject', {
      rejectReasonId: fx.rejectReasonId,
      note: 'Monto errado',
    })
    expect(rejected.status).toBe(200)
    expect((await postVoucher(t, 'rrhh', fields)).body.messages).toEqual([
      'Ya existe un comprobante del proveedor con el mismo tipo, serie y número',
    ])
    const withoutReference = await postVoucher(
      t,
      'rrhh',
      voucherFields(supplierId, fx, { type: '07', series: 'FC01' }),
    )
    expect(withoutReference.body.messages).toEqual([
      'La nota de crédito debe indicar el comprobante que modifica',
    ])
    const note = await registerVoucher(
      t,
      voucherFields(supplierId, fx, { type: '07', series: 'FC01', creditsVoucherId: id }),
    )
    expect(await getVoucher(t, id)).toMatchObject({ status: 5, freedByCreditNoteId: note })
    expect((await getVoucher(t, id)).creditNotes).toEqual([
      { id: note, fullNumber: expect.stringMatching(/^FC01-/), totalCents: 118_000 },
    ])
    const again = await postVoucher(t, 'rrhh', fields)
    expect(again.status).toBe(200)
    const freedAudit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(id)), like(auditLogs.description, 'Liberó%')))
    expect(freedAudit).toHaveLength(1)
  })

  it('frees it at rejection when the credit note came first; the database lets no other row free it', async () => {
    const supplierId = await createSupplier(t)
    const id = await registerVoucher(t, voucherFields(supplierId, fx, { series: 'F003' }))
    const note = await registerVoucher(
      t,
      voucherFields(supplierId, fx, { type: '07', series: 'FC02', creditsVoucherId: id }),
    )
    expect((await getVoucher(t, id)).freedByCreditNoteId).toBeNull()
    await step(t, 'rrhh', id, 'reject', { rejectReasonId: fx.rejectReasonId })
    expect((await getVoucher(t, id)).freedByCreditNoteId).toBe(note)

    const other = await registerVoucher(t, voucherFields(supplierId, fx, { series: 'F004' }))
    await step(t, 'rrhh', other, 'reject', { rejectReasonId: fx.rejectReasonId })
    const db = t.handle.db
    // A credit note of another voucher cannot free it (composite foreign key)…
    await expect(
      db.update(paymentVouchers).set({ freedByCreditNoteId: note }).where(eq(paymentVouchers.id, other)),
    ).rejects.toThrow()
    // …nor can a voucher that is not RECHAZADO be freed (check constraint).
    const live = await registerVoucher(t, voucherFields(supplierId, fx, { series: 'F005' }))
    const liveNote = await registerVoucher(
      t,
      voucherFields(supplierId, fx, { type: '07', series: 'FC03', creditsVoucherId: live }),
    )
    await expect(
      db.update(paymentVouchers).set({ freedByCreditNoteId: liveNote }).where(eq(paymentVouchers.id, live)),
    ).rejects.toThrow()
  })
})

describe('list, export and dashboard', () => {
  it('filters by state, supplier, due date range, línea de gasto and overdue; exports in soles', async () => {
    const supplierId = await createSupplier(t, { name: 'Filtros y Cía S.A.C.' })
    const late = await registerVoucher(
      t,
      voucherFields(supplierId, fx, { issueDate: addDays(TODAY, -40), dueDate: addDays(TODAY, -10) }),
    )
    const later = await authorized(voucherFields(supplierId, fx, { dueDate: addDays(TODAY, 20) }))
    const list = (payload: Record<string, unknown>) =>
      t.call('lector', { method: 'POST', url: '/api/v1/payments/list?sort=dueDate,asc', payload })
    const ids = async (payload: Record<string, unknown>) =>
      (await list({ supplierIds: [supplierId], ...payload })).body.payload.content.map(
        (r: { id: number }) => r.id,
      )
    expect(await ids({})).toEqual([late, later])
    expect(await ids({ statuses: [2] })).toEqual([later])
    expect(await ids({ overdue: true })).toEqual([late])
    expect(await ids({ dueDate: { from: TODAY } })).toEqual([later])
    expect(await ids({ expenseLineIds: [fx.expenseLineId] })).toEqual([late, later])
    expect(await ids({ search: 'filtros y' })).toEqual([late, later])
    const [first] = (await list({ supplierIds: [supplierId] })).body.payload.content
    expect(first).toMatchObject({
      overdue: true,
      fullNumber: expect.stringMatching(/^F001-\d{8}$/),
      supplierName: 'Filtros y Cía S.A.C.',
    })
    const bad = await list({ statuses: [9] })
    expect(bad.status).toBe(400)
    // The totals row sums the whole filtered list, every page: two vouchers of S/ 1,180.00.
    const paged = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/payments/list?size=1',
      payload: { supplierIds: [supplierId] },
    })
    expect(paged.body.payload.content).toHaveLength(1)
    expect(paged.body.payload.totals).toEqual({
      totalCents: 236_000,
      detractionCents: 0,
      retentionCents: 0,
      fourthCategoryCents: 0,
      netCents: 236_000,
      // No voucher in dollars among them.
      usdTotalCents: 0,
      usdNetCents: 0,
    })
    const onlyLate = (await list({ supplierIds: [supplierId], overdue: true })).body.payload.totals
    expect(onlyLate.totalCents).toBe(118_000)

    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/payments/xlsx', payload: {} })).status,
    ).toBe(403)
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/xlsx',
      payload: { supplierIds: [supplierId] },
      headers: await t.as('tesoreria'),
    })
    expect(xlsx.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(3)
    const header = (sheet.getRow(1).values as string[]).slice(1)
    const total = sheet.getRow(2).getCell(header.indexOf('Total') + 1).value
    expect(total).toBe(1180)
    expect(sheet.getRow(2).getCell(header.indexOf('Estado') + 1).value).toBe('REGISTRADO')
    // Dates are spreadsheet dates shown DD/MM/YYYY (and the registration's time), not text.
    const cells = (name: string) => [2, 3].map((row) => sheet.getRow(row).getCell(header.indexOf(name) + 1))
    const days = (name: string) =>
      cells(name)
        .map((cell) => (cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.value))
        .sort()
    expect(days('Vencimiento')).toEqual([addDays(TODAY, -10), addDays(TODAY, 20)])
    expect(days('Emisión')).toEqual(expect.arrayContaining([addDays(TODAY, -40)]))
    for (const cell of [...cells('Emisión'), ...cells('Vencimiento')]) expect(cell.numFmt).toBe('dd/mm/yyyy')
    for (const cell of cells('Fecha de registro')) {
      expect(cell.value).toBeInstanceOf(Date)
      expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm AM/PM')
    }
    // Not paid yet: an empty cell, not a blank text.
    for (const cell of cells('Fecha de pago')) expect(cell.value).toBeNull()
  })

  it("shows 'Pagos a proveedores' on the dashboard only to who may read the vouchers", async () => {
    const before = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    const supplierId = await createSupplier(t)
    await registerVoucher(
      t,
      voucherFields(supplierId, fx, { issueDate: addDays(TODAY, -3), dueDate: addDays(TODAY, -1) }),
    )
    const id = await authorized(voucherFields(supplierId, fx))
    await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    const after = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
      .payments
    expect(after.toAuthorize.count - before.toAuthorize.count).toBe(1)
    expect(after.approvedToPay.count - before.approvedToPay.count).toBe(1)
    expect(after.approvedToPay.netCents - before.approvedToPay.netCents).toBe(103_800)
    expect(after.overdue.count - before.overdue.count).toBe(1)
    expect(after.solesToPayCents - before.solesToPayCents).toBe(118_000 + 103_800)
    expect(after.detractionsToDeposit.amountCents - before.detractionsToDeposit.amountCents).toBe(14_200)
    const auditor = (await t.call('auditor', { method: 'GET', url: '/api/v1/dashboard' })).body.payload
    expect(auditor.payments).toBeUndefined()
  })
})
