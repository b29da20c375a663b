import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib'
import {
  type BoletaData,
  boletaMoney,
  boletaTotals,
  type ConceptKind,
  conceptKind,
  conceptsOfKind,
  EMPTY,
  enumLabel,
  formatDate,
  hoursOf,
  identifierType,
  periodLabel,
} from '@planillas/domain'

/**
 * The boleta de pago as a one-page A4 PDF (D.S. 001-98-TR arts. 18–19; docs/decisions/boletas.md):
 * employer, period, worker, days and hours, every concept of PLAME table 22 by code and
 * description grouped as ingresos, descuentos and aportes del empleador with their totals, the net
 * pay and the amount the bank paid. A line imported without concepts shows the amount paid and says
 * that its payroll carries none. Drawn with the standard Helvetica fonts (WinAnsi): a character
 * they cannot encode becomes '?', so a name never breaks a payroll's run.
 */

const A4: [number, number] = [595.28, 841.89]
const LEFT = 48
const RIGHT = A4[0] - 48
const SIZE = 9.5
const LINE = 14

type Fonts = { regular: PDFFont; bold: PDFFont; safe: (text: string) => string }

const fontsByDoc = new WeakMap<PDFDocument, Promise<Fonts>>()

/**
 * What Helvetica (WinAnsi) encodes, and the text made safe for it: the same for every document, so
 * worked out once per process, not once per boleta (a payroll draws 100,000 documents).
 */
let safeText: ((text: string) => string) | null = null
function safeFor(font: PDFFont): (text: string) => string {
  if (!safeText) {
    const known = new Set(font.getCharacterSet())
    safeText = (text: string) =>
      Array.from(text.normalize('NFC'), (ch) => (known.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('')
  }
  return safeText
}

/**
 * The document's two fonts, embedded once per document: a standard font is only a reference in the
 * PDF (no font file), and pdf-lib reads its metrics once per process.
 */
function fontsOf(doc: PDFDocument): Promise<Fonts> {
  let fonts = fontsByDoc.get(doc)
  if (!fonts) {
    fonts = (async () => {
      const regular = await doc.embedFont(StandardFonts.Helvetica)
      const bold = await doc.embedFont(StandardFonts.HelveticaBold)
      return { regular, bold, safe: safeFor(regular) }
    })()
    fontsByDoc.set(doc, fonts)
  }
  return fonts
}

/** The boleta's title in the PDF's metadata and the e-mail's subject. */
export const boletaTitle = (b: Pick<BoletaData, 'period'>) => `Boleta de pago - ${periodLabel(b.period)}`

export const NO_CONCEPTS_TEXT =
  'Esta planilla no registra conceptos: la boleta muestra solo el monto abonado.'

/** Adds one boleta as a page of `doc`. */
export async function drawBoleta(doc: PDFDocument, boleta: BoletaData): Promise<PDFPage> {
  const { regular, bold, safe } = await fontsOf(doc)
  const page = doc.addPage(A4)
  let y = A4[1] - 56
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number } = {}) =>
    page.drawText(safe(value), { x, y, size: options.size ?? SIZE, font: options.font ?? regular })
  const right = (value: string, x: number, font = regular) => {
    const shown = safe(value)
    page.drawText(shown, { x: x - font.widthOfTextAtSize(shown, SIZE), y, size: SIZE, font })
  }
  const rule = () => {
    page.drawLine({
      start: { x: LEFT, y: y + LINE - 4 },
      end: { x: RIGHT, y: y + LINE - 4 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    })
  }
  const pair = (label: string, value: string, x: number) => {
    text(`${label}:`, x, { font: bold })
    text(value, x + bold.widthOfTextAtSize(safe(`${label}: `), SIZE))
  }

  text('BOLETA DE PAGO DE REMUNERACIONES', LEFT, { font: bold, size: 13 })
  y -= LINE
  text('D.S. N.° 001-98-TR, artículos 18 y 19', LEFT, { size: 8 })
  y -= LINE * 1.6
  pair('Empleador', boleta.employer.name ?? EMPTY, LEFT)
  y -= LINE
  pair('RUC', boleta.employer.ruc ?? EMPTY, LEFT)
  pair('Periodo', periodLabel(boleta.period), 330)
  y -= LINE
  pair('Planilla', `${boleta.payrollCode} - ${boleta.payrollName}`, LEFT)
  y -= LINE * 1.4
  rule()
  pair('Trabajador', boleta.worker.fullName, LEFT)
  y -= LINE
  pair(
    'Documento',
    `${enumLabel(identifierType, boleta.worker.identifierType)} ${boleta.worker.identifier}`,
    LEFT,
  )
  pair('Fecha de ingreso', formatDate(boleta.worker.entryDate), 330)
  y -= LINE
  pair('Cargo', boleta.worker.position ?? EMPTY, LEFT)
  y -= LINE
  pair('Días laborados', boleta.daysWorked === null ? EMPTY : String(boleta.daysWorked), LEFT)
  pair('Horas ordinarias', hoursOf(boleta.ordinaryMinutes), 200)
  pair('Horas extras', hoursOf(boleta.overtimeMinutes), 400)
  y -= LINE * 1.4

  if (boleta.concepts.length) {
    const totals = boletaTotals(boleta.concepts)
    const totalOf: Record<ConceptKind, number> = {
      1: totals.incomeCents,
      2: totals.deductionCents,
      3: totals.employerCents,
    }
    const totalLabel: Record<ConceptKind, string> = {
      1: 'Total ingresos',
      2: 'Total descuentos',
      3: 'Total aportes del empleador',
    }
    for (const kind of [1, 2, 3] as const) {
      rule()
      text(conceptKind[kind].label, LEFT, { font: bold })
      y -= LINE
      const concepts = conceptsOfKind(boleta.concepts, kind)
      if (!concepts.length) {
        text('Sin conceptos', LEFT + 12)
        y -= LINE
      }
      for (const concept of concepts) {
        text(concept.code, LEFT + 12)
        text(concept.description.slice(0, 70), LEFT + 52)
        right(boletaMoney(concept.amountCents), RIGHT)
        y -= LINE
      }
      text(totalLabel[kind], LEFT + 52, { font: bold })
      right(boletaMoney(totalOf[kind]), RIGHT, bold)
      y -= LINE * 1.4
    }
    rule()
    text('Neto a pagar', LEFT, { font: bold, size: 11 })
    right(boletaMoney(totals.netCents), RIGHT, bold)
    y -= LINE
    text('Monto abonado', LEFT)
    right(boletaMoney(boleta.amountCents), RIGHT)
    y -= LINE
  } else {
    rule()
    text(NO_CONCEPTS_TEXT, LEFT)
    y -= LINE
    text('Monto abonado', LEFT, { font: bold, size: 11 })
    right(boletaMoney(boleta.amountCents), RIGHT, bold)
    y -= LINE
  }
  if (boleta.paidDate) {
    text(`Fecha de pago: ${formatDate(boleta.paidDate)}`, LEFT)
    y -= LINE
  }
  y = Math.min(y - LINE * 4, 140)
  for (const [x, label] of [
    [LEFT, 'Firma del empleador'],
    [330, 'Recibí conforme: firma del trabajador'],
  ] as const) {
    page.drawLine({ start: { x, y: y + LINE }, end: { x: x + 200, y: y + LINE }, thickness: 0.5 })
    text(label, x, { size: 8 })
  }
  return page
}

/** One boleta as its own PDF: what the download, the e-mail and each file of the ZIP carry. */
export async function boletaPdf(boleta: BoletaData): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(boletaTitle(boleta))
  doc.setProducer('Planillas')
  await drawBoleta(doc, boleta)
  return doc.save({ useObjectStreams: false })
}
