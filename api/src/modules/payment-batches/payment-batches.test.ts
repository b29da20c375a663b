import { pdfPageTexts, receiptPdf } from '@planillas/db/payment-fixtures'
import { fixtureDni } from '@planillas/db/payroll-fixtures'
import { PAYMENT_TEMPLATE_HEADERS } from '@planillas/domain'
import dayjs from 'dayjs'
import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymentsTestApp, type PaymentsTestApp, row, TODAY } from './testing'

let s: PaymentsTestApp
beforeAll(async () => {
  s = await createPaymentsTestApp()
})
afterAll(async () => {
  await s?.close()
})

describe('payment batches: template, list, processing and downloads', () => {
  it('downloads the template with its headers and a notes sheet', async () => {
    const response = await s.t.call('rrhh', { method: 'GET', url: '/api/v1/payment-batches/template/xlsx' })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body)
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Abonos', 'Notas'])
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      ...PAYMENT_TEMPLATE_HEADERS,
    ])
  })

  it('pays 3 of 4 lines: the payroll shows Abonados 3, their sum and Progreso 75, and why the 4th is pending', async () => {
    const rows = [
      row(0, 1500, '7001', 'c1.pdf'),
      row(1, 2300, '7002', 'c2.pdf'),
      row(2, 980.25, '7003', 'c1.pdf'),
      row(3, 1200, '7004'),
    ]
    const response = await s.upload(s.validForm(), await s.excel(rows), [
      { name: 'c2.pdf', content: await receiptPdf('dos', 1) },
      { name: 'c1.pdf', content: await receiptPdf('uno', 2) },
      { name: `${fixtureDni(3)}.pdf`, content: await receiptPdf('tres', 1) },
    ])
    const id = response.body.payload.id
    await s.run(id)

    const detail = await s.t.call('rrhh', { method: 'GET', url: `/api/v1/payroll/${s.payroll.id}` })
    expect(detail.body.payload).toMatchObject({ paid: 3, totalPaid: 3680.25, progress: 75 })
    const batch = await s.t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}` })
    expect(batch.body.payload).toMatchObject({
      status: 4,
      matchedCount: 3,
      mismatchedCount: 1,
      issueCount: 1,
    })

    const lines = await s.t.call('rrhh', {
      method: 'POST',
      url: `/api/v1/payroll/${s.payroll.id}/lines`,
      payload: {},
    })
    const lineIds = lines.body.payload.content.map((l: { id: number }) => l.id)
    const status = await s.t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-batches/line-status?payrollId=${s.payroll.id}&${lineIds.map((i: number) => `lineIds=${i}`).join('&')}`,
    })
    expect(status.status).toBe(200)
    const [first, second] = status.body.payload
    expect(first).toMatchObject({
      paid: true,
      paymentDate: TODAY,
      operationNumber: '7001',
      amountPaid: 1500,
      receiptName: 'c1.pdf',
    })
    expect(second).toMatchObject({
      paid: false,
      receiptUrl: null,
      pendingReason: `El monto abonado (S/ 2,300.00) no coincide con el de la planilla (S/ 2,300.50) (carga de abonos #${id})`,
    })
    const receipt = await s.t.call('lector', { method: 'GET', url: first.receiptUrl })
    expect(receipt.status).toBe(200)
    expect((await PDFDocument.load(receipt.body)).getPageCount()).toBe(2)

    // The merged receipts: one stamped page per receipt page, in the order of the Excel.
    const merged = await s.t.call('lector', { method: 'GET', url: `/api/v1/payment-batches/${id}/receipts` })
    expect(merged.status).toBe(200)
    const texts = await pdfPageTexts(merged.body)
    expect(texts.map((p) => p.split('\n')[1])).toEqual([
      `Planilla ${s.payroll.code} · Doc. ${fixtureDni(0)}, ${fixtureDni(2)} · Op. 7001, 7003 · c1.pdf · hoja 1/2`,
      `Planilla ${s.payroll.code} · Doc. ${fixtureDni(0)}, ${fixtureDni(2)} · Op. 7001, 7003 · c1.pdf · hoja 2/2`,
      `Planilla ${s.payroll.code} · Doc. ${fixtureDni(1)} · Op. 7002 · c2.pdf · hoja 1/1`,
      `Planilla ${s.payroll.code} · Doc. ${fixtureDni(3)} · Op. 7004 · ${fixtureDni(3)}.pdf · hoja 1/1`,
    ])

    const errors = await s.t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/errors/xlsx` })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(errors.body)
    expect((workbook.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([
      'OBSERVACIÓN',
      3,
      'Monto abonado (S/)',
      '2300.00',
      'El monto abonado (S/ 2,300.00) no coincide con el de la planilla (S/ 2,300.50)',
    ])
  })

  it('answers 404 for the receipts of a batch without receipts', async () => {
    const response = await s.upload(s.validForm(), await s.excel([row(5, 1, '1')]))
    const merged = await s.t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-batches/${response.body.payload.id}/receipts`,
    })
    expect(merged.status).toBe(404)
    expect(merged.body.messages).toEqual(['Esta carga de abonos no tiene constancias'])
  })

  it('lists the newest first, searches by uploader and filters by status and upload date', async () => {
    const list = async (body: object, query = '') =>
      (await s.t.call('rrhh', { method: 'POST', url: `/api/v1/payment-batches/list${query}`, payload: body }))
        .body
    const all = await list({})
    const ids = all.payload.content.map((b: { id: number }) => b.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(all.payload.content[0]).toMatchObject({
      createdBy: 'rrhh@planillas.pe',
      file: { name: 'abonos.xlsx' },
    })
    expect((await list({ search: 'rrhh' })).payload.totalElements).toBe(all.payload.totalElements)
    expect((await list({ search: 'nadie' })).payload.totalElements).toBe(0)
    expect((await list({ status: 4 })).payload.content.every((b: { status: number }) => b.status === 4)).toBe(
      true,
    )
    expect((await list({ createdAt: { from: TODAY, to: TODAY } })).payload.totalElements).toBe(
      all.payload.totalElements,
    )
    const yesterday = dayjs(TODAY).subtract(1, 'day').format('YYYY-MM-DD')
    expect((await list({ createdAt: { to: yesterday } })).payload.totalElements).toBe(0)
    expect((await list({ createdAt: { from: TODAY, to: yesterday } })).messages).toEqual([
      'La fecha inicial no puede ser mayor a la final',
    ])
    expect((await list({}, '?sort=fileName,asc')).messages[0]).toContain("No se puede ordenar por 'fileName'")
  })
})
