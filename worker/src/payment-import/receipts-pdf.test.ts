import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { pdfPageTexts, receiptPdf } from '@planillas/testing/payment-fixtures'
import {
  ENCRYPTED_RECEIPT_TEXT,
  encryptedReceiptPdf,
  formReceiptPdf,
  manyPagesPdf,
  pdfVisibleTexts,
  pdfWidgetCounts,
} from '@planillas/testing/receipt-fixtures'
import { describe, expect, it } from 'vitest'
import { mergeReceipts, stamp, stampText } from './receipts-pdf'

describe('merged receipts', () => {
  it('keeps every page in order and stamps each one below its content', async () => {
    const merged = await mergeReceipts('Planilla PL-9', [
      { fileName: 'b.pdf', documents: ['10000002'], operations: ['OP-2'], load: () => receiptPdf('B', 1) },
      {
        fileName: 'a.pdf',
        documents: ['10000000', '10000001'],
        operations: ['OP-0', 'OP-1'],
        load: () => receiptPdf('A', 2),
      },
    ])
    const texts = await pdfPageTexts(merged)
    expect(texts).toEqual([
      'B - hoja 1 de 1\nPlanilla PL-9 · Doc. 10000002 · Op. OP-2 · b.pdf · hoja 1/1\n',
      'A - hoja 1 de 2\nPlanilla PL-9 · Doc. 10000000, 10000001 · Op. OP-0, OP-1 · a.pdf · hoja 1/2\n',
      'A - hoja 2 de 2\nPlanilla PL-9 · Doc. 10000000, 10000001 · Op. OP-0, OP-1 · a.pdf · hoja 2/2\n',
    ])
    const doc = await PDFDocument.load(merged)
    // The receipts are 420 × 300: each page grew by an 18-point strip at the bottom.
    expect(doc.getPages().map((p) => p.getCropBox())).toEqual(
      Array(3).fill({ x: 0, y: -18, width: 420, height: 318 }),
    )
  })

  it('puts a page that says so where a receipt cannot be opened', async () => {
    const merged = await mergeReceipts('Planilla PL-9', [
      { fileName: 'rota.pdf', documents: ['1'], operations: ['9'], load: async () => new Uint8Array([1, 2]) },
    ])
    expect(await pdfPageTexts(merged)).toEqual([
      "La constancia 'rota.pdf' no se pudo abrir como PDF.\nPlanilla PL-9 · Doc. 1 · Op. 9 · rota.pdf · hoja 1/1\n",
    ])
  })

  it('decrypts receipts encrypted with an empty user password (AES-128, RC4, AES-256)', async () => {
    const kinds = ['empty-password-aes128', 'empty-password-rc4', 'empty-password-aes256'] as const
    const merged = await mergeReceipts(
      'Planilla PL-9',
      kinds.map((kind, i) => ({
        fileName: `${kind}.pdf`,
        documents: [String(i)],
        operations: [String(i)],
        load: () => encryptedReceiptPdf(kind),
      })),
    )
    // The page's own text comes out readable, before the stamp: not ciphertext, not a placeholder.
    expect(await pdfPageTexts(merged)).toEqual(
      kinds.map(
        (kind, i) =>
          `${ENCRYPTED_RECEIPT_TEXT}\nPlanilla PL-9 · Doc. ${i} · Op. ${i} · ${kind}.pdf · hoja 1/1\n`,
      ),
    )
  })

  it('flattens a filled form into the page, so that its values show in the merged PDF', async () => {
    const merged = await mergeReceipts('Planilla PL-9', [
      { fileName: 'form.pdf', documents: ['1'], operations: ['9'], load: () => formReceiptPdf('OP-778899') },
    ])
    const [text] = await pdfVisibleTexts(merged)
    expect(text).toContain('OP-778899')
    expect(text).toContain('Planilla PL-9 · Doc. 1 · Op. 9 · form.pdf · hoja 1/1')
    expect(await pdfWidgetCounts(merged)).toEqual([0])
  })

  it('never opens a receipt over the page limits page by page: it becomes a page that says so', async () => {
    const merged = await mergeReceipts(
      'Planilla PL-9',
      [
        {
          fileName: 'enorme.pdf',
          documents: ['1'],
          operations: ['1'],
          load: async () => manyPagesPdf(20_000),
        },
        { fileName: 'dos.pdf', documents: ['2'], operations: ['2'], load: () => receiptPdf('dos', 2) },
        { fileName: 'tres.pdf', documents: ['3'], operations: ['3'], load: () => receiptPdf('tres', 3) },
      ],
      { receiptPages: 50, batchPages: 4 },
    )
    expect((await pdfPageTexts(merged)).map((t) => t.split('\n')[0])).toEqual([
      "La constancia 'enorme.pdf' tiene más de 50 hojas: el máximo por constancia es 50.",
      'dos - hoja 1 de 2',
      'dos - hoja 2 de 2',
      'Las constancias suman más de 5,000 hojas: divida la carga de abonos en varias.',
    ])
  })

  it('grows the visual bottom of rotated pages', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const boxes = [0, 90, 180, 270].map((angle) => {
      const page = doc.addPage([400, 200])
      page.setRotation(degrees(angle))
      stamp(page, font, 'Planilla X')
      return page.getCropBox()
    })
    expect(boxes).toEqual([
      { x: 0, y: -18, width: 400, height: 218 },
      { x: 0, y: 0, width: 418, height: 200 },
      { x: 0, y: 0, width: 400, height: 218 },
      { x: -18, y: 0, width: 418, height: 200 },
    ])
  })

  it('shortens the stamp of a receipt named by many rows to the page width', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const documents = Array.from({ length: 200 }, (_, i) => String(10_000_000 + i))
    const text = stampText(
      font,
      'Planilla PL-1',
      { fileName: 'lote.pdf', documents, operations: documents },
      1,
      1,
      400,
    )
    expect(font.widthOfTextAtSize(text, 7.5)).toBeLessThanOrEqual(400)
    expect(text).toMatch(/^Planilla PL-1 · Doc\. 10000000, .* y \d+ más · Op\. /)
    expect(
      stampText(font, 'Planilla PL-1', { fileName: 'ñandú.pdf', documents: [], operations: [] }, 1, 1, 400),
    ).toBe('Planilla PL-1 · sin fila en el archivo de abonos · ñandú.pdf · hoja 1/1')
  })
})
