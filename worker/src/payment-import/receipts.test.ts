import { PAYMENT_BATCH_STATUS, PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import { paymentsWorkbook, receiptPdf } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { encryptedReceiptPdf, manyPagesPdf } from '@planillas/testing/receipt-fixtures'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processPaymentReceipts } from '../processors/payment-receipts'

let h: PaymentHarness
beforeAll(async () => {
  h = await createPaymentHarness(8)
})
afterAll(async () => {
  await h?.close()
})

const row = (n: number, amount: number, operation: string, receipt: string) => [
  1,
  fixtureDni(n),
  amount,
  operation,
  receipt,
]

describe('payment import: the receipts the job opens and the merged PDF it leaves', () => {
  it('pays with a receipt encrypted with an empty user password and stores the merged PDF once', async () => {
    const payroll = await h.payroll('PL-CIFRADA', [{ employee: 0, amount: '100.00' }])
    const id = await h.upload(payroll, await paymentsWorkbook([row(0, 100, 'OP-1', 'banco.pdf')]), [
      { name: 'banco.pdf', bytes: await encryptedReceiptPdf('empty-password-rc4') },
    ])
    await h.run(id)
    const batch = await h.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.PROCESSED)
    expect(batch.receipts.map((r) => r.pages)).toEqual([1])
    expect(batch.receiptsPdfKey).toBeTruthy()
    expect(await processPaymentReceipts({ batchId: id }, h.ctx)).toBe('already-stored')
    expect((await h.batch(id)).receiptsPdfKey).toBe(batch.receiptsPdfKey)
  })

  it('refuses a batch uploaded before the page limits whose receipt has 20,000 pages (CON ERRORES)', async () => {
    const payroll = await h.payroll('PL-ENORME', [{ employee: 1, amount: '100.00' }])
    const id = await h.upload(payroll, await paymentsWorkbook([row(1, 100, 'OP-2', 'enorme.pdf')]), [
      { name: 'enorme.pdf', bytes: manyPagesPdf(20_000) },
      { name: 'ok.pdf', bytes: await receiptPdf('ok') },
    ])
    await h.run(id)
    const batch = await h.batch(id)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect(batch.issues.map((i) => i.reason)).toContain(PAYMENT_UPLOAD_MESSAGES.receiptPages('enorme.pdf'))
  })
})
