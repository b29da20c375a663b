import { paymentBatches, paymentBatchReceipts } from '@planillas/db'
import { receiptPdf } from '@planillas/db/payment-fixtures'
import { fixtureDni } from '@planillas/db/payroll-fixtures'
import {
  ENCRYPTED_RECEIPT_TEXT,
  encryptedReceiptPdf,
  formReceiptPdf,
  pdfVisibleTexts,
  pdfWidgetCounts,
} from '@planillas/db/receipt-fixtures'
import { PAYMENT_UPLOAD_MESSAGES as M } from '@planillas/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymentsTestApp, type PaymentsTestApp, row } from './testing'

let s: PaymentsTestApp
beforeAll(async () => {
  s = await createPaymentsTestApp()
})
afterAll(async () => {
  await s?.close()
})

const download = async (id: number) => {
  const response = await s.t.app.inject({
    method: 'GET',
    url: `/api/v1/payment-batches/${id}/receipts`,
    headers: await s.t.as('lector'),
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
    await s.run(id)
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
    expect(await s.mergeReceipts(id)).toBe('already-stored')
  })

  it('asks the worker for it when a processed batch has none (older batches), then streams it', async () => {
    const response = await s.upload(s.validForm(), await s.excel([row(2, 980.25, '7003', 'vieja.pdf')]), [
      { name: 'vieja.pdf', content: await receiptPdf('vieja', 2) },
    ])
    const old = response.body.payload.id
    await s.run(old)
    // As a batch processed before the merge moved to the worker.
    await s.t.handle.db.update(paymentBatches).set({ receiptsPdfKey: null }).where(eq(paymentBatches.id, old))
    const waiting = await download(old)
    expect(waiting.status).toBe(409)
    expect(waiting.body.messages).toEqual([M.receiptsPreparing])
    expect(s.jobs.filter((j) => j.name === 'payment-receipts')).toEqual([
      { name: 'payment-receipts', batchId: old },
    ])
    expect(await s.mergeReceipts(old)).toBe('stored')
    const ready = await download(old)
    expect(ready.status).toBe(200)
    expect((await pdfVisibleTexts(ready.rawPayload)).map((t) => t.split('\n')[0])).toEqual([
      'vieja - hoja 1 de 2',
      'vieja - hoja 2 de 2',
    ])
  })
})
