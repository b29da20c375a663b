import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { auditLogs, companies, retentionReceiptDocuments, retentionReceipts } from '@planillas/db'
import { CRE_STATUS, REVERSAL_MESSAGES } from '@planillas/domain'
import {
  approvedVoucher,
  createSupplier,
  paymentFixturesPerFile,
  step,
  TODAY,
} from '@planillas/testing/api/payments'
import { child, parseXml, text } from '@planillas/testing/xml-tree'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The resumen diario de reversiones (docs/decisions/retention-receipts.md, 'Reversal'): a CRE sent
 * and then annulled is reported once, in a summary RR-AAAAMMDD-n whose XML passes SUNAT's
 * VoidedDocuments schema; a CRE annulled before it was sent needs none.
 */
const { t, fx } = paymentFixturesPerFile()
let agentRuc: string
const PERIOD = TODAY.slice(0, 7).replace('-', '')
const RR = `RR-${TODAY.replaceAll('-', '')}`
const XSD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../formats/xsd/retention-2.0/maindoc/UBL-VoidedDocuments-2.0.xsd',
)

/** A voucher of the agent company paid by hand (S/ 1,180.00, S/ 35.40 withheld): its CRE. */
async function paidCre(supplierId: number) {
  const voucher = await approvedVoucher(t, fx, supplierId)
  const paid = await step(t, 'tesoreria', voucher, 'pay', { paidAmount: '1144.60', paidOn: TODAY })
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  const [cre] = await t.handle.db
    .select({ id: retentionReceipts.id, series: retentionReceipts.series, number: retentionReceipts.number })
    .from(retentionReceipts)
    .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
    .where(eq(retentionReceiptDocuments.voucherId, voucher))
  return cre
}

const call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  who: 'tesoreria' | 'lector' = 'tesoreria',
) => t.call(who, { method, url: `/api/v1/retention-receipts${url}`, payload: payload as object })
const sendCre = (id: number) => call('POST', `/${id}/send`, { sentOn: TODAY })
const annulCre = (id: number, reason: string) => call('POST', `/${id}/annul`, { reason })
const list = async () => (await call('GET', `/reversals?period=${PERIOD}`)).body.payload

beforeAll(async () => {
  ;[{ ruc: agentRuc }] = await t.handle.db
    .select({ ruc: companies.ruc })
    .from(companies)
    .where(eq(companies.id, fx.agentCompanyId))
})

describe('resumen diario de reversiones', () => {
  const cres: { id: number; series: string; number: number }[] = []

  it('lists what is to report: sent and then annulled, not what was annulled before it was sent', async () => {
    const supplier = await createSupplier(t, { name: 'Ñandú & Hijos S.A.C.' })
    for (let i = 0; i < 3; i++) cres.push(await paidCre(supplier))
    // Two sent, then annulled; the third annulled before it was ever sent.
    for (const cre of cres.slice(0, 2)) expect((await sendCre(cre.id)).status).toBe(200)
    expect((await annulCre(cres[0].id, 'Se pagó a otro proveedor')).status).toBe(200)
    expect((await annulCre(cres[1].id, 'Datos del proveedor <errados> & corregidos')).status).toBe(200)
    expect((await annulCre(cres[2].id, 'Nunca se envió')).status).toBe(200)
    const { pending, summaries } = await list()
    expect(summaries).toEqual([])
    expect(pending).toEqual([
      {
        companyId: fx.agentCompanyId,
        companyName: 'Empresa Agente S.A.',
        referenceDate: TODAY,
        receipts: [
          { id: cres[0].id, series: 'R001', number: cres[0].number, reason: 'Se pagó a otro proveedor' },
          {
            id: cres[1].id,
            series: 'R001',
            number: cres[1].number,
            reason: 'Datos del proveedor <errados> & corregidos',
          },
        ],
      },
    ])
  })

  it('two clerks at once: one summary RR-<today>-1 with both, the other a 409, audited', async () => {
    const body = { companyId: fx.agentCompanyId, referenceDate: TODAY }
    const answers = await Promise.all([call('POST', '/reversals', body), call('POST', '/reversals', body)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const won = answers.find((a) => a.status === 200)
    expect(won?.body.messages).toEqual([`Se generó el resumen de reversiones ${RR}-1 con 2 comprobantes`])
    const lost = answers.find((a) => a.status === 409)
    expect(lost?.body.messages).toEqual([
      expect.stringMatching(/^(No hay comprobantes de retención enviados y anulados|Otro usuario generó)/),
    ])
    const { pending, summaries } = await list()
    expect(pending).toEqual([])
    expect(summaries).toMatchObject([
      {
        code: `${RR}-1`,
        issueDate: TODAY,
        referenceDate: TODAY,
        receipts: [`R001-${cres[0].number}`, `R001-${cres[1].number}`],
        status: 1,
        sentOn: null,
        createdBy: 'tesoreria@planillas.pe',
      },
    ])
    const [audit] = await t.handle.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'retention-reversals'), eq(auditLogs.entityId, String(summaries[0].id))),
      )
    expect(audit.description).toContain(`Generó el resumen de reversiones ${RR}-1`)
    // Nothing left to report: a second summary is refused, in Spanish.
    const again = await call('POST', '/reversals', body)
    expect(again.status).toBe(409)
    expect(again.body.messages[0]).toBe(
      REVERSAL_MESSAGES.nothingToReport(TODAY.split('-').reverse().join('/')),
    )
    const [annulled] = await t.handle.db
      .select({ status: retentionReceipts.status, reversalId: retentionReceipts.reversalId })
      .from(retentionReceipts)
      .where(eq(retentionReceipts.id, cres[2].id))
    expect(annulled).toEqual({ status: CRE_STATUS.ANNULLED, reversalId: null })
  })

  it('its XML reads back line by line and passes SUNAT’s VoidedDocuments schema', async () => {
    const [{ id }] = (await list()).summaries
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/retention-receipts/reversals/${id}/xml`,
      headers: await t.as('tesoreria'),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(`${agentRuc}-${RR}-1.xml`)
    const root = parseXml(res.body)
    expect(root.name).toBe('VoidedDocuments')
    expect(root.attributes.xmlns).toBe('urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1')
    expect(text(root, 'cbc:ID')).toBe(`${RR}-1`)
    expect(text(root, 'cbc:ReferenceDate')).toBe(TODAY)
    expect(text(root, 'cbc:IssueDate')).toBe(TODAY)
    expect(text(root, 'cac:AccountingSupplierParty', 'cbc:CustomerAssignedAccountID')).toBe(agentRuc)
    expect(text(root, 'cac:AccountingSupplierParty', 'cbc:AdditionalAccountID')).toBe('6')
    const lines = root.children.filter((c) => c.name === 'sac:VoidedDocumentsLine')
    expect(
      lines.map((l) => [
        text(l, 'cbc:LineID'),
        text(l, 'cbc:DocumentTypeCode'),
        text(l, 'sac:DocumentSerialID'),
        text(l, 'sac:DocumentNumberID'),
        text(l, 'sac:VoidReasonDescription'),
      ]),
    ).toEqual([
      ['1', '20', 'R001', String(cres[0].number), 'Se pagó a otro proveedor'],
      ['2', '20', 'R001', String(cres[1].number), 'Datos del proveedor <errados> & corregidos'],
    ])
    expect(child(root, 'ext:UBLExtensions', 'ext:UBLExtension', 'ext:ExtensionContent').children).toEqual([])
    expect(spawnSync('xmllint', ['--version']).status, 'xmllint: bash scripts/install/libxml2.sh').toBe(0)
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rr-')), 'rr.xml')
    writeFileSync(file, res.body)
    expect(() => execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' })).not.toThrow()
    // The schema is not a formality: without its lines the summary fails it.
    writeFileSync(
      file,
      res.body.replace(/ {2}<sac:VoidedDocumentsLine>[\s\S]*<\/sac:VoidedDocumentsLine>\n/, ''),
    )
    expect(spawnSync('xmllint', ['--noout', '--schema', XSD, file]).status).not.toBe(0)
  })

  it('is marked sent once, by who may pay; answers 404, 400 and 403 in Spanish', async () => {
    const [{ id }] = (await list()).summaries
    expect((await call('POST', `/reversals/${id}/send`, { sentOn: TODAY }, 'lector')).status).toBe(403)
    expect((await call('POST', `/reversals/${id}/send`, { sentOn: '2000-01-01' })).status).toBe(400)
    expect((await call('POST', `/reversals/${id}/send`, { sentOn: TODAY })).status).toBe(200)
    const twice = await call('POST', `/reversals/${id}/send`, { sentOn: TODAY })
    expect(twice.status).toBe(409)
    expect(twice.body.messages).toEqual([REVERSAL_MESSAGES.notPending])
    expect((await list()).summaries[0]).toMatchObject({ status: 2, sentOn: TODAY })
    expect((await call('GET', '/reversals/999999/xml')).status).toBe(404)
    expect((await call('GET', '/reversals?period=2026-11')).status).toBe(400)
    const bad = await call('POST', '/reversals', { companyId: 'x', referenceDate: '31/12/2026' })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(
      expect.arrayContaining(['La empresa es requerida', 'La fecha de los comprobantes es inválida']),
    )
  })
})
