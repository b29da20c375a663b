import { setImmediate as nextTurn } from 'node:timers/promises'
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib'
import { PAYMENT_LIMITS, PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import { countPagesUpTo, openReceiptPdf } from '@planillas/formats/receipt-pdf'

/** One receipt to merge: its bytes and what the rows of the Excel that name it say. */
export type ReceiptToMerge = {
  fileName: string
  documents: readonly string[]
  operations: readonly string[]
  load: () => Promise<Uint8Array>
}

const MARGIN = 18
const FONT_SIZE = 7.5
const INSET = 8

/**
 * Every receipt of a batch in one PDF (docs/architecture.md), in the order given (the Excel's), each page
 * stamped in a strip added below it (the page is not covered) with what the batch pays (`target`:
 * 'Planilla X' or 'Orden de pago N° X'), the
 * document numbers and the operation numbers of the rows that name the receipt. Receipts
 * encrypted with an empty user password are decrypted, and form fields are flattened into the
 * page (a copied page takes its widgets but not the document's form, and a filled form whose
 * appearances are left to the viewer would come out blank). Runs in the worker, once per batch;
 * it yields to the event loop between receipts, as the in-process queue shares it with the API.
 * The page limits hold here too (batches uploaded before the API checked them): a receipt over
 * them becomes a page that says so, and is never opened page by page.
 */
export async function mergeReceipts(
  target: string,
  receipts: ReceiptToMerge[],
  limits: { receiptPages: number; batchPages: number } = {
    receiptPages: PAYMENT_LIMITS.maxReceiptPages,
    batchPages: PAYMENT_LIMITS.maxBatchReceiptPages,
  },
): Promise<Uint8Array> {
  const merged = await PDFDocument.create()
  merged.setTitle(`Constancias de abono - ${target}`)
  merged.setProducer('Planillas')
  const font = await merged.embedFont(StandardFonts.Helvetica)
  let pagesSoFar = 0
  for (const receipt of receipts) {
    await nextTurn()
    const opened = await openForMerge(await receipt.load(), limits.receiptPages)
    const problem =
      opened === 'unreadable'
        ? `La constancia '${receipt.fileName}' no se pudo abrir como PDF.`
        : opened === 'too-many-pages'
          ? `${PAYMENT_UPLOAD_MESSAGES.receiptPages(receipt.fileName)}.`
          : pagesSoFar + opened.pages > limits.batchPages
            ? `${PAYMENT_UPLOAD_MESSAGES.receiptsTotalPages}.`
            : null
    if (problem || typeof opened === 'string') {
      // The job already reported it (CON ERRORES); the download still shows where it belongs.
      const page = merged.addPage([595.28, 841.89])
      page.drawText(encodable(font)(problem ?? ''), { x: 40, y: 780, size: 11, font, maxWidth: 515 })
      stamp(page, font, stampText(font, target, receipt, 1, 1, maxWidth(page)))
      pagesSoFar++
      continue
    }
    const { source } = opened
    pagesSoFar += opened.pages
    const pages = await merged.copyPages(source, source.getPageIndices())
    for (const [i, page] of pages.entries()) {
      if (i > 0 && i % 10 === 0) await nextTurn()
      merged.addPage(page)
      stamp(page, font, stampText(font, target, receipt, i + 1, pages.length, maxWidth(page)))
    }
  }
  await nextTurn()
  return merged.save({ objectsPerTick: 200 })
}

/**
 * The receipt decrypted and with its form flattened, and its pages counted, or why it cannot be
 * merged; its pages are counted before anything walks them (flattening looks at every page).
 */
async function openForMerge(
  bytes: Uint8Array,
  maxPages: number,
): Promise<{ source: PDFDocument; pages: number } | 'unreadable' | 'too-many-pages'> {
  const source = await openReceiptPdf(bytes).catch(() => null)
  if (!source) return 'unreadable'
  let pages: number
  try {
    pages = countPagesUpTo(source, maxPages + 1)
  } catch {
    return 'unreadable'
  }
  if (pages === 0) return 'unreadable'
  if (pages > maxPages) return 'too-many-pages'
  try {
    source.getForm().flatten()
  } catch {
    // A broken form keeps its widgets: the page is still worth more than a placeholder.
  }
  return { source, pages }
}

/** `Planilla X · Doc. A, B · Op. 1, 2 · archivo.pdf · hoja 1/2`, shortened to the page's width. */
export function stampText(
  font: PDFFont,
  target: string,
  receipt: Pick<ReceiptToMerge, 'fileName' | 'documents' | 'operations'>,
  page: number,
  pages: number,
  width: number,
): string {
  const safe = encodable(font)
  const tail = ` · ${receipt.fileName} · hoja ${page}/${pages}`
  const fits = (text: string) => font.widthOfTextAtSize(safe(text), FONT_SIZE) <= width
  const compose = (shown: number) => {
    const more = receipt.documents.length - shown
    const list = (values: readonly string[]) =>
      `${values.slice(0, shown).join(', ')}${more > 0 ? ` y ${more} más` : ''}`
    if (!receipt.documents.length) return `${target} · sin fila en el archivo de abonos`
    return `${target} · Doc. ${list(receipt.documents)} · Op. ${list(receipt.operations)}`
  }
  const candidates: string[] = []
  for (let shown = receipt.documents.length; shown >= Math.min(1, receipt.documents.length); shown--)
    candidates.push(compose(shown) + tail)
  candidates.push(compose(Math.min(1, receipt.documents.length)))
  const fitting = candidates.find(fits)
  if (fitting) return safe(fitting)
  let cut = safe(candidates[candidates.length - 1])
  while (cut.length > 1 && !fits(`${cut}…`)) cut = cut.slice(0, -1)
  return `${cut}…`
}

const characterSets = new WeakMap<PDFFont, Set<number>>()

/**
 * Replaces what the standard font cannot encode (WinAnsi), so a file name never breaks the merge.
 * The font's character set is built once per font: per page it was most of the merge's time.
 */
function encodable(font: PDFFont) {
  let supported = characterSets.get(font)
  if (!supported) {
    supported = new Set(font.getCharacterSet())
    characterSets.set(font, supported)
  }
  const known = supported
  return (text: string) =>
    Array.from(text.normalize('NFC'), (ch) => (known.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('')
}

/** The visible box of the page, whichever way it is rotated, and the room along its bottom edge. */
function visibleBox(page: PDFPage) {
  const box = page.getCropBox()
  const angle = ((page.getRotation().angle % 360) + 360) % 360
  return { box, angle }
}

function maxWidth(page: PDFPage): number {
  const { box, angle } = visibleBox(page)
  const edge = angle === 90 || angle === 270 ? box.height : box.width
  return Math.max(50, edge - 2 * INSET)
}

/**
 * Grows the page by a strip along its visual bottom edge and writes the text there. The page's
 * /Rotate turns the user space: the visual bottom is the bottom (0°), right (90°), top (180°) or
 * left (270°) edge, and the text turns with it so that it reads left to right on screen.
 */
export function stamp(page: PDFPage, font: PDFFont, text: string) {
  const { box, angle } = visibleBox(page)
  const { x, y, width, height } = box
  const grown = {
    0: { x, y: y - MARGIN, width, height: height + MARGIN },
    90: { x, y, width: width + MARGIN, height },
    180: { x, y, width, height: height + MARGIN },
    270: { x: x - MARGIN, y, width: width + MARGIN, height },
  }[angle as 0 | 90 | 180 | 270] ?? { x, y: y - MARGIN, width, height: height + MARGIN }
  const media = page.getMediaBox()
  const left = Math.min(media.x, grown.x)
  const bottom = Math.min(media.y, grown.y)
  const right = Math.max(media.x + media.width, grown.x + grown.width)
  const top = Math.max(media.y + media.height, grown.y + grown.height)
  page.setMediaBox(left, bottom, right - left, top - bottom)
  page.setCropBox(grown.x, grown.y, grown.width, grown.height)

  const strip = {
    0: { x, y: y - MARGIN, width, height: MARGIN },
    90: { x: x + width, y, width: MARGIN, height },
    180: { x, y: y + height, width, height: MARGIN },
    270: { x: x - MARGIN, y, width: MARGIN, height },
  }[angle as 0 | 90 | 180 | 270] ?? { x, y: y - MARGIN, width, height: MARGIN }
  isolateContent(page)
  page.drawRectangle({ ...strip, color: rgb(0.94, 0.97, 1) })
  const baseline = 6
  const origin = {
    0: { x: x + INSET, y: y - MARGIN + baseline },
    90: { x: x + width + MARGIN - baseline, y: y + INSET },
    180: { x: x + width - INSET, y: y + height + MARGIN - baseline },
    270: { x: x - MARGIN + baseline, y: y + height - INSET },
  }[angle as 0 | 90 | 180 | 270] ?? { x: x + INSET, y: y - MARGIN + baseline }
  page.drawText(text, {
    ...origin,
    size: FONT_SIZE,
    font,
    color: rgb(0.004, 0.341, 0.608),
    rotate: degrees(angle),
  })
}

/**
 * Wraps the page's own content in q…Q and starts a new content stream after it, so that whatever
 * transformation the receipt's content leaves behind does not move or scale the stamp.
 */
function isolateContent(page: PDFPage) {
  page.translateContent(0, 0)
  ;(page as unknown as { getContentStream: (useExisting: boolean) => unknown }).getContentStream(false)
}

/** What a batch's merged receipts name: its payroll, or the supplier payment run it pays. */
export const receiptTarget = (batch: { source: string; payrollNumber: string }) =>
  batch.source === 'VOUCHERS' ? `Orden de pago N° ${batch.payrollNumber}` : `Planilla ${batch.payrollNumber}`
