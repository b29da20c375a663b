import { dayMonthYear } from '../common/date-input'
import { addDays } from '../common/dates'
import { centsToSoles } from '../common/money'
import { formatRate, solesOfForeign } from './exchange-rate'
import { CREDIT_NOTE_DOCUMENT, retentionBases } from './retention'

/**
 * The comprobante de retención electrónico (CRE, type 20) and the PDT 626 import file
 * (docs/decisions/retention-receipts.md). Content per Anexo 15 of R.S. 117-2017/SUNAT as quoted by
 * one source that is not public; the XML follows greenter's public Retention template (UBL 2.0 as
 * SUNAT profiles it) and is left unsigned: the company's OSE signs and sends it.
 */

/** 1 PENDIENTE (de envío), 2 ENVIADO, 3 ANULADO. */
export const CRE_STATUS = { PENDING: 1, SENT: 2, ANNULLED: 3 } as const
export const creStatus = {
  1: { code: 'PENDIENTE', label: 'Pendiente de envío' },
  2: { code: 'ENVIADO', label: 'Enviado' },
  3: { code: 'ANULADO', label: 'Anulado' },
} as const
export const creStatusLabel = (status: number) => creStatus[status as keyof typeof creStatus]?.label ?? ''

/** The series a company issues CREs under unless it sets another (SEE del contribuyente / OSE: R###). */
export const DEFAULT_CRE_SERIES = 'R001'
/** SUNAT catálogo 23: regime 01, tasa 3 %. */
export const CRE_REGIME = '01'
/** SUNAT document types a CRE may relate (01 factura, 07 nota de crédito, 08 nota de débito, 12 ticket). */
export const CRE_DOCUMENT_TYPES = ['01', '07', '08', '12'] as const

/**
 * The last day a CRE may reach SUNAT or the OSE: 7 calendar days counted from the day after its
 * issue (art. 36 R.S. 117-2017, one source, not public). Sent later it is not a CRE.
 */
export const creSendDeadline = (issueDate: string) => addDays(issueDate, 7)
export const creSendOverdue = (issueDate: string, today: string) => today > creSendDeadline(issueDate)

/** A voucher paid to the supplier in this payment, with what was withheld of it (céntimos, PEN). */
export type CrePaidVoucher = {
  id: number
  type: string
  series: string
  number: number
  issueDate: string
  currency: string
  totalCents: number
  creditsVoucherId: number | null
  retentionCents: number
  /** A dollar voucher: the SBS venta rate (thousandths) its retention was computed with at payment. */
  retentionExchangeRateMilli?: number | null
}

/** One related document of the CRE (Anexo 15). */
export type CreDocument = {
  voucherId: number
  type: string
  series: string
  number: number
  issueDate: string
  currency: string
  totalCents: number
  paymentDate: string
  /** 1: each voucher is paid once here (partial payments are not made). */
  paymentNumber: number
  /** Amount paid without the retention: the voucher's retention base (its total less credit notes paid with it). */
  paidCents: number
  retentionCents: number
  netCents: number
  /** A document in dollars: the payment in dollar cents and the rate (thousandths) and day that turned it into soles. */
  paidForeignCents: number | null
  exchangeRateMilli: number | null
  exchangeRateDay: string | null
}

/**
 * The related documents of the CRE for the vouchers paid together to one supplier: each voucher
 * that had IGV withheld, paid its retention base (total less the credit notes paid with it,
 * `retentionBases`) in one payment. A credit note lowers the base of the voucher it credits and is
 * not related on its own (it carries no payment); a voucher without retention is not related. A
 * voucher in dollars is paid its base in dollars, which its retention's rate turns into the soles
 * the totals are in (`rateDay`: the day that rate was published, the payment date's or the last before).
 */
export function creDocuments(
  vouchers: readonly CrePaidVoucher[],
  paymentDate: string,
  rateDay: string | null = null,
): CreDocument[] {
  const bases = retentionBases(vouchers)
  const documents: CreDocument[] = []
  vouchers.forEach((v, i) => {
    if (v.type === CREDIT_NOTE_DOCUMENT || v.retentionCents <= 0) return
    const rate = v.currency === 'PEN' ? null : (v.retentionExchangeRateMilli ?? null)
    if (v.currency !== 'PEN' && (rate === null || rateDay === null))
      throw new Error(`El comprobante ${v.series}-${v.number} en ${v.currency} no tiene tipo de cambio`)
    const paidCents = rate === null ? bases[i] : solesOfForeign(bases[i], rate)
    documents.push({
      voucherId: v.id,
      type: v.type,
      series: v.series,
      number: v.number,
      issueDate: v.issueDate,
      currency: v.currency,
      totalCents: v.totalCents,
      paymentDate,
      paymentNumber: 1,
      paidCents,
      retentionCents: v.retentionCents,
      netCents: paidCents - v.retentionCents,
      paidForeignCents: rate === null ? null : bases[i],
      exchangeRateMilli: rate,
      exchangeRateDay: rate === null ? null : rateDay,
    })
  })
  return documents
}

export type CreParty = { ruc: string; name: string }

/** A CRE as the XML and the PDT 626 file read it. */
export type Cre = {
  series: string
  number: number
  issueDate: string
  agent: CreParty & { address: string }
  supplier: CreParty
  regime: string
  rateBp: number
  /** Totals in PEN: paid without retention, retained, paid net. */
  paidCents: number
  retentionCents: number
  netCents: number
  documents: readonly CreDocument[]
}

/** Totals of a CRE's related documents. */
export function creTotals(documents: readonly CreDocument[]) {
  const sum = (key: 'paidCents' | 'retentionCents' | 'netCents') => documents.reduce((s, d) => s + d[key], 0)
  return { paidCents: sum('paidCents'), retentionCents: sum('retentionCents'), netCents: sum('netCents') }
}

/** 'R001-123': the CRE's series-number as the XML and SUNAT write it (number without zeros). */
export const creNumber = (series: string, number: number) => `${series}-${number}`

export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab and new line are not allowed in XML 1.0.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')

/**
 * The `cac:Signature` block of a SUNAT document the company's OSE signs: who signs (the issuer's
 * RUC and name) and where the signature will be (`#SIGN<RUC>`, in the empty extension).
 */
export function signatureXml(ruc: string, name: string): string[] {
  const r = escapeXml(ruc)
  return [
    '  <cac:Signature>',
    `    <cbc:ID>SIGN${r}</cbc:ID>`,
    '    <cac:SignatoryParty>',
    `      <cac:PartyIdentification><cbc:ID>${r}</cbc:ID></cac:PartyIdentification>`,
    `      <cac:PartyName><cbc:Name>${escapeXml(name)}</cbc:Name></cac:PartyName>`,
    '    </cac:SignatoryParty>',
    '    <cac:DigitalSignatureAttachment>',
    `      <cac:ExternalReference><cbc:URI>#SIGN${r}</cbc:URI></cac:ExternalReference>`,
    '    </cac:DigitalSignatureAttachment>',
    '  </cac:Signature>',
  ]
}

/**
 * The start of a SUNAT UBL 2.0 document whose root is `root` (its namespace `…:xsd:<root>-1`): the
 * XML declaration, the root with UBL's and SUNAT's namespaces, the empty extension the OSE's
 * signature goes in, and the UBL and customization versions.
 */
export const ublOpening = (root: 'Retention' | 'VoidedDocuments'): string[] => [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<${root} xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:${root}-1"` +
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"' +
    ' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"' +
    ' xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"' +
    ' xmlns:sac="urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1">',
  '  <ext:UBLExtensions>',
  '    <ext:UBLExtension>',
  '      <ext:ExtensionContent/>',
  '    </ext:UBLExtension>',
  '  </ext:UBLExtensions>',
  '  <cbc:UBLVersionID>2.0</cbc:UBLVersionID>',
  '  <cbc:CustomizationID>1.0</cbc:CustomizationID>',
]

const amount = (cents: number, currency = 'PEN') => `currencyID="${currency}">${centsToSoles(cents)}`

/** 300 basis points → '3.00'. */
const percent = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`

/**
 * The CRE as UBL 2.0 `Retention` (urn:sunat:names:specification:ubl:peru:schema:xsd:Retention-1),
 * element by element as greenter's public template writes it: the agent (issuer) and the supplier
 * with RUC (schemeID 6), regime and rate, the total retained (cbc:TotalInvoiceAmount) and the total
 * paid net (sac:SUNATTotalPaid) in PEN, and per related document its payment (cac:Payment: number,
 * amount paid without retention, date) and the retention (amount, date, net paid). The extension
 * that will hold the signature is empty: the OSE signs. All amounts are in PEN, so no exchange rate.
 */
export function retentionXml(cre: Cre): string {
  const x = escapeXml
  const ruc = x(cre.agent.ruc)
  const lines = [
    ...ublOpening('Retention'),
    ...signatureXml(cre.agent.ruc, cre.agent.name),
    `  <cbc:ID>${x(creNumber(cre.series, cre.number))}</cbc:ID>`,
    `  <cbc:IssueDate>${cre.issueDate}</cbc:IssueDate>`,
    '  <cac:AgentParty>',
    `    <cac:PartyIdentification><cbc:ID schemeID="6">${ruc}</cbc:ID></cac:PartyIdentification>`,
    `    <cac:PartyName><cbc:Name>${x(cre.agent.name)}</cbc:Name></cac:PartyName>`,
    '    <cac:PostalAddress>',
    `      <cbc:StreetName>${x(cre.agent.address)}</cbc:StreetName>`,
    '      <cac:Country><cbc:IdentificationCode>PE</cbc:IdentificationCode></cac:Country>',
    '    </cac:PostalAddress>',
    `    <cac:PartyLegalEntity><cbc:RegistrationName>${x(cre.agent.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '  </cac:AgentParty>',
    '  <cac:ReceiverParty>',
    `    <cac:PartyIdentification><cbc:ID schemeID="6">${x(cre.supplier.ruc)}</cbc:ID></cac:PartyIdentification>`,
    `    <cac:PartyLegalEntity><cbc:RegistrationName>${x(cre.supplier.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '  </cac:ReceiverParty>',
    `  <sac:SUNATRetentionSystemCode>${x(cre.regime)}</sac:SUNATRetentionSystemCode>`,
    `  <sac:SUNATRetentionPercent>${percent(cre.rateBp)}</sac:SUNATRetentionPercent>`,
    `  <cbc:TotalInvoiceAmount ${amount(cre.retentionCents)}</cbc:TotalInvoiceAmount>`,
    `  <sac:SUNATTotalPaid ${amount(cre.netCents)}</sac:SUNATTotalPaid>`,
  ]
  for (const d of cre.documents)
    lines.push(
      '  <sac:SUNATRetentionDocumentReference>',
      `    <cbc:ID schemeID="${x(d.type)}">${x(`${d.series}-${d.number}`)}</cbc:ID>`,
      `    <cbc:IssueDate>${d.issueDate}</cbc:IssueDate>`,
      `    <cbc:TotalInvoiceAmount ${amount(d.totalCents, x(d.currency))}</cbc:TotalInvoiceAmount>`,
      '    <cac:Payment>',
      `      <cbc:ID>${d.paymentNumber}</cbc:ID>`,
      `      <cbc:PaidAmount ${amount(d.paidForeignCents ?? d.paidCents, x(d.currency))}</cbc:PaidAmount>`,
      `      <cbc:PaidDate>${d.paymentDate}</cbc:PaidDate>`,
      '    </cac:Payment>',
      '    <sac:SUNATRetentionInformation>',
      `      <sac:SUNATRetentionAmount ${amount(d.retentionCents)}</sac:SUNATRetentionAmount>`,
      `      <sac:SUNATRetentionDate>${d.paymentDate}</sac:SUNATRetentionDate>`,
      `      <sac:SUNATNetTotalPaid ${amount(d.netCents)}</sac:SUNATNetTotalPaid>`,
      // A document in another currency: the rate that turned its payment into soles (greenter's retention template).
      ...(d.exchangeRateMilli !== null && d.exchangeRateDay
        ? [
            '      <cac:ExchangeRate>',
            `        <cbc:SourceCurrencyCode>${x(d.currency)}</cbc:SourceCurrencyCode>`,
            '        <cbc:TargetCurrencyCode>PEN</cbc:TargetCurrencyCode>',
            `        <cbc:CalculationRate>${formatRate(d.exchangeRateMilli)}</cbc:CalculationRate>`,
            `        <cbc:Date>${d.exchangeRateDay}</cbc:Date>`,
            '      </cac:ExchangeRate>',
          ]
        : []),
      '    </sac:SUNATRetentionInformation>',
      '  </sac:SUNATRetentionDocumentReference>',
    )
  lines.push('</Retention>', '')
  return lines.join('\n')
}

/** The XML's file name as SUNAT names a CPE: RUC-20-series-number.xml. */
export const retentionXmlFileName = (agentRuc: string, series: string, number: number) =>
  `${agentRuc}-20-${series}-${number}.xml`

/**
 * The PDT 626 import file of a month (`0626<RUC><AAAAMM>.TXT`). Layout from one source only: a
 * capture of the PDT's help (sunatin.pe, "PDT 0626 importar retenciones: estructuras"); whether the
 * PDT still accepts it for recent periods is unconfirmed. One line per related voucher, 14 fields,
 * each followed by '|': supplier RUC, razón social (≤ 40), apellido paterno, materno and nombres
 * (≤ 20 each; empty: our suppliers are registered by RUC and razón social), CRE series (≤ 4) and
 * number (≤ 8), CRE date dd/mm/aaaa, the payment amount (12 digits and 2 decimals: here the
 * voucher's amount paid without retention), voucher type, series, number (≤ 8), date and total.
 * The source does not say the line ending: lines end in CR LF, as a Windows program's files do.
 */
export const pdt626FileName = (agentRuc: string, period: string) => `0626${agentRuc}${period}.TXT`

/** A field as the PDT reads it: no '|' nor line breaks inside, cut to its width. */
const field626 = (text: string, width: number) =>
  text
    .replace(/[|\r\n]+/g, ' ')
    .trim()
    .slice(0, width)

export function pdt626Text(cres: readonly Cre[]): string {
  const lines: string[] = []
  for (const cre of cres)
    for (const d of cre.documents)
      lines.push(
        `${[
          cre.supplier.ruc,
          field626(cre.supplier.name, 40),
          '',
          '',
          '',
          cre.series,
          String(cre.number),
          dayMonthYear(cre.issueDate),
          centsToSoles(d.paidCents),
          d.type,
          d.series,
          String(d.number),
          dayMonthYear(d.issueDate),
          // The PDT has no currency field: a dollar voucher's total in soles at its payment's rate.
          centsToSoles(
            d.exchangeRateMilli === null ? d.totalCents : solesOfForeign(d.totalCents, d.exchangeRateMilli),
          ),
        ].join('|')}|`,
      )
  return lines.map((l) => `${l}\r\n`).join('')
}

/** Windows-1252's own characters in 0x80–0x9F (where Latin-1 has control codes). */
const WINDOWS_1252_EXTRA = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'].map((ch, i) => [ch, 0x80 + i]),
)

/**
 * The file's bytes in Windows-1252 (the PDT is a Windows program and supplier names carry Ñ and
 * accents, which ASCII would lose): every character up to U+00FF other than the C1 controls is the
 * same byte in Latin-1 and Windows-1252, and '€', '–', '“'… have their own bytes; any other is
 * written without its accent when that leaves an ASCII letter, else as '?'.
 */
export function pdt626Bytes(text: string): Uint8Array {
  const bytes: number[] = []
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f
    const extra = WINDOWS_1252_EXTRA.get(ch)
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code)
    else if (extra !== undefined && !/[\u0080-\u009f]/.test(ch)) bytes.push(extra)
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      bytes.push(bare.length === 1 && bare.charCodeAt(0) < 0x80 ? bare.charCodeAt(0) : 0x3f)
    }
  }
  return Uint8Array.from(bytes)
}

export const CRE_MESSAGES = {
  notFound: 'El comprobante de retención no existe',
  changedMeanwhile: (status: number) =>
    `El comprobante de retención cambió mientras tanto: ahora está ${creStatusLabel(status).toUpperCase()}`,
  notPending: (status: number) =>
    `Solo un comprobante de retención pendiente de envío se puede marcar como enviado; este está ${creStatusLabel(status).toUpperCase()}`,
  alreadyAnnulled: 'El comprobante de retención ya está anulado',
  sentOnBeforeIssue: (issue: string) =>
    `La fecha de envío no puede ser anterior a la emisión del comprobante (${dayMonthYear(issue)})`,
  sentOnFuture: 'La fecha de envío no puede ser posterior a hoy',
  reasonRequired: 'Indique el motivo de la anulación',
  period: 'Indique el periodo como AAAAMM (por ejemplo 202611)',
  noCompany: 'Indique la empresa',
} as const
