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
