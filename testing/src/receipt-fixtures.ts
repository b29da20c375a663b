import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  StandardFonts,
} from 'pdf-lib'

/**
 * Receipts (constancias) as banks and attackers send them, for the tests of the upload check and
 * the merged download: encrypted with an empty user password, with a filled form, with thousands
 * of pages in a few hundred KB, and HTML that says `%PDF-` near its top.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/receipts')

/**
 * `receiptPdf('constancia cifrada')` encrypted by qpdf 11 with an empty user password (AES-128,
 * RC4-128, AES-256, the owner password 'banco') or with the user password 'clave'; each page
 * says 'constancia cifrada - hoja 1 de 1' once decrypted.
 */
export type EncryptedReceipt =
  | 'empty-password-aes128'
  | 'empty-password-rc4'
  | 'empty-password-aes256'
  | 'user-password'
export const ENCRYPTED_RECEIPT_TEXT = 'constancia cifrada - hoja 1 de 1'
export const encryptedReceiptPdf = (kind: EncryptedReceipt) => readFile(path.join(FIXTURES, `${kind}.pdf`))

/**
 * A receipt whose operation number is a filled text field, as bank and form tools write it: the
 * value in the field, no appearance stream, and /NeedAppearances asking the viewer to draw it.
 */
export async function formReceiptPdf(value: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([420, 300])
  page.drawText('Constancia de abono - operación:', { x: 30, y: 250, size: 12, font })
  const field = doc.getForm().createTextField('operacion')
  field.setText(value)
  field.addToPage(page, { x: 30, y: 200, width: 200, height: 24, font })
  for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of('AP'))
  doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).set(PDFName.of('NeedAppearances'), PDFBool.True)
  return Buffer.from(await doc.save({ updateFieldAppearances: false }))
}

/**
 * A valid PDF of `pages` empty pages that share one content stream, written by hand (a page is
 * about 60 bytes): 20,000 pages in about 1 MB, the shape of the file that stalled the API.
 */
export function manyPagesPdf(pages: number): Buffer {
  const parts: string[] = ['%PDF-1.7\n']
  const offsets: number[] = []
  let length = parts[0].length
  const add = (id: number, body: string) => {
    offsets[id] = length
    const text = `${id} 0 obj\n${body}\nendobj\n`
    parts.push(text)
    length += Buffer.byteLength(text, 'latin1')
  }
  const firstPage = 4
  const kids = Array.from({ length: pages }, (_, i) => `${firstPage + i} 0 R`).join(' ')
  add(1, '<< /Type /Catalog /Pages 2 0 R >>')
  add(2, `<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`)
  add(3, '<< /Length 0 >>\nstream\n\nendstream')
  for (let i = 0; i < pages; i++)
    add(firstPage + i, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >>')
  const size = firstPage + pages
  const xref = [`xref\n0 ${size}\n`, '0000000000 65535 f \n']
  for (let id = 1; id < size; id++) xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`)
  parts.push(...xref, `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`)
  return Buffer.from(parts.join(''), 'latin1')
}

/** An HTML page with `%PDF-` in its first kilobyte: what a magic-bytes check took for a PDF. */
export const htmlWithPdfMagic = () =>
  Buffer.from(
    '<!doctype html>\n<html><head><title>%PDF-1.7 constancia</title></head>\n' +
      '<body><p>Su sesión ha expirado. Vuelva a ingresar a la banca por internet.</p></body></html>\n',
  )

/**
 * What each page of a PDF shows in text drawn with a standard font (hex strings of `Tj`), in its
 * content streams and in the form XObjects they paint (`/Name Do`), as a viewer would draw it;
 * annotations (an unflattened form field) are not page content and are not included.
 */
export async function pdfVisibleTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  const decode = (stream: unknown) =>
    stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : ''
  const textOf = (content: string, resources: PDFDict | undefined, depth: number): string => {
    let text = ''
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict)
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\/([^\s/<>[\]()]+)\s+Do/g)) {
      if (match[1] !== undefined) text += `${Buffer.from(match[1], 'hex').toString('latin1')}\n`
      else if (depth < 5) {
        const xobject = xobjects?.lookup(PDFName.of(match[2]))
        if (!(xobject instanceof PDFRawStream)) continue
        const inner = xobject.dict.lookupMaybe(PDFName.of('Resources'), PDFDict)
        text += textOf(decode(xobject), inner, depth + 1)
      }
    }
    return text
  }
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    const content = streams.map((ref) => decode(doc.context.lookup(ref as PDFRef))).join('\n')
    return textOf(content, page.node.Resources(), 0)
  })
}

/** How many widget annotations (form fields drawn by the viewer, not the page) each page has. */
export async function pdfWidgetCounts(bytes: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const annots = page.node.Annots()
    if (!annots) return 0
    return annots
      .asArray()
      .filter((a) => doc.context.lookup(a, PDFDict).get(PDFName.of('Subtype')) === PDFName.of('Widget'))
      .length
  })
}
