import { receiptPdf } from '@planillas/testing/payment-fixtures'
import {
  encryptedReceiptPdf,
  formReceiptPdf,
  htmlWithPdfMagic,
  manyPagesPdf,
} from '@planillas/testing/receipt-fixtures'
import { describe, expect, it } from 'vitest'
import { inspectReceiptPdf } from './receipt-pdf'

describe('inspectReceiptPdf', () => {
  it('counts the pages of a plain receipt and of one with a filled form', async () => {
    expect(await inspectReceiptPdf(await receiptPdf('x', 3), 50)).toEqual({ ok: true, pages: 3 })
    expect(await inspectReceiptPdf(await formReceiptPdf('OP-1'), 50)).toEqual({ ok: true, pages: 1 })
  })

  it('opens receipts encrypted with an empty user password, refuses one that asks for a password', async () => {
    for (const kind of ['empty-password-aes128', 'empty-password-rc4', 'empty-password-aes256'] as const)
      expect(await inspectReceiptPdf(await encryptedReceiptPdf(kind), 50)).toEqual({ ok: true, pages: 1 })
    expect(await inspectReceiptPdf(await encryptedReceiptPdf('user-password'), 50)).toEqual({
      ok: false,
      problem: 'password',
    })
  })

  it('parses instead of trusting the first bytes: HTML that says %PDF- is unreadable', async () => {
    const html = htmlWithPdfMagic()
    expect(html.subarray(0, 1024).includes('%PDF-')).toBe(true)
    expect(await inspectReceiptPdf(html, 50)).toEqual({ ok: false, problem: 'unreadable' })
  })

  it('stops counting past the limit: 20,000 pages are too many, 50 are not', async () => {
    expect(await inspectReceiptPdf(manyPagesPdf(20_000), 50)).toEqual({
      ok: false,
      problem: 'too-many-pages',
    })
    expect(await inspectReceiptPdf(manyPagesPdf(50), 50)).toEqual({ ok: true, pages: 50 })
    expect(await inspectReceiptPdf(manyPagesPdf(51), 50)).toEqual({ ok: false, problem: 'too-many-pages' })
  })

  it('does not trust /Count: a page tree whose kid is itself is unreadable', async () => {
    const looped = manyPagesPdf(1).toString('latin1').replace('/Kids [4 0 R]', '/Kids [2 0 R]')
    expect(await inspectReceiptPdf(Buffer.from(looped, 'latin1'), 50)).toEqual({
      ok: false,
      problem: 'unreadable',
    })
  })
})
