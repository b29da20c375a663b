import { readdir } from 'node:fs/promises'
import { paymentVouchers, voucherFiles, voucherXmlInstalments, voucherXmlTerms } from '@planillas/db'
import { addDays, CPE_MESSAGES, DECLARED_MESSAGES } from '@planillas/domain'
import {
  approvalProposal,
  getVoucher,
  multipart,
  PDF,
  paymentFixturesPerFile,
  postVoucher,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { lastAuditEntry } from '@planillas/testing/audit'
import {
  type CpeDetractionVariant,
  cpeDetractionVariant,
  greenterDetractionTerms,
  withoutInstalments,
} from '@planillas/testing/cpe-fixtures'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

// What a supplier's XML declares about its payment (docs/decisions/cpe-xml.md): stored with the
// voucher, proposed and compared at approval, its instalments checked.

const { t, fx } = paymentFixturesPerFile({ supplier: true })

let sequence = 900
const DUE = addDays(TODAY, 30)
const xmlOf = (over: Partial<CpeDetractionVariant> = {}) =>
  cpeDetractionVariant({
    supplierRuc: fx.supplierRuc,
    companyRuc: fx.companyRuc,
    number: ++sequence,
    issueDate: TODAY,
    dueDate: DUE,
    ...over,
  })
const numberIn = (xml: Buffer) => /<cbc:ID>F001-(\d+)<\/cbc:ID>/.exec(xml.toString('utf8'))?.[1] ?? ''

/** 'Registrar comprobante' with the XML, the form typed as the XML says (S/ 1,180.00). */
const register = (xml: Buffer) =>
  postVoucher(t, 'rrhh', voucherFields(fx.supplierId, fx, { number: numberIn(xml), dueDate: DUE }), {
    pdf: { name: 'factura.pdf', content: PDF },
    xml: { name: 'factura.xml', content: xml },
  })

async function registered(xml: Buffer) {
  const res = await register(xml)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const id = res.body.payload.id as number
  const auth = await step(t, 'rrhh', id, 'authorize', {
    projectTypeId: fx.projectTypeId,
    period: '202611-001',
  })
  expect(auth.status).toBe(200)
  return id
}

const proposal = (id: number, spotCode?: string) => approvalProposal(t, id, spotCode ? { spotCode } : {})

async function counts() {
  const db = t.handle.db
  const n = async (table: typeof paymentVouchers | typeof voucherFiles | typeof voucherXmlTerms) =>
    (await db.select({ n: count() }).from(table))[0].n
  return {
    vouchers: await n(paymentVouchers),
    files: await n(voucherFiles),
    terms: await n(voucherXmlTerms),
    instalments: (await db.select({ n: count() }).from(voucherXmlInstalments))[0].n,
    stored: (await readdir(t.filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
      .length,
  }
}

describe('what the XML declared is stored with the voucher', () => {
  it("registering greenter's factura with detracción stores its block and instalments; the detail shows them", async () => {
    const before = await counts()
    const res = await register(xmlOf())
    expect(res.status).toBe(200)
    const voucher = await getVoucher(t, res.body.payload.id)
    expect(voucher.xmlTerms).toEqual(greenterDetractionTerms(DUE, DUE))
    const after = await counts()
    expect(after.terms).toBe(before.terms + 1)
    expect(after.instalments).toBe(before.instalments + 2)
  })

  it('a voucher registered without an XML declares nothing', async () => {
    const res = await postVoucher(
      t,
      'rrhh',
      voucherFields(fx.supplierId, fx, { series: 'F002', number: '1', dueDate: DUE, description: 'Sin XML' }),
    )
    expect(res.status).toBe(200)
    const id = res.body.payload.id as number
    expect((await getVoucher(t, id)).xmlTerms).toBeNull()
  })

  it("'Adjuntar' its XML later stores what it declared", async () => {
    const xml = xmlOf()
    const created = await postVoucher(
      t,
      'rrhh',
      voucherFields(fx.supplierId, fx, {
        number: numberIn(xml),
        dueDate: DUE,
        description: 'El XML llega después',
      }),
    )
    const id = created.body.payload.id as number
    // Registered with its PDF: 'Adjuntar' refuses a second PDF, so the row is cleared as a batch's would be.
    await t.handle.db.delete(voucherFiles).where(eq(voucherFiles.voucherId, id))
    const res = await t.call('rrhh', {
      method: 'POST',
      url: `/api/v1/payments/${id}/files`,
      ...(await multipart(
        {},
        { pdf: { name: 'f.pdf', content: PDF }, xml: { name: 'f.xml', content: xml } },
      )),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await getVoucher(t, id)).xmlTerms).toMatchObject({
      detraction: { spotCode: '037' },
      instalments: [{ label: 'Cuota001' }, { label: 'Cuota002' }],
    })
  })
})

describe('bad instalments are refused naming the element, nothing stored', () => {
  it('a Crédito without cuotas', async () => {
    const before = await counts()
    const res = await register(withoutInstalments(xmlOf()))
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([CPE_MESSAGES.creditWithoutInstalments])
    expect(await counts()).toEqual(before)
  })

  it('cuotas whose sum is not the net amount on credit', async () => {
    const before = await counts()
    const res = await register(xmlOf({ instalmentCents: [50_000, 50_000], creditCents: 103_840 }))
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([CPE_MESSAGES.instalmentsSum('1000.00', '1038.40')])
    expect(await counts()).toEqual(before)
    // 'Leer XML' says the same.
    const read = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payments/xml',
      ...(await multipart({}, { xml: { name: 'f.xml', content: withoutInstalments(xmlOf()) } })),
    })
    expect(read.status).toBe(400)
    expect(read.body.messages).toEqual([CPE_MESSAGES.creditWithoutInstalments])
  })
})

describe('approval proposes the declared code and compares it with the dated SPOT table', () => {
  it('without a chosen code the proposal uses the declared 037: S/ 142.00 by the table, no warning (141.60 is 12 % exact)', async () => {
    const id = await registered(xmlOf())
    const p = await proposal(id)
    expect(p.detraction).toMatchObject({ code: '037', applies: true, tableRateBp: 1200, amountCents: 14_200 })
    expect(p.declared.detraction.spotCode).toBe('037')
    expect(p.declaredWarnings).toEqual([])
    const res = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    expect(res.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({ spotCode: '037', detractionCents: 14_200 })
  })

  it('a declared percentage and amount the table does not give: a warning naming both, the table decides', async () => {
    const id = await registered(xmlOf({ percent: '10.00', amountCents: 11_800 }))
    const p = await proposal(id)
    expect(p.detraction).toMatchObject({ code: '037', tableRateBp: 1200, amountCents: 14_200 })
    expect(p.declaredWarnings).toEqual([
      DECLARED_MESSAGES.percent(1000, 1200, '037', TODAY),
      DECLARED_MESSAGES.amount(11_800, 14_200),
    ])
    const res = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })
    expect(res.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({ detractionCents: 14_200, detractionRateBp: 1200 })
  })

  it("the approver's other choice stays possible, warned and audited", async () => {
    const id = await registered(xmlOf())
    const none = await proposal(id, 'ninguno')
    expect(none.detraction).toBeNull()
    expect(none.declaredWarnings).toEqual([DECLARED_MESSAGES.otherCode('037', null)])
    const other = await proposal(id, '022')
    expect(other.declaredWarnings).toEqual([DECLARED_MESSAGES.otherCode('037', '022')])
    const res = await step(t, 'tesoreria', id, 'approve', {
      paymentType: 1,
      spotCode: null,
      retention: false,
    })
    expect(res.status).toBe(200)
    expect(await getVoucher(t, id)).toMatchObject({ spotCode: null, detractionCents: 0 })
    const entry = await lastAuditEntry(t.handle.db, 'payments', id)
    expect(entry?.description).toContain(`sin detracción; ${DECLARED_MESSAGES.otherCode('037', null)}`)
  })

  it('a declared code the table does not have on the issue date is said, and nothing is proposed', async () => {
    const id = await registered(xmlOf({ spotCode: '999' }))
    const p = await proposal(id)
    expect(p.detraction).toBeNull()
    expect(p.declaredWarnings).toEqual([DECLARED_MESSAGES.codeNotInTable('999', TODAY)])
  })
})
