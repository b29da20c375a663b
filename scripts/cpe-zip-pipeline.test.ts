// Across the tiers: a ZIP of the suppliers' CPE XMLs uploaded to 'Carga de comprobantes' through the
// API, processed by the worker's 'voucher-import' job, read back through the API. It lives with the
// launchers (scripts/ may import every workspace): the API and the worker never import each other.

import { paymentVouchers, voucherBatches, voucherFiles } from '@planillas/db'
import { addDays, CPE_MESSAGES, CPE_ZIP_MESSAGES } from '@planillas/domain'
import { getVoucher, multipart, PDF, paymentFixturesPerFile, TODAY } from '@planillas/testing/api/payments'
import { runVoucherImport, voucherBatchErrors, voucherBatchOf } from '@planillas/testing/api/voucher-batches'
import {
  cpeDetractionVariant,
  cpeVariant,
  greenterDetractionTerms,
  withoutInstalments,
} from '@planillas/testing/cpe-fixtures'
import { buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import { count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ supplier: true })

const upload = (fields: Record<string, string | number>, file?: { name: string; content: Buffer }) =>
  multipart(fields, file ? { file } : {}).then((body) =>
    t.call('rrhh', { method: 'POST', url: '/api/v1/voucher-batches/xml', ...body }),
  )
const run = (batchId: number) => runVoucherImport(t, batchId)
const batch = (id: number) => voucherBatchOf(t, id)
const errors = (id: number) => voucherBatchErrors(t, id)
const voucherCount = async () => (await t.handle.db.select({ n: count() }).from(paymentVouchers))[0].n

/** greenter's factura with this supplier, this company and `number` (the sample's layout, other values). */
const invoice = (number: number, over: Partial<Parameters<typeof cpeVariant>[0]> = {}) =>
  cpeVariant({
    supplierRuc: fx.supplierRuc,
    companyRuc: fx.companyRuc,
    series: 'F700',
    number,
    issueDate: TODAY,
    dueDate: addDays(TODAY, 30),
    ...over,
  })

describe("'Carga de comprobantes' from a ZIP of XMLs", () => {
  it('registers 1,000 facturas in one job, each with its XML, and its PDF when the ZIP has one', async () => {
    const parts = []
    for (let n = 1; n <= 1000; n++) {
      parts.push(
        deflatedPart(
          `${fx.supplierRuc}-01-F700-${n}.xml`,
          invoice(n, { baseCents: 10_000 * n, igvCents: 1_800 * n }),
        ),
      )
      if (n <= 20) parts.push(deflatedPart(`${fx.supplierRuc}-01-F700-${n}.pdf`, PDF))
    }
    const zip = buildZip(parts)
    const res = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'facturas.zip', content: zip },
    )
    expect(res.status).toBe(200)
    const id = res.body.payload.id as number
    const before = await voucherCount()
    const outcome = await run(id)
    expect(outcome).toMatchObject({ outcome: 'processed', vouchers: 1000 })
    expect(await batch(id)).toMatchObject({ status: 3, voucherCount: 1000, errorCount: 0 })
    expect(await voucherCount()).toBe(before + 1000)
    const rows = await t.handle.db.select().from(paymentVouchers).where(eq(paymentVouchers.series, 'F700'))
    expect(rows).toHaveLength(1000)
    const n7 = rows.find((r) => r.number === 7)
    expect(n7).toMatchObject({
      baseCents: 70_000,
      igvCents: 12_600,
      totalCents: 82_600,
      dueDate: addDays(TODAY, 30),
      description: 'PRODUCTO 1',
    })
    const files = await t.handle.db
      .select()
      .from(voucherFiles)
      .where(
        inArray(
          voucherFiles.voucherId,
          rows.map((r) => r.id),
        ),
      )
    expect(files.filter((f) => f.kind === 'xml')).toHaveLength(1000)
    expect(files.filter((f) => f.kind === 'pdf')).toHaveLength(20)
    const detail = await getVoucher(t, n7?.id as number)
    expect(detail.files.map((f: { kind: string }) => f.kind).sort()).toEqual(['pdf', 'xml'])
    const xml = await t.call('rrhh', { method: 'GET', url: `/api/v1/payments/${n7?.id}/files/xml` })
    expect(Buffer.compare(xml.body, invoice(7, { baseCents: 70_000, igvCents: 12_600 }))).toBe(0)
  }, 180_000)

  it('registers nothing when one invoice is bad, and lists the problem with its file', async () => {
    const good = invoice(2001)
    const bad = Buffer.from(
      invoice(2002)
        .toString('utf8')
        .replace(/(<cbc:PayableAmount currencyID="PEN">)[^<]*/, '$11190.00'),
    )
    const other = invoice(2003, { companyRuc: '20999999991' })
    const zip = buildZip([
      deflatedPart('F700-2001.xml', good),
      deflatedPart('F700-2002.xml', bad),
      deflatedPart('F700-2003.xml', other),
      deflatedPart('F700-2001.xml.bak', 'x'),
    ])
    const res = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'lote.zip', content: zip },
    )
    expect(res.status).toBe(200)
    const id = res.body.payload.id as number
    const before = await voucherCount()
    const [storedBefore] = await t.handle.db.select({ n: count() }).from(voucherFiles)
    expect(await run(id)).toMatchObject({ outcome: 'rejected' })
    expect(await voucherCount()).toBe(before)
    expect((await t.handle.db.select({ n: count() }).from(voucherFiles))[0].n).toBe(storedBefore.n)
    expect(await batch(id)).toMatchObject({ status: 4, voucherCount: 0 })
    const listed = (await errors(id)).map((e: { value: string; message: string }) => [e.value, e.message])
    expect(listed).toEqual(
      expect.arrayContaining([
        ['F700-2001.xml.bak', CPE_ZIP_MESSAGES.otherFile],
        [
          'F700-2002.xml',
          'Los montos no cuadran: cac:LegalMonetaryTotal/cbc:PayableAmount es 1190.00 y la base imponible más el IGV es 1180.00',
        ],
        [
          'F700-2003.xml',
          `El receptor del XML (cac:AccountingCustomerParty, R.U.C. 20999999991) no es la empresa pagadora elegida (R.U.C. ${fx.companyRuc})`,
        ],
      ]),
    )
    expect(listed).toHaveLength(3)
  })

  it('stores what each XML declared (detracción, Crédito and its cuotas) with its voucher; bad cuotas are listed, nothing stored', async () => {
    const declaring = cpeDetractionVariant({
      supplierRuc: fx.supplierRuc,
      companyRuc: fx.companyRuc,
      series: 'F701',
      number: 1,
      issueDate: TODAY,
      dueDate: addDays(TODAY, 45),
    })
    const upOf = async (parts: ReturnType<typeof deflatedPart>[]) => {
      const res = await upload(
        { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
        { name: 'spot.zip', content: buildZip(parts) },
      )
      return res.body.payload.id as number
    }
    const refused = await upOf([
      deflatedPart('F701-1.xml', declaring),
      deflatedPart('F701-2.xml', withoutInstalments(invoice(2, { series: 'F701' }))),
    ])
    const before = await voucherCount()
    expect(await run(refused)).toMatchObject({ outcome: 'rejected' })
    expect(await voucherCount()).toBe(before)
    const listed = (await errors(refused)).map((e: { value: string; message: string }) => [
      e.value,
      e.message,
    ])
    expect(listed).toEqual([['F701-2.xml', CPE_MESSAGES.creditWithoutInstalments]])

    const id = await upOf([deflatedPart('F701-1.xml', declaring)])
    expect(await run(id)).toMatchObject({ outcome: 'processed', vouchers: 1 })
    const [row] = await t.handle.db.select().from(paymentVouchers).where(eq(paymentVouchers.series, 'F701'))
    expect(row.dueDate).toBe(addDays(TODAY, 45))
    expect((await getVoucher(t, row.id)).xmlTerms).toEqual(
      greenterDetractionTerms(addDays(TODAY, 45), addDays(TODAY, 45)),
    )
  })

  it('a number already registered, or repeated in the ZIP, is listed with its files', async () => {
    const zip = buildZip([
      deflatedPart('a/F700-1.xml', invoice(1)),
      deflatedPart('b/F700-3001.xml', invoice(3001)),
      deflatedPart('c/F700-3001-copia.xml', invoice(3001)),
    ])
    const res = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'z.zip', content: zip },
    )
    const id = res.body.payload.id as number
    expect(await run(id)).toMatchObject({ outcome: 'rejected' })
    const listed = (await errors(id)).map((e: { value: string; message: string }) => [e.value, e.message])
    expect(listed).toEqual([
      ['a/F700-1.xml', 'Número: Ya existe un comprobante del proveedor con el mismo tipo, serie y número'],
      ['c/F700-3001-copia.xml', CPE_ZIP_MESSAGES.repeatedInZip('b/F700-3001.xml')],
    ])
  })

  it('the upload refuses at once what is not a ZIP of XMLs, a missing expense line, storing nothing', async () => {
    const count0 = (await t.handle.db.select({ n: count() }).from(voucherBatches))[0].n
    const none = await upload({ companyId: fx.companyId })
    expect(none.status).toBe(400)
    expect(none.body.messages).toEqual([CPE_ZIP_MESSAGES.expenseLineRequired, CPE_ZIP_MESSAGES.file])
    const notZip = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'lote.zip', content: Buffer.from('<Invoice/>') },
    )
    expect(notZip.body.messages).toEqual([CPE_ZIP_MESSAGES.notZip])
    const wrongName = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'lote.xlsx', content: buildZip([deflatedPart('F.xml', invoice(1))]) },
    )
    expect(wrongName.body.messages).toEqual([CPE_ZIP_MESSAGES.extension])
    const onlyPdf = await upload(
      { companyId: fx.companyId, expenseLineId: fx.expenseLineId },
      { name: 'lote.zip', content: buildZip([deflatedPart('F.pdf', PDF)]) },
    )
    expect(onlyPdf.body.messages).toEqual([CPE_ZIP_MESSAGES.noXml])
    expect((await t.handle.db.select({ n: count() }).from(voucherBatches))[0].n).toBe(count0)
  })
})
