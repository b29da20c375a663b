import { paymentBatchReceipts } from '@planillas/db'
import { PAYMENT_UPLOAD_MESSAGES as M, PAYMENT_LIMITS } from '@planillas/domain'
import { createPaymentsTestApp, expectRefused, row } from '@planillas/testing/api/payment-batches'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { perFile } from '@planillas/testing/per-file'
import { encryptedReceiptPdf, htmlWithPdfMagic, manyPagesPdf } from '@planillas/testing/receipt-fixtures'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const s = perFile(createPaymentsTestApp)

const MB = 1024 * 1024

describe('payment batches: receipts are parsed and bounded at upload', () => {
  it('refuses a 20,000-page receipt, naming the file and the limit, and stores nothing', async () => {
    const files = await s.storedFiles()
    const response = await s.upload(s.validForm(), await s.excel(), [
      { name: 'ok.pdf', content: await receiptPdf('ok') },
      { name: 'veinte-mil.pdf', content: manyPagesPdf(20_000) },
    ])
    expectRefused(response, [M.receiptPages('veinte-mil.pdf')])
    expect(M.receiptPages('veinte-mil.pdf')).toBe(
      "La constancia 'veinte-mil.pdf' tiene más de 50 hojas: el máximo por constancia es 50",
    )
    expect(await s.storedFiles()).toEqual(files)
  })

  it(`refuses receipts that add up to more than ${PAYMENT_LIMITS.maxBatchReceiptPages} pages`, async () => {
    const fifty = manyPagesPdf(50)
    const receipts = Array.from({ length: 101 }, (_, i) => ({ name: `r${i}.pdf`, content: fifty }))
    expectRefused(await s.upload(s.validForm(), await s.excel(), receipts), [M.receiptsTotalPages])
    expect(M.receiptsTotalPages).toBe(
      'Las constancias suman más de 5,000 hojas: divida la carga de abonos en varias',
    )
  })

  it('refuses an HTML page that has %PDF- in its first kilobyte', async () => {
    expectRefused(
      await s.upload(s.validForm(), await s.excel(), [{ name: 'sesion.pdf', content: htmlWithPdfMagic() }]),
      [M.receiptContent('sesion.pdf')],
    )
  })

  it('accepts receipts encrypted with an empty user password and records their pages', async () => {
    const response = await s.upload(s.validForm(), await s.excel([row(0, 1500, '7001', 'aes.pdf')]), [
      { name: 'aes.pdf', content: await encryptedReceiptPdf('empty-password-aes128') },
      { name: 'rc4.pdf', content: await encryptedReceiptPdf('empty-password-rc4') },
      { name: 'tres.pdf', content: await receiptPdf('tres', 3) },
    ])
    expect(response.status).toBe(200)
    const stored = await s.t.handle.db
      .select({ name: paymentBatchReceipts.fileName, pages: paymentBatchReceipts.pages })
      .from(paymentBatchReceipts)
      .where(eq(paymentBatchReceipts.batchId, response.body.payload.id))
      .orderBy(asc(paymentBatchReceipts.position))
    expect(stored).toEqual([
      { name: 'aes.pdf', pages: 1 },
      { name: 'rc4.pdf', pages: 1 },
      { name: 'tres.pdf', pages: 3 },
    ])
  })

  it('refuses a receipt that asks for a password to open', async () => {
    expectRefused(
      await s.upload(s.validForm(), await s.excel(), [
        { name: 'clave.pdf', content: await encryptedReceiptPdf('user-password') },
      ]),
      [M.receiptPassword('clave.pdf')],
    )
  })

  it('stops writing receipts at 100 MB: a 110 MB body is refused having stored at most the limit', async () => {
    const files = await s.storedFiles()
    // Eleven receipts of 10 MB less a little each, one real PDF padded with a comment.
    const pdf = await receiptPdf('grande')
    const padded = Buffer.concat([
      pdf,
      Buffer.from('\n%'),
      Buffer.alloc(10 * MB - 64 * 1024 - pdf.length, 'x'),
    ])
    const receipts = Array.from({ length: 11 }, (_, i) => ({ name: `g${i}.pdf`, content: padded }))
    const before = s.bytesWritten()
    const response = await s.upload(s.validForm(), await s.excel(), receipts)
    expectRefused(response, [M.receiptsTotalSize])
    expect(receipts.length * padded.length).toBeGreaterThan(109 * MB)
    expect(s.bytesWritten() - before).toBeLessThanOrEqual(PAYMENT_LIMITS.maxReceiptsTotalBytes)
    expect(await s.storedFiles()).toEqual(files)
  })
})
