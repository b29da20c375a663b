import { signatureXml, ublOpening, escapeXml as x } from './retention-receipt'

/**
 * The resumen diario de reversiones (docs/decisions/retention-receipts.md, 'Reversal'): a CRE that
 * reached SUNAT or the OSE and is annulled afterwards (art. 7 R.S. 274-2015/SUNAT) is reported in a
 * summary of the day, `RR-<AAAAMMDD>-<n>`, whose lines name each reversed CRE (type 20, series,
 * number) and why. Its XML is UBL 2.0 `VoidedDocuments` as two public implementations write a
 * reversal (greenter's `Reversion` and project-openubl's `Reversion`, both the voided documents'
 * template under the `RR` prefix); like the CRE it is left unsigned: the company's OSE signs and
 * sends it. Every CRE of one summary was issued on the same day (`cbc:ReferenceDate`).
 */

/** 1 PENDIENTE (de envío), 2 ENVIADO. */
export const REVERSAL_STATUS = { PENDING: 1, SENT: 2 } as const
export const reversalStatusLabel = (status: number) =>
  status === REVERSAL_STATUS.SENT ? 'Enviado' : 'Pendiente de envío'

/** `RR-20261129-1`: the day the summary is made and its sequence that day for the company. */
export const reversalId = (issueDate: string, sequence: number) =>
  `RR-${issueDate.replaceAll('-', '')}-${sequence}`

export const reversalXmlFileName = (ruc: string, issueDate: string, sequence: number) =>
  `${ruc}-${reversalId(issueDate, sequence)}.xml`

export type Reversal = {
  issueDate: string
  sequence: number
  /** The issue date of every CRE it reverses. */
  referenceDate: string
  agent: { ruc: string; name: string }
  lines: { series: string; number: number; reason: string }[]
}

export const REVERSAL_MESSAGES = {
  nothingToReport: (date: string) =>
    `No hay comprobantes de retención enviados y anulados del ${date} por comunicar: ya están en un resumen o no existen`,
  changedMeanwhile: 'Otro usuario generó el resumen de reversiones a la vez; vuelva a consultar la lista',
  notPending: 'El resumen de reversiones ya fue marcado como enviado',
  sentOnBeforeIssue: (date: string) => `La fecha de envío no puede ser anterior al resumen (${date})`,
} as const

/** The summary as UBL 2.0 `VoidedDocuments` (urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1). */
export function reversalXml(reversal: Reversal): string {
  const ruc = x(reversal.agent.ruc)
  const lines = [
    ...ublOpening('VoidedDocuments'),
    `  <cbc:ID>${reversalId(reversal.issueDate, reversal.sequence)}</cbc:ID>`,
    `  <cbc:ReferenceDate>${reversal.referenceDate}</cbc:ReferenceDate>`,
    `  <cbc:IssueDate>${reversal.issueDate}</cbc:IssueDate>`,
    ...signatureXml(reversal.agent.ruc, reversal.agent.name),
    '  <cac:AccountingSupplierParty>',
    `    <cbc:CustomerAssignedAccountID>${ruc}</cbc:CustomerAssignedAccountID>`,
    '    <cbc:AdditionalAccountID>6</cbc:AdditionalAccountID>',
    '    <cac:Party>',
    `      <cac:PartyLegalEntity><cbc:RegistrationName>${x(reversal.agent.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '    </cac:Party>',
    '  </cac:AccountingSupplierParty>',
  ]
  for (const [i, line] of reversal.lines.entries())
    lines.push(
      '  <sac:VoidedDocumentsLine>',
      `    <cbc:LineID>${i + 1}</cbc:LineID>`,
      '    <cbc:DocumentTypeCode>20</cbc:DocumentTypeCode>',
      `    <sac:DocumentSerialID>${x(line.series)}</sac:DocumentSerialID>`,
      `    <sac:DocumentNumberID>${line.number}</sac:DocumentNumberID>`,
      `    <sac:VoidReasonDescription>${x(line.reason)}</sac:VoidReasonDescription>`,
      '  </sac:VoidedDocumentsLine>',
    )
  lines.push('</VoidedDocuments>', '')
  return lines.join('\n')
}
