import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  auditLogs,
  companies,
  paymentOrderVouchers,
  retentionReceiptDocuments,
  retentionReceipts,
  suppliers,
} from '@planillas/db'
import { CRE_STATUS } from '@planillas/domain'
import {
  approvedVoucher,
  createSupplier,
  multipart,
  paymentFixturesPerFile,
  runAccounts,
  step,
  supplierRunId,
  TODAY,
} from '@planillas/testing/api/payments'
import { paymentsWorkbook } from '@planillas/testing/payment-fixtures'
import { child, parseXml, text } from '@planillas/testing/xml-tree'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { silentLogger, type WorkerContext } from '../context'
import { processPaymentImport } from './payment-import'

/**
 * Comprobantes de retención electrónicos (docs/decisions/retention-receipts.md): issued by the
 * payments that withhold IGV (a run's abonos, a voucher paid by hand), their XML read back and
 * validated against SUNAT's schema, the PDT 626 file read back field by field, and their life.
 */

const { t, fx } = paymentFixturesPerFile()
let ctx: WorkerContext
let agentAccountId = 0
let plainAccountId = 0
let agent: { ruc: string; name: string }
const PERIOD = TODAY.slice(0, 7).replace('-', '')
const XSD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../formats/xsd/retention-2.0/maindoc/UBL-Retention-2.0.xsd',
)

beforeAll(async () => {
  ;({ agent: agentAccountId, plain: plainAccountId } = await runAccounts(t, fx))
  ;[agent] = await t.handle.db
    .select({ ruc: companies.ruc, name: companies.name })
    .from(companies)
    .where(eq(companies.id, fx.agentCompanyId))
  ctx = { db: t.handle.db, storage: t.storage(), log: silentLogger }
})

const approved = (supplierId: number, fields: Record<string, string | number> = {}) =>
  approvedVoucher(t, fx, supplierId, fields)

const run = (voucherIds: number[], companyAccountId = agentAccountId) =>
  supplierRunId(t, { voucherIds, companyAccountId })

/** Uploads the bank's abonos paying every supplier line of the run its net, and applies them. */
async function payRun(orderId: number) {
  const lines = await t.handle.db
    .select({ ruc: suppliers.ruc, net: sql<string>`sum(${paymentOrderVouchers.netCents})::text` })
    .from(paymentOrderVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentOrderVouchers.supplierId))
    .where(eq(paymentOrderVouchers.orderId, orderId))
    .groupBy(suppliers.ruc, paymentOrderVouchers.supplierId)
    .orderBy(asc(paymentOrderVouchers.supplierId))
  const rows = lines.map((l, i) => [6, l.ruc, Number(l.net) / 100, `OP-${orderId}-${i}`, null])
  const file = await paymentsWorkbook(rows)
  const res = await t.call('tesoreria', {
    method: 'POST',
    url: '/api/v1/payment-batches/suppliers',
    ...(await multipart(
      { orderNumber: orderId, paymentDate: TODAY, description: 'Abonos' },
      { file: { name: 'abonos-proveedores.xlsx', content: file } },
    )),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(await processPaymentImport({ batchId: res.body.payload.id }, ctx)).toMatchObject({
    outcome: 'applied',
    matched: lines.length,
  })
}

const receiptsWhere = (where: ReturnType<typeof eq>) =>
  t.handle.db.select().from(retentionReceipts).where(where).orderBy(asc(retentionReceipts.number))
const documentsOf = (receiptId: number) =>
  t.handle.db
    .select()
    .from(retentionReceiptDocuments)
    .where(eq(retentionReceiptDocuments.receiptId, receiptId))
    .orderBy(asc(retentionReceiptDocuments.voucherId))

/** A download: status, headers and bytes. */
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.as('tesoreria') })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.body }
}

describe('comprobantes de retención electrónicos (CRE)', () => {
  const ids: Record<string, number> = {}

  it('a run paying two suppliers with retention issues two CREs with consecutive numbers; one without retention none', async () => {
    const a = await createSupplier(t, { name: 'Ánfora Ñandú S.A.C.' })
    const b = await createSupplier(t, { name: 'Beta & Hijos S.R.L.' })
    const good = await createSupplier(t, { goodTaxpayer: true })
    ids.a = a
    ids.b = b
    const a1 = await approved(a)
    const a2 = await approved(a, { base: '338.98', igv: '61.02', total: '400.00' })
    const b1 = await approved(b, { base: '2000.00', igv: '360.00', total: '2360.00' })
    const g1 = await approved(good)
    const orderId = await run([a1, a2, b1, g1])
    await payRun(orderId)

    const cres = await receiptsWhere(eq(retentionReceipts.orderId, orderId))
    expect(cres.map((c) => [c.supplierId, c.series, c.status, c.issueDate, c.rateBp])).toEqual([
      [a, 'R001', CRE_STATUS.PENDING, TODAY, 300],
      [b, 'R001', CRE_STATUS.PENDING, TODAY, 300],
    ])
    expect(cres[1].number).toBe(cres[0].number + 1)
    // A: 1,180.00 and 400.00 paid together (S/ 1,580.00 > 700): 3 % of each.
    expect([cres[0].paidCents, cres[0].retentionCents, cres[0].netCents]).toEqual([158_000, 4_740, 153_260])
    expect([cres[1].paidCents, cres[1].retentionCents, cres[1].netCents]).toEqual([236_000, 7_080, 228_920])
    const docs = await documentsOf(cres[0].id)
    expect(
      docs.map((d) => [
        d.voucherId,
        d.type,
        d.currency,
        d.totalCents,
        d.paymentDate,
        d.paymentNumber,
        d.paidCents,
        d.retentionCents,
        d.netCents,
      ]),
    ).toEqual([
      [a1, '01', 'PEN', 118_000, TODAY, 1, 118_000, 3_540, 114_460],
      [a2, '01', 'PEN', 40_000, TODAY, 1, 40_000, 1_200, 38_800],
    ])
    const [audit] = await t.handle.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'retention-receipts'), eq(auditLogs.entityId, String(cres[0].id))))
    expect(audit.description).toBe(
      `Emitió el comprobante de retención R001-${cres[0].number} del ${TODAY.split('-').reverse().join('/')}: 2 comprobantes, pagado S/ 1,580.00, retenido S/ 47.40, neto S/ 1,532.60 (orden de pago N° ${orderId})`,
    )
    ids.runA = cres[0].id
    ids.runB = cres[1].id

    // The company that is not a retention agent: its run withholds nothing and issues no CRE.
    const plain = await approved(a, { companyId: fx.companyId })
    const plainRun = await run([plain], plainAccountId)
    await payRun(plainRun)
    expect(await receiptsWhere(eq(retentionReceipts.orderId, plainRun))).toEqual([])
  })

  it('a voucher paid by hand with retention issues one CRE with the next number', async () => {
    const v = await approved(ids.b, { base: '1500.00', igv: '270.00', total: '1770.00' })
    const [last] = await t.handle.db
      .select({ n: sql<number>`max(${retentionReceipts.number})::int` })
      .from(retentionReceipts)
    const paid = await step(t, 'tesoreria', v, 'pay', { paidAmount: '1716.90', paidOn: TODAY })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const [cre] = await t.handle.db
      .select()
      .from(retentionReceipts)
      .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
      .where(eq(retentionReceiptDocuments.voucherId, v))
    expect(cre.retention_receipts).toMatchObject({
      number: last.n + 1,
      orderId: null,
      supplierId: ids.b,
      paidCents: 177_000,
      retentionCents: 5_310,
      netCents: 171_690,
    })
    ids.hand = cre.retention_receipts.id
  })

  it("the company's own series: set on the company, the next CRE is its first number", async () => {
    const put = (retentionSeries: string) =>
      t.call('admin', {
        method: 'PUT',
        url: `/api/v1/companies/${fx.agentCompanyId}`,
        payload: { name: agent.name, address: 'Av. Lima 2', retentionSeries },
      })
    const bad = await put('F001')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain(
      "La serie de comprobantes de retención debe ser 'R' y 3 letras o dígitos (por ejemplo R001)",
    )
    expect((await put('r007')).status).toBe(200)
    const v = await approved(ids.a)
    expect((await step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })).status).toBe(200)
    const [cre] = await t.handle.db
      .select({
        id: retentionReceipts.id,
        series: retentionReceipts.series,
        number: retentionReceipts.number,
      })
      .from(retentionReceipts)
      .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
      .where(eq(retentionReceiptDocuments.voucherId, v))
    expect([cre.series, cre.number]).toEqual(['R007', 1])
    // Back to R001 for the rest; this CRE is annulled so the month's file is R001's alone.
    expect((await put('R001')).status).toBe(200)
    const annul = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/retention-receipts/${cre.id}/annul`,
      payload: { reason: 'Serie de prueba' },
    })
    expect(annul.status).toBe(200)
  })

  it('two payers at once never get the same number', async () => {
    const vouchers: number[] = []
    for (let i = 0; i < 4; i++) vouchers.push(await approved(await createSupplier(t)))
    const results = await Promise.all(
      vouchers.map((v) => step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })),
    )
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const rows = await t.handle.db
      .select({ number: retentionReceipts.number })
      .from(retentionReceipts)
      .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
      .where(inArray(retentionReceiptDocuments.voucherId, vouchers))
    const numbers = rows.map((r) => r.number).sort((x, y) => x - y)
    expect(new Set(numbers).size).toBe(4)
    expect(numbers[3] - numbers[0]).toBe(3)
    // And straight against the counter: two transactions at once, each takes its own number.
    const { nextRetentionReceiptNumber } = await import('@planillas/db')
    const both = await Promise.all(
      [0, 1].map(() =>
        t.handle.db.transaction(async (tx) => {
          const n = await nextRetentionReceiptNumber(tx, fx.agentCompanyId, 'R002')
          await new Promise((resolve) => setTimeout(resolve, 50))
          return n
        }),
      ),
    )
    expect(both.sort()).toEqual([1, 2])
  })

  it('the XML reads back with every amount, number and RUC, and passes SUNAT’s schema', async () => {
    const [cre] = await receiptsWhere(eq(retentionReceipts.id, ids.runA))
    const [supplier] = await t.handle.db.select().from(suppliers).where(eq(suppliers.id, ids.a))
    const res = await download(`/api/v1/retention-receipts/${cre.id}/xml`)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${agent.ruc}-20-R001-${cre.number}.xml"`,
    )
    const xml = res.bytes.toString('utf8')
    const root = parseXml(xml)
    expect(root.name).toBe('Retention')
    expect(root.attributes.xmlns).toBe('urn:sunat:names:specification:ubl:peru:schema:xsd:Retention-1')
    expect(text(root, 'cbc:UBLVersionID')).toBe('2.0')
    expect(text(root, 'cbc:ID')).toBe(`R001-${cre.number}`)
    expect(text(root, 'cbc:IssueDate')).toBe(TODAY)
    expect(text(root, 'cac:AgentParty', 'cac:PartyIdentification', 'cbc:ID')).toBe(agent.ruc)
    expect(child(root, 'cac:AgentParty', 'cac:PartyIdentification', 'cbc:ID').attributes.schemeID).toBe('6')
    expect(text(root, 'cac:AgentParty', 'cac:PartyLegalEntity', 'cbc:RegistrationName')).toBe(agent.name)
    expect(text(root, 'cac:ReceiverParty', 'cac:PartyIdentification', 'cbc:ID')).toBe(supplier.ruc)
    expect(text(root, 'cac:ReceiverParty', 'cac:PartyLegalEntity', 'cbc:RegistrationName')).toBe(
      'Ánfora Ñandú S.A.C.',
    )
    expect(text(root, 'sac:SUNATRetentionSystemCode')).toBe('01')
    expect(text(root, 'sac:SUNATRetentionPercent')).toBe('3.00')
    expect(text(root, 'cbc:TotalInvoiceAmount')).toBe('47.40')
    expect(child(root, 'cbc:TotalInvoiceAmount').attributes.currencyID).toBe('PEN')
    expect(text(root, 'sac:SUNATTotalPaid')).toBe('1532.60')
    const docs = root.children.filter((c) => c.name === 'sac:SUNATRetentionDocumentReference')
    const voucherRows = await documentsOf(cre.id)
    expect(
      docs.map((d) => [
        child(d, 'cbc:ID').attributes.schemeID,
        text(d, 'cbc:ID'),
        text(d, 'cbc:IssueDate'),
        text(d, 'cbc:TotalInvoiceAmount'),
        text(d, 'cac:Payment', 'cbc:ID'),
        text(d, 'cac:Payment', 'cbc:PaidAmount'),
        text(d, 'cac:Payment', 'cbc:PaidDate'),
        text(d, 'sac:SUNATRetentionInformation', 'sac:SUNATRetentionAmount'),
        text(d, 'sac:SUNATRetentionInformation', 'sac:SUNATRetentionDate'),
        text(d, 'sac:SUNATRetentionInformation', 'sac:SUNATNetTotalPaid'),
      ]),
    ).toEqual([
      [
        '01',
        `F001-${voucherRows[0].number}`,
        TODAY,
        '1180.00',
        '1',
        '1180.00',
        TODAY,
        '35.40',
        TODAY,
        '1144.60',
      ],
      [
        '01',
        `F001-${voucherRows[1].number}`,
        TODAY,
        '400.00',
        '1',
        '400.00',
        TODAY,
        '12.00',
        TODAY,
        '388.00',
      ],
    ])

    // SUNAT's Retention schema with the UBL 2.0 common schemas (formats/xsd/), through xmllint.
    const hasXmllint = spawnSync('xmllint', ['--version']).status === 0
    if (!hasXmllint && process.env.CI === 'true')
      throw new Error(
        'xmllint no está instalado: scripts/install/libxml2.sh debe correr antes de las pruebas',
      )
    expect(hasXmllint, 'xmllint (libxml2-utils) is needed: bash scripts/install/libxml2.sh').toBe(true)
    const dir = mkdtempSync(path.join(tmpdir(), 'cre-'))
    const file = path.join(dir, 'cre.xml')
    writeFileSync(file, xml)
    expect(() => execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' })).not.toThrow()
    // The schema is really applied: a CRE without its related documents fails it.
    const broken = xml.replace(
      /<sac:SUNATRetentionDocumentReference>[\s\S]*<\/sac:SUNATRetentionDocumentReference>\n/,
      '',
    )
    writeFileSync(file, broken)
    expect(spawnSync('xmllint', ['--noout', '--schema', XSD, file]).status).not.toBe(0)
  })

  it('lists the month, marks one sent and annuls another (409 naming the state), audited', async () => {
    const list = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retention-receipts?period=${PERIOD}`,
    })
    expect(list.status).toBe(200)
    const rows = list.body.payload as {
      id: number
      status: number
      overdue: boolean
      documentCount: number
      documents: string[]
    }[]
    const runA = rows.find((r) => r.id === ids.runA)
    expect(runA).toMatchObject({ status: 1, overdue: false, documentCount: 2 })
    const docs = await documentsOf(ids.runA)
    expect(runA?.documents).toEqual(docs.map((d) => `01 F001-${d.number}`))

    expect((await download('/api/v1/retention-receipts/999999/xml')).status).toBe(404)
    expect((await download('/api/v1/retention-receipts/abc/xml')).status).toBe(400)
    const bad = await t.call('tesoreria', { method: 'GET', url: '/api/v1/retention-receipts?period=2026-11' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('El periodo debe ser AAAAMM')

    const send = (id: number, sentOn: string) =>
      t.call('tesoreria', {
        method: 'POST',
        url: `/api/v1/retention-receipts/${id}/send`,
        payload: { sentOn },
      })
    const annul = (id: number, reason: string) =>
      t.call('tesoreria', {
        method: 'POST',
        url: `/api/v1/retention-receipts/${id}/annul`,
        payload: { reason },
      })
    expect((await send(ids.runA, '2000-01-01')).body.messages).toEqual([
      expect.stringContaining('La fecha de envío no puede ser anterior a la emisión del comprobante'),
    ])
    expect((await send(ids.runA, TODAY)).status).toBe(200)
    const again = await send(ids.runA, TODAY)
    expect(again.status).toBe(409)
    expect(again.body.messages).toEqual([
      'Solo un comprobante de retención pendiente de envío se puede marcar como enviado; este está ENVIADO',
    ])
    expect(
      (
        await t.call('lector', {
          method: 'POST',
          url: `/api/v1/retention-receipts/${ids.hand}/annul`,
          payload: { reason: 'Error de datos' },
        })
      ).status,
    ).toBe(403)
    expect((await annul(ids.hand, 'Se pagó a otro proveedor')).status).toBe(200)
    const twice = await annul(ids.hand, 'Se pagó a otro proveedor')
    expect(twice.status).toBe(409)
    expect(twice.body.messages).toEqual(['El comprobante de retención ya está anulado'])
    const [annulled] = await receiptsWhere(eq(retentionReceipts.id, ids.hand))
    expect(annulled).toMatchObject({
      status: CRE_STATUS.ANNULLED,
      annulReason: 'Se pagó a otro proveedor',
      annulledBy: 'tesoreria@planillas.pe',
    })
    const audits = await t.handle.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'retention-receipts'), eq(auditLogs.entityId, String(ids.hand))))
      .orderBy(asc(auditLogs.id))
    expect(audits.at(-1)?.description).toBe(
      `Anuló el comprobante de retención R001-${annulled.number}: Se pagó a otro proveedor (PENDIENTE DE ENVÍO → ANULADO)`,
    )
    const sentOnly = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retention-receipts?period=${PERIOD}&status=2`,
    })
    expect(sentOnly.body.payload.map((r: { id: number }) => r.id)).toEqual([ids.runA])

    // The annulled number is never given again: the next payment takes a new one.
    const [max] = await t.handle.db
      .select({ n: sql<number>`max(${retentionReceipts.number})::int` })
      .from(retentionReceipts)
      .where(eq(retentionReceipts.series, 'R001'))
    const v = await approved(ids.a)
    expect((await step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })).status).toBe(200)
    const [next] = await t.handle.db
      .select({ id: retentionReceipts.id, number: retentionReceipts.number })
      .from(retentionReceipts)
      .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
      .where(eq(retentionReceiptDocuments.voucherId, v))
    expect(next.number).toBe(max.n + 1)

    // The dashboard counts the PENDIENTES (none is past its 7 days: all were issued today).
    const [pending] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(retentionReceipts)
      .where(eq(retentionReceipts.status, CRE_STATUS.PENDING))
    expect(pending.n).toBeGreaterThan(0)
    const dashboard = await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })
    expect(dashboard.body.payload.payments.retentionReceiptsToSend).toEqual({ count: pending.n, overdue: 0 })
    await t.handle.db
      .update(retentionReceipts)
      .set({ issueDate: sql`${TODAY}::date - 8` })
      .where(eq(retentionReceipts.id, next.id))
    const later = await t.call('tesoreria', { method: 'GET', url: '/api/v1/dashboard' })
    expect(later.body.payload.payments.retentionReceiptsToSend).toEqual({ count: pending.n, overdue: 1 })
    await t.handle.db
      .update(retentionReceipts)
      .set({ issueDate: TODAY })
      .where(eq(retentionReceipts.id, next.id))
  })

  it('the month’s PDT 626 file reads back, field by field, as the CREs not annulled', async () => {
    const res = await download(
      `/api/v1/retention-receipts/pdt626?period=${PERIOD}&companyId=${fx.agentCompanyId}`,
    )
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="0626${agent.ruc}${PERIOD}.TXT"`)
    // Windows-1252: 'Ñ' is the single byte 0xD1.
    expect(res.bytes.includes(0xd1)).toBe(true)
    const content = res.bytes.toString('latin1')
    expect(content.endsWith('\r\n')).toBe(true)
    const lines = content
      .slice(0, -2)
      .split('\r\n')
      .map((l) => l.split('|'))

    const cres = await t.handle.db
      .select({
        ruc: suppliers.ruc,
        name: suppliers.name,
        series: retentionReceipts.series,
        number: retentionReceipts.number,
        issueDate: retentionReceipts.issueDate,
        status: retentionReceipts.status,
        doc: retentionReceiptDocuments,
      })
      .from(retentionReceipts)
      .innerJoin(suppliers, eq(suppliers.id, retentionReceipts.supplierId))
      .innerJoin(retentionReceiptDocuments, eq(retentionReceiptDocuments.receiptId, retentionReceipts.id))
      .where(eq(retentionReceipts.companyId, fx.agentCompanyId))
      .orderBy(
        asc(retentionReceipts.series),
        asc(retentionReceipts.number),
        asc(retentionReceiptDocuments.voucherId),
      )
    const live = cres.filter((c) => c.status !== CRE_STATUS.ANNULLED)
    expect(cres.length - live.length).toBe(2)
    const dmy = (iso: string) => iso.split('-').reverse().join('/')
    const soles = (cents: number) => (cents / 100).toFixed(2)
    expect(lines).toEqual(
      live.map((c) => [
        c.ruc,
        c.name.slice(0, 40),
        '',
        '',
        '',
        c.series,
        String(c.number),
        dmy(c.issueDate),
        soles(c.doc.paidCents),
        c.doc.type,
        c.doc.series,
        String(c.doc.number),
        dmy(c.doc.issueDate),
        soles(c.doc.totalCents),
        '',
      ]),
    )
    // Supplier A's name in Windows-1252, read back as such.
    expect(lines[0][1]).toBe('Ánfora Ñandú S.A.C.')
    // The first CRE's two vouchers, to the céntimo.
    expect(lines.slice(0, 2).map((l) => [l[8], l[13]])).toEqual([
      ['1180.00', '1180.00'],
      ['400.00', '400.00'],
    ])

    const missing = await download(`/api/v1/retention-receipts/pdt626?period=${PERIOD}`)
    expect(missing.status).toBe(400)
    expect(missing.body).toContain('La empresa es requerida')
  })
})
