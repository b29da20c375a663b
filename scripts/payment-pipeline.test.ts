// Across the tiers: a payment batch uploaded through the API, processed by the worker's own
// processors, then read back through the API. It lives with the launchers (scripts/ may import every
// workspace), since the API and the worker never import each other (biome.json).

import { paymentBatches, paymentBatchReceipts } from '@planillas/db'
import { PAYMENT_UPLOAD_MESSAGES as M } from '@planillas/domain'
import {
  createPaymentsTestApp,
  type PaymentsTestApp,
  row,
  TODAY,
} from '@planillas/testing/api/payment-batches'
import { pdfPageTexts, receiptPdf } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import {
  ENCRYPTED_RECEIPT_TEXT,
  encryptedReceiptPdf,
  formReceiptPdf,
  pdfVisibleTexts,
  pdfWidgetCounts,
} from '@planillas/testing/receipt-fixtures'
import { silentLogger } from '@planillas/worker/context'
import { processPaymentImport } from '@planillas/worker/processors/payment-import'
import { processPaymentReceipts } from '@planillas/worker/processors/payment-receipts'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let s: PaymentsTestApp
/** A fresh app for each describe: the payroll's totals count only that describe's batches. */
function freshAppPerDescribe() {
  beforeAll(async () => {
    s = await createPaymentsTestApp()
  })
  afterAll(async () => {
    await s?.close()
  })
}

/** The worker's 'payment-import' job for a batch, on the test API's database and storage. */
const run = (batchId: number) =>
  processPaymentImport({ batchId }, { db: s.t.handle.db, storage: s.storage, log: silentLogger })
/** The worker's 'payment-receipts' job: the merged receipts of a processed batch. */
const mergeReceipts = (batchId: number) =>
  processPaymentReceipts({ batchId }, { db: s.t.handle.db, storage: s.storage, log: silentLogger })

const download = async (id: number) => {
  const response = await s.t.app.inject({
    method: 'GET',
    url: `/api/v1/payment-batches/${id}/receipts`,
    // The merged receipts are the payroll clerk's (planillas_abonos); one receipt also a payroll reader's.
    headers: await s.t.as('rrhh'),
  })
  const json = String(response.headers['content-type']).includes('json')
  return {
    status: response.statusCode,
    headers: response.headers,
    rawPayload: response.rawPayload,
    body: json ? response.json() : null,
  }
}
const stored = async (id: number) =>
  (await s.t.handle.db.select().from(paymentBatches).where(eq(paymentBatches.id, id)))[0].receiptsPdfKey

describe("payment batches: 'Descargar constancias' is built once by the worker and streamed", () => {
  freshAppPerDescribe()

  let id: number

  it('says in Spanish that the merged PDF is being prepared while the batch is pending', async () => {
    const response = await s.upload(
      s.validForm(),
      await s.excel([row(0, 1500, '7001', 'form.pdf'), row(1, 2300.5, '7002', 'cifrada.pdf')]),
      [
        { name: 'cifrada.pdf', content: await encryptedReceiptPdf('empty-password-aes128') },
        { name: 'form.pdf', content: await formReceiptPdf('OP-445566') },
      ],
    )
    expect(response.status).toBe(200)
    id = response.body.payload.id
    const early = await download(id)
    expect(early.status).toBe(409)
    expect(early.headers['retry-after']).toBe('5')
    expect(early.body.messages).toEqual([M.receiptsPreparing])
    // The import itself will build it: no extra job while the batch runs.
    expect(s.jobs.filter((j) => j.name === 'payment-receipts')).toEqual([])
  })

  it('is built by the import, kept in the storage, with decrypted pages and flattened form values', async () => {
    await run(id)
    const key = await stored(id)
    expect(key).toBeTruthy()
    const merged = await download(id)
    expect(merged.status).toBe(200)
    expect(merged.headers['content-type']).toBe('application/pdf')
    const texts = await pdfVisibleTexts(merged.rawPayload)
    expect(texts).toHaveLength(2)
    expect(texts[0]).toContain('OP-445566')
    expect(texts[0]).toContain(`Doc. ${fixtureDni(0)} · Op. 7001 · form.pdf · hoja 1/1`)
    expect(texts[1]).toContain(ENCRYPTED_RECEIPT_TEXT)
    expect(texts[1]).toContain(`Doc. ${fixtureDni(1)} · Op. 7002 · cifrada.pdf · hoja 1/1`)
    expect(await pdfWidgetCounts(merged.rawPayload)).toEqual([0, 0])
  })

  it('is streamed from the storage, not merged again by the API', async () => {
    const key = await stored(id)
    const first = await download(id)
    // Without its receipts the API could not merge them: the download still answers the same file.
    const receipts = await s.t.handle.db
      .select()
      .from(paymentBatchReceipts)
      .where(eq(paymentBatchReceipts.batchId, id))
    for (const r of receipts) await s.storage.delete(r.fileKey)
    const second = await download(id)
    expect(second.status).toBe(200)
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0)
    expect(await stored(id)).toBe(key)
    expect(await mergeReceipts(id)).toBe('already-stored')
  })

  it('asks the worker for it when a processed batch has none (older batches), then streams it', async () => {
    const response = await s.upload(s.validForm(), await s.excel([row(2, 980.25, '7003', 'vieja.pdf')]), [
      { name: 'vieja.pdf', content: await receiptPdf('vieja', 2) },
    ])
    const old = response.body.payload.id
    await run(old)
    // As a batch processed before the merge moved to the worker.
    await s.t.handle.db.update(paymentBatches).set({ receiptsPdfKey: null }).where(eq(paymentBatches.id, old))
    const waiting = await download(old)
    expect(waiting.status).toBe(409)
    expect(waiting.body.messages).toEqual([M.receiptsPreparing])
    expect(s.jobs.filter((j) => j.name === 'payment-receipts')).toEqual([
      { name: 'payment-receipts', batchId: old },
    ])
    expect(await mergeReceipts(old)).toBe('stored')
    const ready = await download(old)
    expect(ready.status).toBe(200)
    expect((await pdfVisibleTexts(ready.rawPayload)).map((t) => t.split('\n')[0])).toEqual([
      'vieja - hoja 1 de 2',
      'vieja - hoja 2 de 2',
    ])
  })
})

describe('payment batches: an upload processed by the worker', () => {
  freshAppPerDescribe()

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
    await run(id)

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
    const merged = await s.t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/receipts` })
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
})
