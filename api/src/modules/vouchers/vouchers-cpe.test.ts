import { readdir } from 'node:fs/promises'
import { companies, paymentVouchers, suppliers, voucherFiles } from '@planillas/db'
import { addDays, rucCheckDigit } from '@planillas/domain'
import {
  createSupplier,
  getVoucher,
  multipart,
  PDF,
  paymentFixturesPerFile,
  postVoucher,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { cpeFixture, cpeVariant, GREENTER_DETRACTION } from '@planillas/testing/cpe-fixtures'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ supplier: true })
let otherSupplierRuc: string
/** greenter's sample parties: the supplier GREENTER S.A.C. and its customer EMPRESA 1 S.A.C. */
let greenter: { supplierId: number; companyId: number }
/** The debit note sample's parties (ubl-validator). */
let debit: { supplierId: number; companyId: number }

/** A supplier whose RUC is the sample's (set in the database: the samples' RUCs are not all valid ones). */
async function supplierWithRuc(ruc: string) {
  const id = await createSupplier(t)
  await t.handle.db.update(suppliers).set({ ruc }).where(eq(suppliers.id, id))
  return id
}
async function companyWithRuc(ruc: string, name: string) {
  const [row] = await t.handle.db.insert(companies).values({ ruc, name, address: 'Lima' }).returning()
  return row.id
}

beforeAll(async () => {
  otherSupplierRuc = (
    await t.handle.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.id, await createSupplier(t)))
  )[0].ruc
  greenter = {
    supplierId: await supplierWithRuc('20123456789'),
    companyId: await companyWithRuc('20000000001', 'EMPRESA 1 S.A.C.'),
  }
  debit = {
    supplierId: await supplierWithRuc('20100454523'),
    companyId: await companyWithRuc('20587896411', 'Servicabinas S.A.'),
  }
})

const readXml = async (xml: Buffer, fields: Record<string, string | number> = {}, name = 'cpe.xml') =>
  t.call('rrhh', {
    method: 'POST',
    url: '/api/v1/payments/xml',
    ...(await multipart(fields, { xml: { name, content: xml } })),
  })

/** What a refusal must leave: the same vouchers, file rows and stored files. */
async function stored() {
  const [vouchers] = await t.handle.db.select({ n: count() }).from(paymentVouchers)
  const [files] = await t.handle.db.select({ n: count() }).from(voucherFiles)
  return {
    vouchers: vouchers.n,
    files: files.n,
    stored: (await readdir(t.filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
      .length,
  }
}

let sequence = 500
const own = (over: Partial<Parameters<typeof cpeVariant>[0]> = {}) =>
  cpeVariant({
    supplierRuc: fx.supplierRuc,
    companyRuc: fx.companyRuc,
    number: ++sequence,
    issueDate: TODAY,
    dueDate: addDays(TODAY, 30),
    ...over,
  })

describe("'Leer XML' with public samples", () => {
  it("fills the form from greenter's factura on credit exactly: parties, series-number, dates, totals, instalments", async () => {
    const res = await readXml(cpeFixture('greenter-invoice21-credito.xml'))
    expect(res.status).toBe(200)
    expect(res.body.payload.values).toEqual({
      companyId: String(greenter.companyId),
      supplierId: String(greenter.supplierId),
      type: '01',
      series: 'F001',
      number: '123',
      issueDate: '2026-11-02',
      dueDate: '2027-01-01',
      currency: 'PEN',
      base: '200.00',
      igv: '36.00',
      total: '236.00',
    })
    expect(res.body.payload.cpe).toMatchObject({
      issuer: { ruc: '20123456789', name: 'GREENTER S.A.C.' },
      receiver: { ruc: '20000000001', name: 'EMPRESA 1 S.A.C.' },
      paymentForm: { kind: 'Credito', amountCents: 23_600 },
      instalments: [
        { label: 'Cuota001', amountCents: 10_013, dueDate: '2026-12-02' },
        { label: 'Cuota002', amountCents: 13_587, dueDate: '2027-01-01' },
      ],
      detraction: null,
    })
  })

  it('reads the detracción block (SPOT code, percentage, amount, BN account, payment means)', async () => {
    const res = await readXml(cpeFixture('greenter-invoice21-detraccion.xml'))
    expect(res.status).toBe(200)
    expect(res.body.payload.values).toMatchObject({ series: 'F001', number: '124', total: '1180.00' })
    expect(res.body.payload.cpe.detraction).toEqual(GREENTER_DETRACTION)
  })

  it("fills a nota de débito from ubl-validator's sample (08, FD01-211, S/ 1,250.00, the factura it modifies)", async () => {
    const res = await readXml(cpeFixture('20100454523-08-FD01-211.xml'))
    expect(res.status).toBe(200)
    expect(res.body.payload.values).toEqual({
      companyId: String(debit.companyId),
      supplierId: String(debit.supplierId),
      type: '08',
      series: 'FD01',
      number: '211',
      issueDate: '2017-06-25',
      dueDate: '',
      currency: 'PEN',
      base: '1059.32',
      igv: '190.68',
      total: '1250.00',
    })
    expect(res.body.payload.cpe.references).toEqual(['F001-4355'])
  })

  it("registers greenter's factura with its XML, stored as the form's values say", async () => {
    const before = await stored()
    const res = await postVoucher(
      t,
      'rrhh',
      {
        companyId: greenter.companyId,
        supplierId: greenter.supplierId,
        type: '01',
        series: 'F001',
        number: '123',
        issueDate: '2026-11-02',
        dueDate: '2027-01-01',
        base: '200.00',
        igv: '36.00',
        total: '236.00',
        description: 'Productos',
        expenseLineId: fx.expenseLineId,
      },
      {
        pdf: { name: 'F001-123.pdf', content: PDF },
        xml: { name: '20123456789-01-F001-123.xml', content: cpeFixture('greenter-invoice21-credito.xml') },
      },
    )
    expect(res.status).toBe(200)
    const voucher = await getVoucher(t, res.body.payload.id)
    expect(voucher).toMatchObject({
      series: 'F001',
      number: 123,
      baseCents: 20_000,
      igvCents: 3_600,
      totalCents: 23_600,
    })
    expect(voucher.files.map((f: { kind: string }) => f.kind)).toEqual(['pdf', 'xml'])
    const after = await stored()
    expect(after.vouchers).toBe(before.vouchers + 1)
    expect(after.stored).toBe(before.stored + 2)
  })

  it('a typed form that agrees with the XML reads it and keeps the chosen supplier and company', async () => {
    const xml = own({ number: 77 })
    const res = await readXml(xml, {
      supplierId: fx.supplierId,
      companyId: fx.companyId,
      series: 'f001',
      number: '77',
      total: '1180',
    })
    expect(res.status).toBe(200)
    expect(res.body.payload.values).toMatchObject({
      supplierId: String(fx.supplierId),
      companyId: String(fx.companyId),
      number: '77',
      total: '1180.00',
    })
  })
})

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol2;</Invoice>`

/** Each hostile XML with a fragment of the Spanish message it must get. */
function hostile(): [string, () => Buffer, string, Record<string, string>?][] {
  const good = () => own().toString('utf8')
  return [
    [
      'XXE: an external entity reading a local file',
      () =>
        Buffer.from(
          good()
            .replace(
              '<?xml version="1.0" encoding="utf-8"?>',
              '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
            )
            .replace('<cbc:Note languageLocaleID="1000">', '<cbc:Note languageLocaleID="1000">&xxe;'),
        ),
      'DOCTYPE',
    ],
    ['billion laughs', () => Buffer.from(billionLaughs), 'DOCTYPE'],
    [
      'an external DTD fetched over the network',
      () =>
        Buffer.from(
          good().replace('<Invoice ', '<!DOCTYPE Invoice SYSTEM "http://127.0.0.1:9/ubl.dtd"><Invoice '),
        ),
      'DOCTYPE',
    ],
    [
      'an entity reference without a DTD',
      () => Buffer.from(good().replace('>F001-', '>&xxe;F001-')),
      'no es un XML bien formado',
    ],
    [
      'deep nesting (20,000 levels)',
      () =>
        Buffer.from(
          `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</Invoice>`,
        ),
      'anida más de 40',
    ],
    [
      'too many elements (300,000)',
      () =>
        Buffer.from(
          `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a/>'.repeat(300_000)}</Invoice>`,
        ),
      'más de 250',
    ],
    [
      'a text run of 2 million characters',
      () => Buffer.from(good().replace('PRODUCTO 1', 'x'.repeat(2_000_000))),
      'texto demasiado largo',
    ],
    [
      'wrong namespace (UBL 2.0 Invoice-3 is not a UBL invoice)',
      () => Buffer.from(good().replace('ubl:schema:xsd:Invoice-2"', 'ubl:schema:xsd:Invoice-3"')),
      'no es una factura, boleta ni nota electrónica UBL 2.1',
    ],
    [
      'UBL version 2.0',
      () => Buffer.from(good().replace('<cbc:UBLVersionID>2.1<', '<cbc:UBLVersionID>2.0<')),
      'cbc:UBLVersionID debe ser 2.1',
    ],
    [
      'totals that do not add up (payable)',
      () => Buffer.from(good().replace(/(<cbc:PayableAmount currencyID="PEN">)[^<]*/, '$11190.00')),
      'cbc:PayableAmount es 1190.00',
    ],
    [
      'a tax total that is not the sum of its subtotals',
      () =>
        Buffer.from(
          good().replace(
            '<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">180.00',
            '<cac:TaxTotal><cbc:TaxAmount currencyID="PEN">181.00',
          ),
        ),
      'cac:TaxTotal/cbc:TaxAmount es 181.00',
    ],
    [
      "ubl-validator's public nota de crédito, whose payable is not base + IGV",
      () => cpeFixture('20100454523-07-FC01-211.xml'),
      'cbc:PayableAmount es 8379.00',
    ],
    ['another receiver', () => own({ companyRuc: '20999999991' }), 'no es la empresa pagadora elegida'],
    ['another issuer', () => own({ supplierRuc: '20888888881' }), 'no es el proveedor elegido'],
    [
      'an issuer that is no registered supplier',
      () => own({ supplierRuc: '20777777771' }),
      'no está registrado como proveedor',
      { supplierId: '' },
    ],
    [
      'a total that disagrees with what was typed',
      () => own(),
      'Total: el XML dice S/ 1,180.00',
      { total: '1190.00' },
    ],
    [
      'a series that disagrees with what was typed',
      () => own(),
      'Serie: el XML dice F001',
      { series: 'F002' },
    ],
    [
      'a currency other than soles or dollars',
      () => Buffer.from(good().replace('<cbc:DocumentCurrencyCode>PEN<', '<cbc:DocumentCurrencyCode>EUR<')),
      'solo se registran comprobantes en soles (PEN) o dólares (USD)',
    ],
    [
      'a guía de remisión type code',
      () => Buffer.from(good().replace('listID="0101">01<', 'listID="0101">09<')),
      'cbc:InvoiceTypeCode debe ser 01',
    ],
    [
      'elements out of the schema order (xmllint)',
      () =>
        Buffer.from(
          good().replace(
            '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>2.0</cbc:CustomizationID>',
            '<cbc:CustomizationID>2.0</cbc:CustomizationID><cbc:UBLVersionID>2.1</cbc:UBLVersionID>',
          ),
        ),
      'no cumple el esquema UBL 2.1 de SUNAT',
    ],
    ['not XML (a PDF named .xml)', () => PDF, 'debe ser un archivo .xml'],
    [
      'malformed XML (an unclosed element)',
      () => Buffer.from(good().replace('</Invoice>', '')),
      'no es un XML bien formado',
    ],
    [
      'an encoding other than UTF-8 or ISO-8859-1',
      () => Buffer.from(good().replace('encoding="utf-8"', 'encoding="UTF-16"')),
      'codificación UTF-16',
    ],
    [
      'oversize (over 10 MB)',
      () => Buffer.concat([own(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]),
      'como máximo 10 MB',
    ],
  ]
}

describe('hostile XMLs are refused in Spanish, nothing stored', () => {
  const cases = hostile()
  it('has at least twenty', () => expect(cases.length).toBeGreaterThanOrEqual(20))

  for (const [name, xml, message, typed] of cases) {
    it(`'Leer XML' refuses ${name}`, async () => {
      const fields: Record<string, string | number> = {
        supplierId: fx.supplierId,
        companyId: fx.companyId,
        ...typed,
      }
      for (const [k, v] of Object.entries(fields)) if (v === '') delete fields[k]
      const before = await stored()
      const res = await readXml(xml(), fields)
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.messages)).toContain(message)
      expect(await stored()).toEqual(before)
    })
  }

  it('registering with any of them stores nothing (voucher, files, storage)', async () => {
    for (const [name, xml] of cases) {
      const before = await stored()
      const res = await postVoucher(t, 'rrhh', voucherFields(fx.supplierId, fx), {
        pdf: { name: 'f.pdf', content: PDF },
        xml: { name: 'f.xml', content: xml() },
      })
      expect(res.status, name).toBe(400)
      expect(res.body.messages.length, name).toBeGreaterThan(0)
      expect(await stored(), name).toEqual(before)
    }
  })
})

it('the RUC helpers of the samples: the variant parties are valid RUCs', () => {
  expect(fx.supplierRuc).toMatch(/^\d{11}$/)
  expect(String(rucCheckDigit(fx.companyRuc.slice(0, 10)))).toBe(fx.companyRuc.slice(10))
  expect(otherSupplierRuc).not.toBe(fx.supplierRuc)
})

describe("'Adjuntar' an XML to a voucher registered without files", () => {
  it('refuses an XML that is not the voucher (nothing stored), then takes its own', async () => {
    const number = ++sequence
    const [row] = await t.handle.db
      .insert(paymentVouchers)
      .values({
        companyId: fx.companyId,
        supplierId: fx.supplierId,
        type: '01',
        series: 'F001',
        number,
        issueDate: TODAY,
        recordingPeriod: `${TODAY.slice(0, 4)}${TODAY.slice(5, 7)}`,
        dueDate: addDays(TODAY, 30),
        currency: 'PEN',
        baseCents: 100_000,
        igvCents: 18_000,
        totalCents: 118_000,
        description: 'Cargado sin PDF',
        expenseLineId: fx.expenseLineId,
        createdBy: 'rrhh@planillas.pe',
      })
      .returning()
    const attach = async (xml: Buffer) =>
      t.call('rrhh', {
        method: 'POST',
        url: `/api/v1/payments/${row.id}/files`,
        ...(await multipart(
          {},
          { pdf: { name: 'f.pdf', content: PDF }, xml: { name: 'f.xml', content: xml } },
        )),
      })
    const before = await stored()
    const other = await attach(own({ number, baseCents: 200_000, igvCents: 36_000 }))
    expect(other.status).toBe(400)
    expect(other.body.messages).toEqual([
      'Base imponible: el XML dice S/ 2,000.00 (cbc:TaxableAmount) y se escribió S/ 1,000.00',
      'IGV: el XML dice S/ 360.00 (cac:TaxTotal/cbc:TaxAmount) y se escribió S/ 180.00',
      'Total: el XML dice S/ 2,360.00 (cbc:PayableAmount) y se escribió S/ 1,180.00',
    ])
    expect(await stored()).toEqual(before)
    const ownXml = await attach(own({ number }))
    expect(ownXml.status).toBe(200)
    expect((await getVoucher(t, row.id)).files.map((f: { kind: string }) => f.kind)).toEqual(['pdf', 'xml'])
  })
})
