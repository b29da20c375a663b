import { paymentOrderVouchers } from '@planillas/db'
import { addDays, rucCheckDigit } from '@planillas/domain'
import {
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  postSupplierRun,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { lastAuditEntry } from '@planillas/testing/audit'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ account: ['companyId', '1910123456080'] })

let naturalSequence = 0
/** A natural person (RUC 10…) who issues recibos por honorarios. */
async function naturalPerson(name: string) {
  naturalSequence++
  const stem = String(1040000000 + naturalSequence * 7_919)
  const ruc = `${stem}${rucCheckDigit(stem)}`
  return createSupplier(t, { ruc, bankIdentifier: ruc, name, bankHolder: name })
}

/** A recibo por honorarios of `total` soles (no IGV) taken to APROBADO. */
async function approvedReceipt(supplierId: number, total: string, companyId = fx.companyId) {
  return expectApproved(
    t,
    fx,
    voucherFields(supplierId, fx, { companyId, type: '02', series: 'E001', base: total, igv: '0.00', total }),
  )
}

const certificates = (supplierId: number) => `/api/v1/suppliers/${supplierId}/suspension-certificates`
const addCertificate = (supplierId: number, number: string, grantedOn: string) =>
  t.call('admin', { method: 'POST', url: certificates(supplierId), payload: { number, grantedOn } })

const lastAudit = (entity: string, entityId: number) => lastAuditEntry(t.handle.db, entity, entityId)

const generate = (voucherIds: number[], paymentDate: string) =>
  postSupplierRun(t, { voucherIds, companyAccountId: fx.accountId, paymentDate, reference: 'Honorarios' })

/** The run's CCI Excel: [beneficiary, amount] per row under the header. */
async function transferAmounts(runId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/supplier-runs/${runId}/files/transfers`,
    headers: await t.as('tesoreria'),
  })
  expect(res.statusCode).toBe(200)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const rows: [string, number][] = []
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) rows.push([String(row.getCell(3).value), Number(row.getCell(6).value)])
  })
  return rows
}

const annul = (id: number) =>
  t.call('tesoreria', {
    method: 'POST',
    url: `/api/v1/supplier-runs/${id}/annul`,
    payload: { reason: 'Prueba' },
  })

describe('suspension certificates of a supplier', () => {
  it('a natural person records, lists and removes them, each audited', async () => {
    const id = await naturalPerson('Ana Torres Quispe')
    const added = await addCertificate(id, ' 0123-abc ', TODAY)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.messages).toEqual(['Constancia de suspensión registrada'])
    expect(await lastAudit('suppliers', id)).toMatchObject({ action: 'CREATE' })
    expect((await lastAudit('suppliers', id))?.description).toContain(
      'constancia de suspensión de retenciones de cuarta categoría N° 0123-ABC',
    )

    const list = await t.call('lector', { method: 'GET', url: certificates(id) })
    expect(list.status).toBe(200)
    expect(list.body.payload).toEqual([
      expect.objectContaining({
        number: '0123-ABC',
        grantedOn: TODAY,
        validUntil: `${TODAY.slice(0, 4)}-12-31`,
      }),
    ])

    const again = await addCertificate(id, '0123-ABC', TODAY)
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual(['El proveedor ya tiene registrada la constancia N° 0123-ABC'])

    const certificateId = list.body.payload[0].id
    const removed = await t.call('admin', { method: 'DELETE', url: `${certificates(id)}/${certificateId}` })
    expect(removed.status).toBe(200)
    expect(await lastAudit('suppliers', id)).toMatchObject({ action: 'DELETE' })
    expect((await t.call('lector', { method: 'GET', url: certificates(id) })).body.payload).toEqual([])
    const gone = await t.call('admin', { method: 'DELETE', url: `${certificates(id)}/${certificateId}` })
    expect(gone.status).toBe(404)
    expect(gone.body.messages).toEqual(['La constancia de suspensión no existe o no es de este proveedor'])
  })

  it('refuses a company (RUC 20…), a future date and a bad number, in Spanish, writing nothing', async () => {
    const company = await createSupplier(t)
    const refused = await addCertificate(company, '123', TODAY)
    expect(refused.status).toBe(400)
    expect(refused.body.messages[0]).toMatch(/no es una persona natural \(R\.U\.C\. 10…\)/)
    const person = await naturalPerson('Luis Rojas Vega')
    const future = await addCertificate(person, '123', addDays(TODAY, 1))
    expect(future.status).toBe(400)
    expect(future.body.messages).toContain('La fecha de otorgamiento no puede ser posterior a hoy')
    const bad = await addCertificate(person, 'N° 12', TODAY)
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toContain(
      'El número de la constancia solo admite dígitos, letras y guiones (hasta 30 caracteres)',
    )
    expect((await t.call('lector', { method: 'GET', url: certificates(person) })).body.payload).toEqual([])
    expect(
      (
        await t.call('admin', {
          method: 'POST',
          url: certificates(person),
          payload: { number: '1', grantedOn: TODAY },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await t.call('lector', {
          method: 'POST',
          url: certificates(person),
          payload: { number: '2', grantedOn: TODAY },
        })
      ).status,
    ).toBe(403)
  })
})

describe('fourth-category retention of a recibo por honorarios', () => {
  it('approval proposes it with the approval date: S/ 2,000.00 → S/ 160.00, net S/ 1,840.00; S/ 1,500.00 → 0', async () => {
    const person = await naturalPerson('Carmen Díaz Soto')
    const over = await approvedReceipt(person, '2000.00')
    expect(await getVoucher(t, over)).toMatchObject({
      totalCents: 200_000,
      retentionCents: 0,
      fourthCategoryCents: 16_000,
      netCents: 184_000,
    })
    expect((await lastAudit('payments', over))?.description).toContain(
      `retención de cuarta categoría 8 % S/ 160.00 al `,
    )
    const at = await approvedReceipt(person, '1500.00')
    expect(await getVoucher(t, at)).toMatchObject({ fourthCategoryCents: 0, netCents: 150_000 })
  })

  it('a run recomputes it on the payment date: S/ 2,000.00 → S/ 160.00 withheld, S/ 1,840.00 in the file; S/ 1,500.00 → 0', async () => {
    const first = await naturalPerson('Pedro Castillo Ramos')
    const second = await naturalPerson('Rosa Huamán León')
    const over = await approvedReceipt(first, '2000.00')
    const at = await approvedReceipt(second, '1500.00')
    const res = await generate([over, at], TODAY)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.payload.totalCents).toBe(184_000 + 150_000)
    expect(await transferAmounts(res.body.payload.id)).toEqual([
      ['PEDRO CASTILLO RAMOS', 1840],
      ['ROSA HUAMAN LEON', 1500],
    ])
    const rows = await t.handle.db
      .select()
      .from(paymentOrderVouchers)
      .where(eq(paymentOrderVouchers.orderId, res.body.payload.id))
    expect(
      rows
        .map((r) => [r.voucherId, r.retentionCents, r.fourthCategoryCents, r.netCents])
        .sort((a, b) => a[0] - b[0]),
    ).toEqual([
      [over, 0, 16_000, 184_000],
      [at, 0, 0, 150_000],
    ])
    const detail = (
      await t.call('tesoreria', { method: 'GET', url: `/api/v1/supplier-runs/${res.body.payload.id}` })
    ).body.payload
    expect(
      detail.lines.map((l: { fourthCategoryCents: number; netCents: number }) => [
        l.fourthCategoryCents,
        l.netCents,
      ]),
    ).toEqual([
      [16_000, 184_000],
      [0, 150_000],
    ])
    expect((await annul(res.body.payload.id)).status).toBe(200)
  })

  it('a certificate granted before the payment date suspends it; one granted on the payment date does not', async () => {
    // In force from the day after it is granted until 31 December: on 31 December the certificate
    // is granted the day before instead, so the payment stays in the same year.
    const [granted, later] = TODAY.endsWith('-12-31')
      ? [addDays(TODAY, -1), TODAY]
      : [TODAY, addDays(TODAY, 1)]
    const person = await naturalPerson('Jorge Salas Paredes')
    expect((await addCertificate(person, '2026-0001', granted)).status).toBe(200)
    const id = await approvedReceipt(person, '2000.00')

    const sameDay = await generate([id], granted)
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200)
    expect(await transferAmounts(sameDay.body.payload.id)).toEqual([['JORGE SALAS PAREDES', 1840]])
    expect((await annul(sameDay.body.payload.id)).status).toBe(200)

    const after = await generate([id], later)
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    expect(after.body.payload.totalCents).toBe(200_000)
    expect(await transferAmounts(after.body.payload.id)).toEqual([['JORGE SALAS PAREDES', 2000]])
    const [row] = await t.handle.db
      .select()
      .from(paymentOrderVouchers)
      .where(eq(paymentOrderVouchers.orderId, after.body.payload.id))
    expect([row.fourthCategoryCents, row.netCents]).toEqual([0, 200_000])
    expect((await annul(after.body.payload.id)).status).toBe(200)
  })

  it('paid by hand, the same rule on the payment date: the net without the retention is refused; what is withheld is stored', async () => {
    const person = await naturalPerson('Lucía Mendoza Ríos')
    const over = await approvedReceipt(person, '2000.00')
    const whole = await step(t, 'tesoreria', over, 'pay', { paidAmount: '2000.00', paidOn: TODAY })
    expect(whole.status).toBe(400)
    expect(whole.body.messages[0]).toContain('S/ 1,840.00')
    expect((await getVoucher(t, over)).status).toBe(3)
    const paid = await step(t, 'tesoreria', over, 'pay', { paidAmount: '1840.00', paidOn: TODAY })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(await getVoucher(t, over)).toMatchObject({
      status: 4,
      paidCents: 184_000,
      fourthCategoryCents: 16_000,
      netCents: 184_000,
    })
    expect((await lastAudit('payments', over))?.description).toContain(
      'retención de cuarta categoría 8 % S/ 160.00',
    )

    const at = await approvedReceipt(person, '1500.00')
    const paidAt = await step(t, 'tesoreria', at, 'pay', { paidAmount: '1500.00', paidOn: TODAY })
    expect(paidAt.status, JSON.stringify(paidAt.body)).toBe(200)
    expect(await getVoucher(t, at)).toMatchObject({ paidCents: 150_000, fourthCategoryCents: 0 })
  })
})

describe("the month's fourth-category retentions and PLAME's files", () => {
  const period = TODAY.slice(0, 7).replace('-', '')
  const ddmmyyyy = TODAY.split('-').reverse().join('/')
  const month = (companyId: number) =>
    t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retentions/fourth-category?companyId=${companyId}&period=${period}`,
    })
  const file = async (companyId: number, kind: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/retentions/fourth-category/files/${kind}?companyId=${companyId}&period=${period}`,
      headers: await t.as('tesoreria'),
    })

  it('lists the receipts paid in the month and writes .ps4 and .4ta that read back field by field, CRLF', async () => {
    const company = fx.agentCompanyId
    const none = await file(company, 'ps4')
    expect(none.statusCode).toBe(409)
    expect(none.json().messages).toEqual(['No hay recibos por honorarios pagados en el periodo'])

    const ana = await naturalPerson('Álvarez Ñique Ana Sofía')
    const luis = await naturalPerson('Benítez Cruz Luis')
    const paid: number[] = []
    for (const [supplier, total, net] of [
      [ana, '2000.00', '1840.00'],
      [ana, '1500.00', '1500.00'],
      [luis, '1500.01', '1380.01'],
    ] as const) {
      const id = await approvedReceipt(supplier, total, company)
      const res = await step(t, 'tesoreria', id, 'pay', { paidAmount: net, paidOn: TODAY })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      paid.push(id)
    }
    // Approved, not paid: not in the month.
    await approvedReceipt(luis, '3000.00', company)

    const list = await month(company)
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    const body = list.body.payload
    expect(
      body.rows.map(
        (r: { id: number; totalCents: number; fourthCategoryCents: number; netCents: number }) => [
          r.id,
          r.totalCents,
          r.fourthCategoryCents,
          r.netCents,
        ],
      ),
    ).toEqual(
      [
        [paid[0], 200_000, 16_000, 184_000],
        [paid[1], 150_000, 0, 150_000],
        [paid[2], 150_001, 12_000, 138_001],
      ].sort((a, b) => {
        const ruc = (id: number) => body.rows.find((r: { id: number }) => r.id === id).supplierRuc
        return ruc(a[0]).localeCompare(ruc(b[0])) || a[0] - b[0]
      }),
    )
    expect(body.totals).toEqual({ totalCents: 500_001, fourthCategoryCents: 28_000, netCents: 472_001 })
    expect(body.files).toEqual({
      ps4: `0601${period}${body.companyRuc}.ps4`,
      '4ta': `0601${period}${body.companyRuc}.4ta`,
    })

    const rucOf = async (id: number) =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/suppliers/${id}` })).body.payload.ruc
    const [anaRuc, luisRuc] = [await rucOf(ana), await rucOf(luis)]
    const numberOf = async (id: number) => String((await getVoucher(t, id)).number)

    const ps4 = await file(company, 'ps4')
    expect(ps4.statusCode).toBe(200)
    expect(ps4.headers['content-disposition']).toContain(`filename="0601${period}${body.companyRuc}.ps4"`)
    expect(ps4.body.endsWith('\r\n')).toBe(true)
    expect(ps4.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const ps4Lines = ps4.body
      .split('\r\n')
      .slice(0, -1)
      .map((l) => l.split('|'))
    expect(ps4Lines.sort((a, b) => a[1].localeCompare(b[1]))).toEqual(
      [
        ['06', anaRuc, 'ALVAREZ', 'NIQUE', 'ANA SOFIA', '1', '0', ''],
        ['06', luisRuc, 'BENITEZ', 'CRUZ', 'LUIS', '1', '0', ''],
      ].sort((a, b) => a[1].localeCompare(b[1])),
    )

    const fourth = await file(company, '4ta')
    expect(fourth.statusCode).toBe(200)
    expect(fourth.headers['content-disposition']).toContain(`filename="0601${period}${body.companyRuc}.4ta"`)
    expect(fourth.body.endsWith('\r\n')).toBe(true)
    expect(fourth.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = fourth.body
      .split('\r\n')
      .slice(0, -1)
      .map((l) => l.split('|'))
    const expected = [
      ['06', anaRuc, 'R', 'E001', await numberOf(paid[0]), '2000.00', ddmmyyyy, ddmmyyyy, '1', '3', '', ''],
      ['06', anaRuc, 'R', 'E001', await numberOf(paid[1]), '1500.00', ddmmyyyy, ddmmyyyy, '0', '3', '', ''],
      ['06', luisRuc, 'R', 'E001', await numberOf(paid[2]), '1500.01', ddmmyyyy, ddmmyyyy, '1', '3', '', ''],
    ]
    const key = (l: string[]) => `${l[1]}-${l[4].padStart(8, '0')}`
    expect(lines.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    )

    const bad = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/retentions/fourth-category?companyId=${company}&period=202613`,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(['El periodo debe ser AAAAMM'])
  })
})
