import { auditLogs, paymentBatches, payrollBatches, payrolls } from '@planillas/db'
import { FILE_MESSAGES, PAYMENT_UPLOAD_MESSAGES as M, PAYMENT_TEMPLATE_HEADERS } from '@planillas/domain'
import { createPaymentsTestApp, expectRefused, row, TODAY } from '@planillas/testing/api/payment-batches'
import { insertFixturePayroll, paymentsWorkbook, receiptPdf } from '@planillas/testing/payment-fixtures'
import { perFile } from '@planillas/testing/per-file'
import dayjs from 'dayjs'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const s = perFile(createPaymentsTestApp)

describe('payment batches: the upload form', () => {
  it('accepts a valid upload: stores the files, records the batch PENDIENTE and enqueues one job', async () => {
    const before = s.enqueued.length
    const sent = await s.excel()
    const response = await s.upload(s.validForm(), sent, [
      { name: 'constancia.pdf', content: await receiptPdf('x') },
    ])
    expect(response.status).toBe(200)
    expect(response.body.messages).toEqual(['Se está procesando la carga de abonos.'])
    const id = response.body.payload.id
    expect(s.enqueued.slice(before)).toEqual([id])
    const [batch] = await s.t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, id))
    expect(batch).toMatchObject({
      status: 1,
      payrollId: s.payroll.id,
      payrollNumber: s.payroll.code,
      payrollDesc: 'Quincena',
      paymentDate: TODAY,
      fileName: 'abonos.xlsx',
      receiptCount: 1,
      createdBy: 'rrhh@planillas.pe',
    })
    const [audit] = await s.t.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'payment_batches'))
    expect(audit.description).toContain(
      `planilla ${s.payroll.code}: archivo 'abonos.xlsx' y 1 constancia (carga`,
    )
    const file = await s.t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/file` })
    expect(file.status).toBe(200)
    expect(Buffer.compare(file.body, sent.content)).toBe(0)
  })

  it('refuses the same Excel again for the same payroll unless confirmed, and says so in the audit', async () => {
    const sent = await s.excel([row(1, 2300.5, '7301')])
    const first = await s.upload(s.validForm(), sent)
    expect(first.status).toBe(200)
    const firstId = first.body.payload.id as number
    const [files, batches] = [await s.storedFiles(), await s.batchCount()]

    const message = M.repeatedFile(firstId, `la planilla ${s.payroll.code}`)
    expect(message).toBe(
      `El Excel de abonos es idéntico al de la carga #${firstId} de la planilla ${s.payroll.code}: no se cargó. Si de verdad son otros abonos, marque 'Confirmo que cargo el mismo archivo de abonos otra vez' y adjunte los archivos de nuevo`,
    )
    expectRefused(await s.upload(s.validForm(), sent), [message])
    expect(await s.storedFiles()).toEqual(files)
    expect(await s.batchCount()).toBe(batches)

    // A batch refused whole (CON ERRORES) applied nothing: its file may come again.
    await s.t.handle.db.update(paymentBatches).set({ status: 5 }).where(eq(paymentBatches.id, firstId))
    const again = await s.upload(s.validForm(), sent)
    expect(again.status).toBe(200)
    const againId = again.body.payload.id as number

    const confirmed = await s.upload({ ...s.validForm(), confirmDuplicate: 'on' }, sent)
    expect(confirmed.status).toBe(200)
    const [audit] = await s.t.handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(confirmed.body.payload.id)))
    expect(audit.description).toContain(
      `; el usuario confirmó que el Excel es idéntico al de la carga #${againId} y lo carga otra vez`,
    )
  })

  it('lets one of two clerks sending the same Excel at the same moment through, and refuses the other', async () => {
    const sent = await s.excel([row(2, 980.25, '7302')])
    const answers = await Promise.all([s.upload(s.validForm(), sent), s.upload(s.validForm(), sent)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    const winner = answers.find((a) => a.status === 200)?.body.payload.id
    const loser = answers.find((a) => a.status !== 200)
    expect(loser?.body.messages).toEqual([M.repeatedFile(winner, `la planilla ${s.payroll.code}`)])
  })

  it('answers the payroll check with the reason an upload would give, for the form with JavaScript', async () => {
    const check = async (number: string, who: 'rrhh' | 'lector' = 'rrhh') =>
      s.t.call(who, {
        method: 'GET',
        url: `/api/v1/payment-batches/payroll-check?number=${encodeURIComponent(number)}`,
      })
    expect((await check(s.payroll.code)).body.payload).toEqual({ problem: null })
    expect((await check('NO-EXISTE')).body.payload).toEqual({ problem: M.payrollUnknown('NO-EXISTE') })
    // Only who may upload payments may ask.
    expect((await check(s.payroll.code, 'lector')).status).toBe(403)
  })

  it('reports every missing field at once and stores nothing', async () => {
    const [files, batches] = [await s.storedFiles(), await s.batchCount()]
    expectRefused(await s.upload({ payrollNumber: '', payrollDesc: '', paymentDate: '' }), [
      M.payrollNumber,
      M.paymentDate,
      M.file,
    ])
    expect(await s.storedFiles()).toEqual(files)
    expect(await s.batchCount()).toBe(batches)
  })

  it('refuses a 51-character number, a 101-character description and a date after today', async () => {
    const files = await s.storedFiles()
    const tomorrow = dayjs(TODAY).add(1, 'day').format('YYYY-MM-DD')
    expectRefused(
      await s.upload(
        { payrollNumber: 'P'.repeat(51), payrollDesc: 'D'.repeat(101), paymentDate: tomorrow },
        await s.excel(),
        [{ name: 'ok.pdf', content: await receiptPdf('ok') }],
      ),
      [M.payrollNumberMax, M.payrollDescMax, M.paymentDateFuture],
    )
    expectRefused(await s.upload({ ...s.validForm(), paymentDate: '2026-02-30' }, await s.excel()), [
      M.paymentDateInvalid,
    ])
    expect(await s.storedFiles()).toEqual(files)
  })

  it('refuses a .pdf that is really a PNG, a receipt with another extension, an empty one and repeated names', async () => {
    const files = await s.storedFiles()
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const pdf = await receiptPdf('ok')
    expectRefused(
      await s.upload(s.validForm(), await s.excel(), [
        { name: 'foto.pdf', content: png },
        { name: 'foto.png', content: png },
        { name: 'vacia.pdf', content: Buffer.alloc(0) },
        { name: 'Doble.pdf', content: pdf },
        { name: 'doble.PDF', content: pdf },
      ]),
      [
        M.receiptContent('foto.pdf'),
        M.receiptExtension('foto.png'),
        M.receiptEmpty('vacia.pdf'),
        M.receiptRepeated('doble.PDF'),
      ],
    )
    expect(await s.storedFiles()).toEqual(files)
  })

  it('refuses a receipt over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)])
    expectRefused(await s.upload(s.validForm(), await s.excel(), [{ name: 'grande.pdf', content: big }]), [
      M.receiptSize('grande.pdf'),
    ])
  })

  it('checks the Excel by extension, content and header, and wants only one', async () => {
    const good = await s.excel()
    expectRefused(await s.upload(s.validForm(), { name: 'abonos.xls', content: good.content }), [
      M.fileExtension,
    ])
    expectRefused(await s.upload(s.validForm(), { name: 'abonos.xlsx', content: Buffer.from('hola') }), [
      FILE_MESSAGES.notXlsx,
    ])
    const wrongHeader = await paymentsWorkbook([row(0, 1, '1')], {
      header: [...PAYMENT_TEMPLATE_HEADERS.slice(0, 4), 'Archivo'],
    })
    expectRefused(await s.upload(s.validForm(), { name: 'abonos.xlsx', content: wrongHeader }), [
      "El encabezado de la columna E debe ser 'Constancia (archivo PDF)' (se encontró 'Archivo')",
    ])
    expectRefused(
      await s.upload(s.validForm(), { name: 'abonos.xlsx', content: await paymentsWorkbook([]) }),
      [FILE_MESSAGES.noDataRows],
    )
    const form = new FormData()
    for (const [k, v] of Object.entries(s.validForm())) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(good.content)]), 'a.xlsx')
    form.append('file', new Blob([new Uint8Array(good.content)]), 'b.xlsx')
    const encoded = new Response(form)
    const response = await s.t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payment-batches',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    })
    expectRefused(response, [M.oneFile])
  })

  it('wants a payroll that exists, is not annulled and is not still being imported', async () => {
    expectRefused(await s.upload({ ...s.validForm(), payrollNumber: 'NO-EXISTE' }, await s.excel()), [
      M.payrollUnknown('NO-EXISTE'),
    ])
    await s.t.handle.db.insert(payrollBatches).values({
      code: 'PL-EN-CURSO',
      period: '202611',
      name: 'En curso',
      type: 1,
      fileKey: 'x',
      fileName: 'x.xlsx',
      fileSize: 1,
    })
    expectRefused(await s.upload({ ...s.validForm(), payrollNumber: 'pl-en-curso' }, await s.excel()), [
      M.payrollInProgress('pl-en-curso'),
    ])
    const annulled = await insertFixturePayroll(s.t.handle.db, 'PL-ANULADA', [
      { employee: 10, amount: '10.00' },
    ])
    await s.t.handle.db.update(payrolls).set({ status: 2 }).where(eq(payrolls.id, annulled.id))
    expectRefused(await s.upload({ ...s.validForm(), payrollNumber: 'PL-ANULADA' }, await s.excel()), [
      M.payrollAnnulled('PL-ANULADA'),
    ])
  })

  it("needs planillas_abonos to upload; the payments list role reads only the suppliers' abonos", async () => {
    expect((await s.upload(s.validForm(), await s.excel(), [], 'lector')).status).toBe(403)
    const list = (source?: string) =>
      s.t.call('lector', { method: 'POST', url: '/api/v1/payment-batches/list', payload: { source } })
    expect((await list()).status).toBe(403)
    expect((await list('VOUCHERS')).status).toBe(200)
    expect(
      (await s.t.call('auditor', { method: 'POST', url: '/api/v1/payment-batches/list', payload: {} }))
        .status,
    ).toBe(403)
  })
})
