import { readFileSync } from 'node:fs'
import { centsToSoles as soles } from '@planillas/domain'

/** Public sample CPEs (testing/fixtures/cpe, see its NOTICE), byte for byte. */
export const CPE_FIXTURES_DIR = new URL('../fixtures/cpe/', import.meta.url)
export const cpeFixture = (name: string) => readFileSync(new URL(name, CPE_FIXTURES_DIR))

export type CpeVariant = {
  supplierRuc: string
  companyRuc: string
  series?: string
  number: number | string
  issueDate: string
  /** Both instalments fall due on this day (the voucher's due date). */
  dueDate: string
  baseCents?: number
  igvCents?: number
}

/**
 * greenter's factura on credit (`greenter-invoice21-credito.xml`) with its parties, number, dates and
 * amounts changed: what a supplier of the test database would send. Only values change, never the
 * structure, so what the sample proves about the layout holds for the variant.
 */
export function cpeVariant(v: CpeVariant): Buffer {
  const base = v.baseCents ?? 100_000
  const igv = v.igvCents ?? 18_000
  const total = base + igv
  const first = Math.floor(total / 2)
  const xml = cpeFixture('greenter-invoice21-credito.xml')
    .toString('utf8')
    .replaceAll('20123456789', v.supplierRuc)
    .replace('<cbc:ID schemeID="6">20000000001</cbc:ID>', `<cbc:ID schemeID="6">${v.companyRuc}</cbc:ID>`)
    .replace('<cbc:ID>F001-123</cbc:ID>', `<cbc:ID>${v.series ?? 'F001'}-${v.number}</cbc:ID>`)
    .replace('<cbc:IssueDate>2026-11-02</cbc:IssueDate>', `<cbc:IssueDate>${v.issueDate}</cbc:IssueDate>`)
    .replaceAll(/<cbc:PaymentDueDate>[^<]*</g, `<cbc:PaymentDueDate>${v.dueDate}<`)
    .replaceAll('>236.00<', `>${soles(total)}<`)
    .replaceAll('>200.00<', `>${soles(base)}<`)
    .replaceAll('>36.00<', `>${soles(igv)}<`)
    .replace('>100.13<', `>${soles(first)}<`)
    .replace('>135.87<', `>${soles(total - first)}<`)
  return Buffer.from(xml, 'utf8')
}

export type CpeDetractionVariant = Omit<CpeVariant, 'baseCents' | 'igvCents'> & {
  /** The declared SPOT code, percentage (as written, '12.00') and amount; the sample's 037, 12.00, 141.60. */
  spotCode?: string
  percent?: string
  amountCents?: number
  /** The amount on credit and the two instalments; the sample's 1,038.40 = 500.00 + 538.40. */
  creditCents?: number
  instalmentCents?: [number, number]
}

/**
 * greenter's factura with the detracción block (`greenter-invoice21-detraccion.xml`: S/ 1,180.00 on
 * credit in two instalments, code 037 at 12 %) with its parties, number, dates and the declared
 * detracción and instalments changed. Only values change, never the structure.
 */
export function cpeDetractionVariant(v: CpeDetractionVariant): Buffer {
  const [first, second] = v.instalmentCents ?? [50_000, 53_840]
  const xml = cpeFixture('greenter-invoice21-detraccion.xml')
    .toString('utf8')
    .replaceAll('20123456789', v.supplierRuc)
    .replace('<cbc:ID schemeID="6">20000000001</cbc:ID>', `<cbc:ID schemeID="6">${v.companyRuc}</cbc:ID>`)
    .replace('<cbc:ID>F001-124</cbc:ID>', `<cbc:ID>${v.series ?? 'F001'}-${v.number}</cbc:ID>`)
    .replace('<cbc:IssueDate>2026-11-02</cbc:IssueDate>', `<cbc:IssueDate>${v.issueDate}</cbc:IssueDate>`)
    .replaceAll(/<cbc:PaymentDueDate>[^<]*</g, `<cbc:PaymentDueDate>${v.dueDate}<`)
    .replace('<cbc:PaymentMeansID>037<', `<cbc:PaymentMeansID>${v.spotCode ?? '037'}<`)
    .replace('<cbc:PaymentPercent>12.00<', `<cbc:PaymentPercent>${v.percent ?? '12.00'}<`)
    .replace('>141.60<', `>${soles(v.amountCents ?? 14_160)}<`)
    .replace('>1038.40<', `>${soles(v.creditCents ?? first + second)}<`)
    .replace('>500.00<', `>${soles(first)}<`)
    .replace('>538.40<', `>${soles(second)}<`)
  return Buffer.from(xml, 'utf8')
}

/** An XML without its instalments (`CuotaNNN` terms): a Crédito that the reader refuses. */
export const withoutInstalments = (xml: Buffer) =>
  Buffer.from(
    xml
      .toString('utf8')
      .replaceAll(
        /<cac:PaymentTerms><cbc:ID>FormaPago<\/cbc:ID><cbc:PaymentMeansID>Cuota\d{3}<.*?<\/cac:PaymentTerms>/g,
        '',
      ),
    'utf8',
  )

/** The detracción block greenter's factura with detracción declares: code 037 at 12 %, S/ 141.60 to BN. */
export const GREENTER_DETRACTION = {
  spotCode: '037',
  percentBp: 1200,
  amountCents: 14_160,
  account: '00-000-123456',
  meansCode: '001',
}

/**
 * All that sample declares about its payment, as a reader should give it back: the detracción block,
 * Crédito for S/ 1,038.40 and its two cuotas, due on the sample's own days unless `cpeDetractionVariant`
 * changed them.
 */
export const greenterDetractionTerms = (firstDue = '2026-12-02', secondDue = '2027-01-01') => ({
  detraction: GREENTER_DETRACTION,
  paymentForm: { kind: 'Credito', amountCents: 103_840 },
  instalments: [
    { label: 'Cuota001', amountCents: 50_000, dueDate: firstDue },
    { label: 'Cuota002', amountCents: 53_840, dueDate: secondDue },
  ],
})
