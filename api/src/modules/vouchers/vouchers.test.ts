import { companies, paymentVouchers, suppliers, voucherFiles } from '@planillas/db'
import { addDays } from '@planillas/domain'
import {
  approvalProposal,
  authorizedVoucher,
  getVoucher,
  multipart,
  PDF,
  paymentFixturesPerFile,
  postVoucher,
  registerVoucher,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { cpeVariant } from '@planillas/testing/cpe-fixtures'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ supplier: true })

const auditOf = async (id: number) =>
  (await auditEntries(t.handle.db, 'payments', id)).map((a) => [a.actor, a.description])

describe('registering a voucher', () => {
  it('stores it REGISTRADO with its PDF and optional XML; the PDF downloads back', async () => {
    const fields = voucherFields(fx.supplierId, fx)
    const [supplier] = await t.handle.db.select().from(suppliers).where(eq(suppliers.id, fx.supplierId))
    const [company] = await t.handle.db.select().from(companies).where(eq(companies.id, fx.companyId))
    // The supplier's CPE for exactly what was typed (greenter's sample with these values).
    const xml = cpeVariant({
      supplierRuc: supplier.ruc,
      companyRuc: company.ruc,
      number: fields.number,
      issueDate: fields.issueDate,
      dueDate: fields.dueDate,
    })
    const res = await postVoucher(t, 'rrhh', fields, {
      pdf: { name: 'F001.pdf', content: PDF },
      xml: { name: 'F001.xml', content: xml },
    })
    expect(res.status).toBe(200)
    const voucher = await getVoucher(t, res.body.payload.id)
    expect(voucher).toMatchObject({
      status: 1,
      type: '01',
      totalCents: 118_000,
      baseCents: 100_000,
      igvCents: 18_000,
      netCents: 118_000,
      createdBy: 'rrhh@planillas.pe',
      actions: ['authorize', 'reject'],
    })
    expect(voucher.files.map((f: { kind: string }) => f.kind)).toEqual(['pdf', 'xml'])
    const pdf = await t.call('lector', { method: 'GET', url: `/api/v1/payments/${voucher.id}/files/pdf` })
    expect(pdf.status).toBe(200)
    expect(Buffer.compare(pdf.body, PDF)).toBe(0)
  })

  it('refuses it without a PDF, with a fake PDF or commas, listing every problem and storing nothing', async () => {
    const missing = await postVoucher(t, 'rrhh', voucherFields(fx.supplierId, fx, { total: '1,180.00' }), {})
    expect(missing.status).toBe(400)
    expect(missing.body.messages).toEqual([
      'Debe ser un valor numérico, no debe incluir comas',
      'El PDF del comprobante es requerido',
    ])
    const fake = await postVoucher(t, 'rrhh', voucherFields(fx.supplierId, fx), {
      pdf: { name: 'factura.pdf', content: Buffer.from('%PDF-1.4 esto no es un PDF') },
    })
    expect(fake.body.messages).toEqual([
      'El PDF no se pudo leer: verifique que no esté dañado ni protegido con contraseña',
    ])
  })

  it('refuses the same series-number of the same supplier and type', async () => {
    const fields = voucherFields(fx.supplierId, fx)
    await registerVoucher(t, fields)
    const again = await postVoucher(t, 'rrhh', { ...fields, number: `000${fields.number}` })
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual([
      'Ya existe un comprobante del proveedor con el mismo tipo, serie y número',
    ])
    // Another type may carry the same series-number.
    expect((await postVoucher(t, 'rrhh', { ...fields, type: '08' })).status).toBe(200)
  })
})

describe('permissions per action and demo user', () => {
  it('lets each demo user do only what their roles say', async () => {
    const fields = voucherFields(fx.supplierId, fx)
    expect((await postVoucher(t, 'tesoreria', fields)).status).toBe(403)
    expect((await postVoucher(t, 'lector', fields)).status).toBe(403)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/payments/list', payload: {} })).status,
    ).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/payments/list', payload: {} })).status,
    ).toBe(200)
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx))
    expect(
      (await step(t, 'tesoreria', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-001' }))
        .status,
    ).toBe(403)
    expect(
      (await step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-001' }))
        .status,
    ).toBe(200)
    // The HR clerk can never approve nor pay, even a voucher someone else registered.
    const other = await registerVoucher(t, voucherFields(fx.supplierId, fx), 'admin')
    await step(t, 'admin', other, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-002' })
    const rrhhApproves = await step(t, 'rrhh', other, 'approve', { paymentType: 1 })
    expect(rrhhApproves.status).toBe(403)
    expect(rrhhApproves.body.messages).toEqual(['No tiene permiso para realizar esta acción'])
    expect((await step(t, 'lector', other, 'approve', { paymentType: 1 })).status).toBe(403)
    expect((await step(t, 'tesoreria', other, 'approve', { paymentType: 1 })).status).toBe(200)
    expect((await step(t, 'rrhh', other, 'pay', { paidAmount: '1180.00', paidOn: TODAY })).status).toBe(403)
    expect((await step(t, 'tesoreria', other, 'pay', { paidAmount: '1180.00', paidOn: TODAY })).status).toBe(
      200,
    )
  })

  it('separation of duties: who registered a voucher cannot approve it, whatever their roles', async () => {
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx), 'admin')
    await step(t, 'admin', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-003' })
    const own = await step(t, 'admin', id, 'approve', { paymentType: 1 })
    expect(own.status).toBe(403)
    expect(own.body.messages).toEqual(['No puede aprobar un comprobante que usted registró'])
    expect((await getVoucher(t, id)).status).toBe(2)
  })
})

describe('the voucher life', () => {
  it('authorize → approve with detracción → pay, each step audited in Spanish', async () => {
    const id = await authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx), '202611-010')
    expect(await approvalProposal(t, id, { spotCode: '037' })).toMatchObject({
      totalCents: 118_000,
      detraction: {
        code: '037',
        applies: true,
        tableRateBp: 1200,
        minimumCents: 70_000,
        amountCents: 14_200,
      },
      retention: { proposed: false, exclusion: 'La empresa no es agente de retención' },
      netCents: 103_800,
    })
    const approved = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    expect(approved.status).toBe(200)
    expect(approved.body.messages).toEqual(['Estado actualizado correctamente'])
    const paid = await step(t, 'tesoreria', id, 'pay', {
      paidAmount: '1038.00',
      paidOn: TODAY,
      paidOperation: ' 00123-AB ',
    })
    expect(paid.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      status: 4,
      spotCode: '037',
      detractionRateBp: 1200,
      detractionCents: 14_200,
      retentionCents: 0,
      netCents: 103_800,
      paidCents: 103_800,
      paidOn: TODAY,
      paidOperation: '00123-AB',
      actions: [],
    })
    const audit = await auditOf(id)
    expect(audit.map(([actor]) => actor)).toEqual([
      'rrhh@planillas.pe',
      'rrhh@planillas.pe',
      'tesoreria@planillas.pe',
      'tesoreria@planillas.pe',
    ])
    expect(audit[1][1]).toMatch(
      /^Autorizó el comprobante F001-\d{8}: proyecto '.+', periodo 202611-010 \(REGISTRADO → AUTORIZADO\)$/,
    )
    expect(audit[2][1]).toMatch(
      /^Aprobó el comprobante F001-\d{8} por S\/ 1,180\.00: pago al crédito; detracción 037 12 % S\/ 142\.00 \(tabla vigente desde 01\/04\/2018\); sin retención; neto S\/ 1,038\.00 \(AUTORIZADO → APROBADO\)$/,
    )
    expect(audit[3][1]).toMatch(
      /Marcó como pagado el comprobante F001-\d{8}: S\/ 1,038\.00 el \d{2}\/\d{2}\/\d{4}, operación 00123-AB \(APROBADO → PAGADO\)$/,
    )
  })

  it('asks a reason for a rate other than the table and for going against the retention rule', async () => {
    const id = await authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx), '202611-011')
    const noReasons = await step(t, 'tesoreria', id, 'approve', {
      paymentType: 1,
      spotCode: '037',
      detractionRate: '10',
      retention: true,
    })
    expect(noReasons.status).toBe(400)
    expect(noReasons.body.messages).toEqual([
      'Indique el motivo de usar un porcentaje distinto al de la tabla de detracciones',
      'Indique el motivo de no seguir la regla de retención',
    ])
    const badRate = await step(t, 'tesoreria', id, 'approve', {
      paymentType: 1,
      spotCode: '037',
      detractionRate: '101',
    })
    expect(badRate.body.messages).toEqual(['El porcentaje de detracción debe ser un porcentaje válido'])
    const withReason = await step(t, 'tesoreria', id, 'approve', {
      paymentType: 2,
      spotCode: '037',
      detractionRate: '10',
      rateReason: 'Contrato anterior a la resolución',
    })
    expect(withReason.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      paymentType: 2,
      detractionRateBp: 1000,
      detractionTableRateBp: 1200,
      detractionCents: 11_800,
      detractionReason: 'Contrato anterior a la resolución',
    })
  })

  it('refuses a step its state does not allow (409) and a payment dated tomorrow (400), changing nothing', async () => {
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx))
    const early = await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })
    expect(early.status).toBe(409)
    expect(early.body.messages).toEqual([
      'No se puede aprobar un comprobante REGISTRADO: solo uno AUTORIZADO',
    ])
    const cancel = await t.call('admin', {
      method: 'POST',
      url: `/api/v1/payments/${id}/cancel`,
      ...(await multipart(
        { requestDate: TODAY, reason: 'Duplicado', requestedBy: 'jefe@empresa.pe' },
        { file: { name: 'sustento.pdf', content: PDF } },
      )),
    })
    expect(cancel.status).toBe(409)
    await step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-012' })
    await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })
    const tomorrow = await step(t, 'tesoreria', id, 'pay', { paidAmount: '1180', paidOn: addDays(TODAY, 1) })
    expect(tomorrow.status).toBe(400)
    expect(tomorrow.body.messages).toEqual(['Fecha de pago no puede ser posterior a hoy'])
    const badOperation = await step(t, 'tesoreria', id, 'pay', {
      paidAmount: '1180',
      paidOn: TODAY,
      paidOperation: 'OP 12/34',
    })
    expect(badOperation.status).toBe(400)
    expect(badOperation.body.messages).toEqual(['Número de operación solo admite letras, dígitos y guiones'])
    expect((await getVoucher(t, id)).status).toBe(3)
    expect((await auditOf(id)).length).toBe(3)
  })

  it('two approvals at once: one wins, the other gets a 409 saying what happened', async () => {
    const id = await authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx), '202611-013')
    const [a, b] = await Promise.all([
      step(t, 'tesoreria', id, 'approve', { paymentType: 1 }),
      step(t, 'admin', id, 'approve', { paymentType: 2 }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const loser = a.status === 409 ? a : b
    expect(loser.body.messages[0]).toMatch(/APROBADO/)
    expect((await auditOf(id)).filter(([, d]) => d.startsWith('Aprobó')).length).toBe(1)
  })

  it('five cancels at once: one wins, the other four get a 409 naming the new status, one evidence kept', async () => {
    const id = await authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx), '202611-015')
    const cancel = async () =>
      t.call('tesoreria', {
        method: 'POST',
        url: `/api/v1/payments/${id}/cancel`,
        ...(await multipart(
          { requestDate: TODAY, reason: 'Servicio no prestado', requestedBy: 'jefe@empresa.pe' },
          { file: { name: 'sustento.pdf', content: PDF } },
        )),
      })
    // Another transaction holds the voucher while the five arrive, so that they truly overlap.
    let pending: Promise<Awaited<ReturnType<typeof cancel>>[]> = Promise.resolve([])
    await t.handle.db.transaction(async (tx) => {
      await tx
        .select({ id: paymentVouchers.id })
        .from(paymentVouchers)
        .where(eq(paymentVouchers.id, id))
        .for('update')
      pending = Promise.all([cancel(), cancel(), cancel(), cancel(), cancel()])
      await new Promise((resolve) => setTimeout(resolve, 1500))
    })
    const answers = await pending
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    for (const loser of answers.filter((a) => a.status === 409))
      expect(loser.body.messages[0]).toMatch(/ANULADO/)
    expect((await getVoucher(t, id)).status).toBe(6)
    expect((await auditOf(id)).filter(([, d]) => d.startsWith('Anuló')).length).toBe(1)
    const evidence = await t.handle.db
      .select()
      .from(voucherFiles)
      .where(and(eq(voucherFiles.voucherId, id), eq(voucherFiles.kind, 'sustento')))
    expect(evidence).toHaveLength(1)
  })

  it('cancels an authorized voucher with the evidence PDF, which downloads back', async () => {
    const id = await authorizedVoucher(t, fx, voucherFields(fx.supplierId, fx), '202611-014')
    const missing = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/payments/${id}/cancel`,
      ...(await multipart({ requestDate: TODAY, reason: 'x'.repeat(256), requestedBy: 'jefe' })),
    })
    expect(missing.body.messages).toEqual([
      'Motivo de anulación admite como máximo 255 caracteres',
      'Ingrese un correo electrónico válido',
      'El sustento (PDF) es requerido',
    ])
    const res = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/payments/${id}/cancel`,
      ...(await multipart(
        { requestDate: TODAY, reason: 'Servicio no prestado', requestedBy: 'jefe@empresa.pe' },
        { file: { name: 'sustento.pdf', content: PDF } },
      )),
    })
    expect(res.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({
      status: 6,
      cancellationReason: 'Servicio no prestado',
      cancellationRequestedBy: 'jefe@empresa.pe',
      cancelledBy: 'tesoreria@planillas.pe',
    })
    const file = await t.call('lector', { method: 'GET', url: `/api/v1/payments/${id}/files/sustento` })
    expect(file.status).toBe(200)
    expect((await auditOf(id)).at(-1)?.[1]).toMatch(/^Anuló el comprobante .+ a pedido de jefe@empresa\.pe/)
  })
})
