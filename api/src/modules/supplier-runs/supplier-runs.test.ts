import { readdir } from 'node:fs/promises'
import {
  auditLogs,
  detractionFiles,
  detractionLotCounters,
  paymentOrderClaims,
  paymentOrders,
  paymentOrderVouchers,
  publicHolidays,
  rowsOf,
  suppliers,
} from '@planillas/db'
import { addDays, buildCci, RUN_DETRACTION_WARNING } from '@planillas/domain'
import { checkBnDetraccionesFile } from '@planillas/domain/bank-files'
import { loadedPadronReducido, padronStanding } from '@planillas/testing/api/padrones'
import {
  authorizedVoucher,
  companyAccount,
  createSupplier,
  expectApproved,
  multipart,
  PDF,
  paymentFixturesPerFile,
  registerVoucher,
  runAccounts,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { GENERIC_CCI_HEADER } from '@planillas/testing/payment-fixtures'
import { and, count, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile()
let accountId = 0
let plainAccountId = 0

beforeAll(async () => {
  ;({ agent: accountId, plain: plainAccountId } = await runAccounts(t, fx))
})

const S400 = { base: '338.98', igv: '61.02', total: '400.00' }

/** A voucher of the agent company taken to APROBADO (registered by rrhh, approved by tesorería). */
async function approved(
  supplierId: number,
  fields: Record<string, string | number> = {},
  approval: Record<string, unknown> = {},
) {
  return expectApproved(
    t,
    fx,
    voucherFields(supplierId, fx, { companyId: fx.agentCompanyId, ...fields }),
    approval,
  )
}

const runBody = (voucherIds: number[], over: object = {}) => ({
  voucherIds,
  companyAccountId: accountId,
  format: 'CCI',
  paymentDate: TODAY,
  reference: 'Proveedores noviembre',
  ...over,
})
const generate = (body: object, who: 'tesoreria' | 'auditor' | 'lector' | 'rrhh' = 'tesoreria') =>
  t.call(who, { method: 'POST', url: '/api/v1/supplier-runs', payload: body })
const runOf = async (id: number) =>
  (await t.call('tesoreria', { method: 'GET', url: `/api/v1/supplier-runs/${id}` })).body.payload
const download = (id: number, kind: 'transfers' | 'detractions') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/supplier-runs/${id}/files/${kind}`,
    headers: {},
  })
const downloadAs = async (id: number, kind: 'transfers' | 'detractions') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/supplier-runs/${id}/files/${kind}`,
    headers: await t.as('tesoreria'),
  })
const annul = (id: number, reason: string) =>
  t.call('tesoreria', { method: 'POST', url: `/api/v1/supplier-runs/${id}/annul`, payload: { reason } })
const storedFiles = async () =>
  (await readdir(t.filesDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((f) =>
    f.isFile(),
  ).length
const tableCounts = async () => {
  const db = t.handle.db
  const [[orders], [claims], [lines], [lots], [bn]] = await Promise.all([
    db.select({ n: count() }).from(paymentOrders),
    db.select({ n: count() }).from(paymentOrderClaims),
    db.select({ n: count() }).from(paymentOrderVouchers),
    db.select({ n: count() }).from(detractionLotCounters),
    db.select({ n: count() }).from(detractionFiles),
  ])
  return { orders: orders.n, claims: claims.n, lines: lines.n, lots: lots.n, bn: bn.n }
}

/** The transfers sheet's rows under its header: [name, CCI, amount]. */
async function transferRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: [string, string, number][] = []
  sheet.eachRow((row, n) => {
    if (n === 1) return
    rows.push([String(row.getCell(3).value), String(row.getCell(4).value), Number(row.getCell(6).value)])
  })
  return { header: (sheet.getRow(1).values as unknown[]).slice(1), rows }
}

describe('a run of three suppliers (docs/decisions/supplier-payment-runs.md)', () => {
  it('pays each supplier its net once: detracción to the BN file, retención recomputed over the vouchers paid together, none where the rule refuses both', async () => {
    const detracted = await createSupplier(t, {
      name: 'AAA Detracción S.A.C.',
      bankHolder: 'AAA Detraccion SAC',
    })
    const retained = await createSupplier(t, {
      name: 'BBB Retención S.A.C.',
      bankHolder: 'BBB Retencion SAC',
    })
    const good = await createSupplier(t, {
      name: 'CCC Buen Contribuyente S.A.',
      bankHolder: 'CCC Buen Contribuyente SA',
      goodTaxpayer: true,
    })
    // S/ 1,180.00 under SPOT 037 (12 %): S/ 142.00 detracción, no retención (no double withholding).
    const a = await approved(detracted, {}, { spotCode: '037' })
    // Two facturas of S/ 400: neither passes S/ 700 alone; approved one after the other, only the
    // second was proposed a retention. Paid together in the run they pass it: 3 % of each.
    const b1 = await approved(retained, S400)
    const b2 = await approved(retained, S400)
    // Buen contribuyente and no SPOT code: neither deduction.
    const c = await approved(good)

    const res = await generate(runBody([c, b2, a, b1]))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const created = res.body.payload
    expect(created).toMatchObject({ lineCount: 3, voucherCount: 4, totalCents: 103_800 + 77_600 + 118_000 })
    expect(res.body.messages).toEqual([
      `Orden de pago N° ${created.id} generada: 3 proveedores, 4 comprobantes`,
    ])

    // The CCI Excel: one line per supplier, its amount the supplier's net.
    const excel = await downloadAs(created.id, 'transfers')
    expect(excel.statusCode).toBe(200)
    const sheet = await transferRows(excel.rawPayload)
    expect(sheet.header).toEqual(GENERIC_CCI_HEADER)
    expect(sheet.rows.map(([name, , amount]) => [name, amount])).toEqual([
      ['AAA DETRACCION SAC', 1038],
      ['BBB RETENCION SAC', 776],
      ['CCC BUEN CONTRIBUYENTE SA', 1180],
    ])
    expect(Math.round(sheet.rows.reduce((s, [, , amount]) => s + amount, 0) * 100)).toBe(created.totalCents)

    // The run lists each supplier once with its vouchers under it.
    const detail = await runOf(created.id)
    expect(detail).toMatchObject({
      status: 1,
      lineCount: 3,
      voucherCount: 4,
      totalCents: 299_400,
      detractionCents: 14_200,
      retentionCents: 2_400,
    })
    expect(
      detail.lines.map(
        (l: {
          name: string
          netCents: number
          vouchers: { voucherId: number; retentionCents: number }[]
        }) => [l.name, l.netCents, l.vouchers.map((v) => [v.voucherId, v.retentionCents])],
      ),
    ).toEqual([
      ['AAA Detracción S.A.C.', 103_800, [[a, 0]]],
      [
        'BBB Retención S.A.C.',
        77_600,
        [
          [b1, 1_200],
          [b2, 1_200],
        ],
      ],
      ['CCC Buen Contribuyente S.A.', 118_000, [[c, 0]]],
    ])

    // The Banco de la Nación file: one detail for the one detracción, its total the run's detracciones.
    const year = TODAY.slice(2, 4)
    expect(created.detractionFile).toMatchObject({ lot: `${year}0001`, lineCount: 1, totalCents: 14_200 })
    const bn = await downloadAs(created.id, 'detractions')
    expect(bn.statusCode).toBe(200)
    expect(bn.headers['content-disposition']).toContain(created.detractionFile.fileName)
    const reread = checkBnDetraccionesFile(bn.rawPayload, {
      lineCount: 1,
      fileName: created.detractionFile.fileName,
    })
    expect(reread.problems).toEqual([])
    expect(reread.summary).toMatchObject({
      lote: `${year}0001`,
      totalCents: detail.detractionCents,
      lineCount: 1,
    })
    expect(created.detractionFile.fileName).toMatch(new RegExp(`^D\\d{11}${year}0001\\.txt$`))

    // Listed with both files' totals and SHA-256; audited in the same transaction.
    const list = (await t.call('tesoreria', { method: 'GET', url: '/api/v1/supplier-runs' })).body.payload
    expect(list.content[0]).toMatchObject({
      id: created.id,
      totalCents: 299_400,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      detractionFile: {
        lot: `${year}0001`,
        totalCents: 14_200,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    })
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_orders'), eq(auditLogs.entityId, String(created.id))))
    expect(audit.description).toContain('3 proveedores, 4 comprobantes')
    expect(audit.description).toContain(`lote ${year}0001`)

    // Downloads need the permission; a payroll route never serves nor annuls a run.
    expect((await download(created.id, 'transfers')).statusCode).toBe(401)
    // A bank file's accounts and amounts are for who generates it: read-only users see the run, not its files.
    for (const who of ['lector', 'rrhh'] as const) {
      for (const kind of ['transfers', 'detractions'] as const) {
        const refused = await t.call(who, {
          method: 'GET',
          url: `/api/v1/supplier-runs/${created.id}/files/${kind}`,
        })
        expect(refused.status).toBe(403)
      }
    }
    expect((await generate(runBody([a]), 'auditor')).status).toBe(403)
    const payrollFile = await t.call('admin', {
      method: 'GET',
      url: `/api/v1/payment-orders/${created.id}/file`,
    })
    expect(payrollFile.status).toBe(404)
    const payrollAnnul = await t.call('admin', {
      method: 'POST',
      url: `/api/v1/payment-orders/${created.id}/annul`,
      payload: { reason: 'prueba' },
    })
    expect(payrollAnnul.status).toBe(404)
  })
})

/** The 5th business day of the month after `AAAAMM`, counted here from the holidays table. */
async function fifthBusinessDayAfter(period: string) {
  const holidays = new Set((await t.handle.db.select().from(publicHolidays)).map((h) => h.date))
  const month = Number(period.slice(4))
  let day =
    month === 12
      ? `${Number(period.slice(0, 4)) + 1}-01-01`
      : `${period.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`
  for (let count = 0; ; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day) && ++count === 5) return day
  }
}

describe("the run form's detracción warning", () => {
  it('lists the candidates whose detracción is not deposited, with amount and due day; a warning, not a block', async () => {
    expect(RUN_DETRACTION_WARNING).toBe('Deposite la detracción antes o el mismo día del pago')
    const supplier = await createSupplier(t)
    const thisMonth = `${TODAY.slice(0, 4)}${TODAY.slice(5, 7)}`
    const owing = await approved(supplier, {}, { spotCode: '037' })
    const none = await approved(supplier)
    const deposited = await approved(supplier, {}, { spotCode: '037' })
    const recorded = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/detractions/${deposited}/deposit`,
      payload: { constancia: '250000000777', depositedOn: TODAY },
    })
    expect(recorded.status).toBe(200)
    const candidates = await t.call('tesoreria', {
      method: 'POST',
      url: '/api/v1/supplier-runs/candidates',
      payload: { supplierIds: [supplier] },
    })
    expect(candidates.status).toBe(200)
    const { content, detractionWarnings } = candidates.body.payload
    expect(content.map((c: { id: number }) => c.id).sort()).toEqual([owing, none, deposited].sort())
    const fullNumber = content.find((c: { id: number }) => c.id === owing).fullNumber
    expect(detractionWarnings).toEqual([
      {
        voucherId: owing,
        supplierId: supplier,
        supplierName: content[0].supplierName,
        fullNumber,
        detractionCents: 14_200,
        dueOn: await fifthBusinessDayAfter(thisMonth),
      },
    ])
    // The warning does not stop the run.
    const run = await generate(runBody([owing, none]))
    expect(run.status, JSON.stringify(run.body)).toBe(200)
  })
})

describe('one open run per voucher', () => {
  it('refuses a voucher already sent unless the clerk confirms naming that run; the new run takes the next lote', async () => {
    const supplier = await createSupplier(t)
    const v = await approved(supplier, {}, { spotCode: '037' })
    const first = await generate(runBody([v]))
    expect(first.status).toBe(200)
    const firstId = first.body.payload.id

    // 'Generar pagos' lists it with the open run that holds it.
    const candidates = await t.call('tesoreria', {
      method: 'POST',
      url: '/api/v1/supplier-runs/candidates',
      payload: { supplierIds: [supplier] },
    })
    expect(candidates.body.payload).toMatchObject({
      truncated: false,
      content: [{ id: v, openRunId: firstId, detractionCents: 14_200, netCents: 103_800 }],
    })

    const again = await generate(runBody([v]))
    expect(again.status).toBe(409)
    expect(again.body.messages).toHaveLength(1)
    expect(again.body.messages[0]).toContain(`ya se envió al banco en la orden de pago N° ${firstId} (CCI`)
    expect(again.body.messages[0]).toContain(`confirme que reemplaza la orden N° ${firstId}`)
    const wrong = await generate(runBody([v], { confirmReplace: true, replacesOrderId: firstId + 1000 }))
    expect(wrong.status).toBe(409)

    const confirmed = await generate(runBody([v], { confirmReplace: true, replacesOrderId: firstId }))
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect((await runOf(firstId)).status).toBe(3)
    const second = await runOf(confirmed.body.payload.id)
    expect(second.replacesOrderId).toBe(firstId)
    // Lotes are never repeated: the replaced run keeps its own.
    expect(second.detractionFile.lot).not.toBe((await runOf(firstId)).detractionFile.lot)
  })

  it('of runs generated at the same moment over the same vouchers, one wins; the others get a Spanish 409 and leave nothing', async () => {
    const supplier = await createSupplier(t)
    const ids = [await approved(supplier, {}, { spotCode: '037' }), await approved(supplier)]
    const before = await tableCounts()
    const files = await storedFiles()
    const answers = await Promise.all([1, 2, 3].map(() => generate(runBody(ids))))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused.map((a) => a.status)).toEqual([409, 409])
    for (const a of refused)
      expect(a.body.messages[0]).toMatch(/^(Los comprobantes .* ya se enviaron|En este mismo momento)/)
    const after = await tableCounts()
    expect(after).toEqual({
      orders: before.orders + 1,
      claims: before.claims + 2,
      lines: before.lines + 2,
      lots: before.lots,
      bn: before.bn + 1,
    })
    // The winner's two files; the losers' were removed.
    expect(await storedFiles()).toBe(files + 2)
  })

  it('annulling a run (with a reason) frees its vouchers for a new run without confirmation', async () => {
    const supplier = await createSupplier(t)
    const v = await approved(supplier)
    const first = (await generate(runBody([v]))).body.payload.id
    // Sent to the bank: the voucher is not cancelled under its open run.
    const cancelled = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/payments/${v}/cancel`,
      ...(await multipart(
        { requestDate: TODAY, reason: 'Duplicado', requestedBy: 'jefe@empresa.pe' },
        { file: { name: 'sustento.pdf', content: PDF } },
      )),
    })
    expect(cancelled.status).toBe(409)
    expect(cancelled.body.messages).toEqual([
      `El comprobante está en la orden de pago N° ${first}, que sigue vigente: anule esa orden antes de anular el comprobante`,
    ])
    expect((await annul(first, '')).status).toBe(400)
    const done = await annul(first, 'El banco rechazó el archivo')
    expect(done.status).toBe(200)
    expect(await runOf(first)).toMatchObject({ status: 2, annulReason: 'El banco rechazó el archivo' })
    expect((await annul(first, 'otra vez')).status).toBe(409)
    const again = await generate(runBody([v]))
    expect(again.status).toBe(200)
  })
})

describe('the retention base is what is paid (docs/decisions/tax-rules.md)', () => {
  const amountsOf = async (orderId: number) =>
    t.handle.db
      .select({
        voucherId: paymentOrderVouchers.voucherId,
        retention: paymentOrderVouchers.retentionCents,
        net: paymentOrderVouchers.netCents,
      })
      .from(paymentOrderVouchers)
      .where(eq(paymentOrderVouchers.orderId, orderId))
      .orderBy(paymentOrderVouchers.voucherId)

  it('factura 2,360.00 with its 1,770.00 credit note: no retention, pays 590.00; 750.00 less 60.00: none', async () => {
    const supplier = await createSupplier(t)
    const factura = await approved(supplier, { base: '2000.00', igv: '360.00', total: '2360.00' })
    const note = await approved(supplier, {
      type: '07',
      creditsVoucherId: factura,
      base: '1500.00',
      igv: '270.00',
      total: '1770.00',
    })
    const run = await generate(runBody([factura, note]))
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    expect(await amountsOf(run.body.payload.id)).toEqual([
      { voucherId: factura, retention: 0, net: 236_000 },
      { voucherId: note, retention: 0, net: -177_000 },
    ])

    const other = await createSupplier(t)
    const f750 = await approved(other, { base: '635.59', igv: '114.41', total: '750.00' })
    const n60 = await approved(other, {
      type: '07',
      creditsVoucherId: f750,
      base: '50.85',
      igv: '9.15',
      total: '60.00',
    })
    const small = await generate(runBody([f750, n60]))
    expect(small.status, JSON.stringify(small.body)).toBe(200)
    const lines = await amountsOf(small.body.payload.id)
    expect(lines.map((l) => l.retention)).toEqual([0, 0])
    expect(lines.reduce((sum, l) => sum + l.net, 0)).toBe(69_000)
  })

  it('two facturas of S/ 400.00 paid together: S/ 12.00 each', async () => {
    const supplier = await createSupplier(t)
    const ids = [await approved(supplier, S400), await approved(supplier, S400)]
    const run = await generate(runBody(ids))
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    expect((await amountsOf(run.body.payload.id)).map((l) => l.retention)).toEqual([1_200, 1_200])
  })
})

describe("'Marcar como pagado' by hand under an open run", () => {
  it('is refused with a 409 naming the run while the run is open, and changes nothing; once annulled it is paid', async () => {
    const supplier = await createSupplier(t)
    const v = await approved(supplier)
    const run = (await generate(runBody([v]))).body.payload.id
    // The voucher's net (S/ 1,180.00 less the 3 % retention): the right amount, refused all the same.
    const paid = await step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })
    expect(paid.status).toBe(409)
    expect(paid.body.messages).toEqual([
      `El comprobante está en la orden de pago N° ${run}, que sigue vigente: se marca como pagado con el abono de esa orden; anule la orden antes de marcarlo como pagado a mano`,
    ])
    const [voucher] = rowsOf<{ status: number; paid_on: string | null }>(
      await t.handle.db.execute(sql`select status, paid_on from payment_vouchers where id = ${v}`),
    )
    expect(voucher).toEqual({ status: 3, paid_on: null })
    expect((await annul(run, 'Se pagó por ventanilla')).status).toBe(200)
    const later = await step(t, 'tesoreria', v, 'pay', { paidAmount: '1144.60', paidOn: TODAY })
    expect(later.status, JSON.stringify(later.body)).toBe(200)
  })
})

describe('every problem listed, nothing written', () => {
  it('answers one 422 naming each voucher and supplier, and changes nothing', async () => {
    const noCci = await createSupplier(t, { name: 'Sin CCI S.A.C.', bankInterAccount: null })
    const ok = await createSupplier(t, { name: 'Correcto S.A.C.' })
    const registered = await registerVoucher(t, voucherFields(ok, fx, { companyId: fx.agentCompanyId }))
    const good = await approved(ok)
    const withoutCci = await approved(noCci)
    const otherCompany = await (async () => {
      const id = await authorizedVoucher(t, fx, voucherFields(ok, fx))
      await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })
      return id
    })()
    // A voucher already in an open run is listed with the rest.
    const taken = await approved(ok)
    const takenRun = (await generate(runBody([taken]))).body.payload.id

    const before = await tableCounts()
    const files = await storedFiles()
    const res = await generate(runBody([good, registered, withoutCci, otherCompany, taken, 999_999]))
    expect(res.status).toBe(422)
    const messages: string[] = res.body.messages
    expect(messages).toEqual(
      expect.arrayContaining([
        'El comprobante con identificador 999999 no existe',
        expect.stringMatching(
          /^Correcto S\.A\.C\. · F001-\d{8}: está REGISTRADO; solo se pagan comprobantes APROBADOS$/,
        ),
        expect.stringMatching(
          /^Correcto S\.A\.C\. · F001-\d{8}: es de Empresa Pagadora S\.A\.C\., y la cuenta de cargo es de Empresa Agente S\.A\./,
        ),
        'Sin CCI S.A.C.: no tiene CCI registrado; las transferencias por CCI se abonan al CCI del proveedor',
        expect.stringMatching(
          new RegExp(
            `^Correcto S\\.A\\.C\\. · F001-\\d{8}: ya está en la orden de pago N° ${takenRun} \\(CCI`,
          ),
        ),
      ]),
    )
    expect(messages).toHaveLength(5)
    expect(await tableCounts()).toEqual(before)
    expect(await storedFiles()).toBe(files)
    // A debit account in dollars pays dollar vouchers only (supplier-runs-usd.test.ts).
    const usd = await companyAccount(t.handle.db, fx.agentCompanyId, '1910123456080', 'USD')
    const dollars = await generate(runBody([good], { companyAccountId: usd.id }))
    expect(dollars.status).toBe(422)
    expect(dollars.body.messages).toHaveLength(1)
    expect(dollars.body.messages[0]).toMatch(
      /: está en soles \(PEN\) y la cuenta de cargo es en dólares \(USD\); una orden paga solo comprobantes en la moneda de su cuenta de cargo/,
    )
    // The account of the other company pays only its own vouchers.
    const other = await generate(runBody([otherCompany], { companyAccountId: plainAccountId }))
    expect(other.status, JSON.stringify(other.body)).toBe(200)
  })

  it('refuses a supplier saved before its form refused a CCI of another account, and changes nothing', async () => {
    // A 13-digit BCP account: BCP builds its CCIs from it (office 193, then the account's 10 digits).
    const id = await createSupplier(t, {
      name: 'Cuenta Cruzada S.A.C.',
      bankAccount: '1937654321012',
      bankInterAccount: buildCci('002', '193', '7654321012'),
    })
    const voucher = await approved(id)
    // A valid CCI of another account of the same office, as a supplier saved before the rule may hold.
    const otherAccount = buildCci('002', '193', '7654321099')
    await t.handle.db.update(suppliers).set({ bankInterAccount: otherAccount }).where(eq(suppliers.id, id))
    const before = await tableCounts()
    const res = await generate(runBody([voucher]))
    expect(res.status).toBe(422)
    expect(res.body.messages).toEqual([
      'Cuenta Cruzada S.A.C.: su CCI no corresponde a su número de cuenta (en este banco el CCI contiene la cuenta); corrija sus datos bancarios en Proveedores',
    ])
    expect(await tableCounts()).toEqual(before)
  })

  it('refuses a supplier whose net is not positive (a nota de crédito that cancels its factura)', async () => {
    const supplier = await createSupplier(t, { name: 'Neto Cero S.A.C.' })
    const factura = await approved(supplier, S400)
    const note = await approved(supplier, { ...S400, type: '07', series: 'FC01', creditsVoucherId: factura })
    const res = await generate(runBody([factura, note]))
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    expect(res.body.messages).toEqual([
      'Neto Cero S.A.C.: el neto a pagar es S/ 0.00; debe ser mayor que cero',
    ])
  })

  it('refuses bad input with Spanish messages', async () => {
    const bad = await generate({
      voucherIds: [],
      companyAccountId: accountId,
      format: 'BCP',
      paymentDate: '0000-01-01',
      reference: '***',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(
      expect.arrayContaining([
        'Seleccione al menos un comprobante APROBADO',
        'Formato del banco es requerido (por ahora, transferencias por CCI)',
        'La referencia debe tener al menos una letra o un número',
      ]),
    )
    const repeated = await generate(runBody([1, 1]))
    expect(repeated.status).toBe(400)
    expect(repeated.body.messages).toEqual(['Un comprobante está seleccionado más de una vez'])
  })

  it('lets who may read the page see the runs, but only tesorería generate or annul one (pagos_generar)', async () => {
    for (const who of ['lector', 'rrhh'] as const) {
      expect((await generate(runBody([1]), who)).status).toBe(403)
      expect((await t.call(who, { method: 'GET', url: '/api/v1/supplier-runs' })).status).toBe(200)
      const annul = await t.call(who, {
        method: 'POST',
        url: '/api/v1/supplier-runs/1/annul',
        payload: { reason: 'Prueba de permisos' },
      })
      expect(annul.status).toBe(403)
    }
  })
})

describe('a run as large as the API takes', () => {
  it('pays 10,000 vouchers in one run: every voucher recorded and claimed (past what one multi-row insert binds)', async () => {
    const supplier = await createSupplier(t, { name: 'Grande S.A.C.', detractionAccount: null })
    // 10,000 APROBADO facturas of S/ 10.00, set-based (through the API it would take minutes).
    const seeded = await t.handle.db.execute(sql`
      insert into payment_vouchers (company_id, supplier_id, type, series, number, issue_date,
        recording_period, due_date, base_cents, igv_cents, total_cents, description, expense_line_id, status, project_type_id, period,
        authorized_by, authorized_at, payment_type, approved_by, approved_at, created_by)
      select ${fx.agentCompanyId}, ${supplier}, '01', 'G001', g, ${TODAY}::date,
        to_char(${TODAY}::date, 'YYYYMM'), ${TODAY}::date, 847, 153,
        1000, 'Servicio', ${fx.expenseLineId}, 3, ${fx.projectTypeId}, '202611-001', 'rrhh@planillas.pe',
        now(), 1, 'tesoreria@planillas.pe', now(), 'rrhh@planillas.pe'
      from generate_series(1, 10000) g
      returning id`)
    const ids = rowsOf<{ id: number }>(seeded).map((r) => r.id)
    expect(ids).toHaveLength(10_000)
    const res = await generate(runBody(ids))
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    // One supplier: S/ 100,000.00 paid together pass S/ 700, so 3 % retained of each (S/ 0.30).
    expect(res.body.payload).toMatchObject({ lineCount: 1, voucherCount: 10_000, totalCents: 10_000 * 970 })
    const id = res.body.payload.id
    const db = t.handle.db
    const [[recorded], [claimed]] = await Promise.all([
      db
        .select({ n: count(), net: sql<number>`sum(${paymentOrderVouchers.netCents})::int` })
        .from(paymentOrderVouchers)
        .where(eq(paymentOrderVouchers.orderId, id)),
      db.select({ n: count() }).from(paymentOrderClaims).where(eq(paymentOrderClaims.orderId, id)),
    ])
    expect(recorded).toEqual({ n: 10_000, net: 9_700_000 })
    expect(claimed.n).toBe(10_000)
  }, 120_000) // A generous ceiling: seeding and writing 10,000 vouchers on a shared machine.
})

describe('a run paying a supplier the padrón reducido gives as NO HABIDO', () => {
  it('pays it and says so, citing the padrón (docs/decisions/sunat-padrones.md)', async () => {
    const loadId = await loadedPadronReducido(t.handle.db)
    const supplierId = await createSupplier(t, {
      name: 'DDD No Habido S.A.C.',
      bankHolder: 'DDD No Habido SAC',
    })
    const [{ ruc }] = rowsOf<{ ruc: string }>(
      await t.handle.db.execute(sql`select ruc from suppliers where id = ${supplierId}`),
    )
    await padronStanding(t.handle.db, loadId, {
      ruc,
      name: 'DDD NO HABIDO',
      state: 'ACTIVO',
      condition: 'NO HABIDO',
    })
    const voucher = await approved(supplierId)
    const res = await generate(runBody([voucher]))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const warning = `El RUC ${ruc} (DDD No Habido S.A.C.) figura con condición NO HABIDO según el padrón del 20/08/2026`
    expect(res.body.payload.rucWarnings).toEqual([warning])
    expect(res.body.messages).toContain(warning)
  })
})
