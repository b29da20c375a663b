import { padronLoads, paymentVouchers, taxStatusPeriods } from '@planillas/db'
import { addDays, formatDate } from '@planillas/domain'
import {
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  postSupplierRun,
  rucOf,
  step,
  supplierBody,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ account: ['agentCompanyId', '1910123456078'] })

/** A buen contribuyente period of the supplier's RUC, from 01/03/2025 to `validTo` (as a padrón load would leave it). */
const goodUntil = async (supplierId: number, validTo: string) =>
  t.handle.db.insert(taxStatusPeriods).values({
    ruc: await rucOf(t, supplierId),
    kind: 'BUEN_CONTRIBUYENTE',
    validFrom: '2025-03-01',
    validTo,
    source: 'MANUAL',
  })

/** A S/ 1,180.00 factura of the agent company, approved today (registered by rrhh, approved by tesorería). */
async function approved(supplierId: number) {
  return expectApproved(t, fx, voucherFields(supplierId, fx, { companyId: fx.agentCompanyId }))
}

/** The first 1 February after today: within a run's payment dates (up to 366 days ahead). */
const nextFebruaryFirst = () => {
  const year = Number(TODAY.slice(0, 4))
  return TODAY < `${year}-02-01` ? `${year}-02-01` : `${year + 1}-02-01`
}

describe('the supplier form writes MANUAL periods dated today', () => {
  it('turning a flag on opens a period from today, off closes it (removed when opened today); the details list them', async () => {
    const body = supplierBody({ goodTaxpayer: true })
    const id = await createSupplier(t, body)
    const periods = () =>
      t.handle.db
        .select({
          kind: taxStatusPeriods.kind,
          validFrom: taxStatusPeriods.validFrom,
          validTo: taxStatusPeriods.validTo,
        })
        .from(taxStatusPeriods)
        .where(eq(taxStatusPeriods.ruc, body.ruc))
        .orderBy(asc(taxStatusPeriods.id))
    expect(await periods()).toEqual([{ kind: 'BUEN_CONTRIBUYENTE', validFrom: TODAY, validTo: null }])

    // An older MANUAL period of another kind, still open: turning it off ends it yesterday.
    await t.handle.db
      .insert(taxStatusPeriods)
      .values({ ruc: body.ruc, kind: 'AGENTE_RETENCION', validFrom: '2025-01-01', source: 'MANUAL' })
    const { ruc: _, ...rest } = body
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/suppliers/${id}`,
      payload: { ...rest, goodTaxpayer: false, retentionAgent: false, perceptionAgent: true },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const yesterday = addDays(TODAY, -1)
    expect(await periods()).toEqual([
      { kind: 'AGENTE_RETENCION', validFrom: '2025-01-01', validTo: yesterday },
      { kind: 'AGENTE_PERCEPCION', validFrom: TODAY, validTo: null },
    ])
    const details = (await t.call('admin', { method: 'GET', url: `/api/v1/suppliers/${id}` })).body.payload
    expect(details).toMatchObject({ retentionAgent: false, perceptionAgent: true, goodTaxpayer: false })
    expect(details.taxStatusPeriods).toEqual([
      {
        kind: 'AGENTE_PERCEPCION',
        validFrom: TODAY,
        validTo: null,
        source: 'MANUAL',
        loadId: null,
        resolution: null,
      },
      {
        kind: 'AGENTE_RETENCION',
        validFrom: '2025-01-01',
        validTo: yesterday,
        source: 'MANUAL',
        loadId: null,
        resolution: null,
      },
    ])
    const audit = (await auditEntries(t.handle.db, 'suppliers', id)).find((a) => a.action === 'UPDATE')
    expect(audit?.description).toBe(
      `Actualizó el proveedor PR-${String(id).padStart(4, '0')}: Agente de retención: 'SÍ' → 'NO'; ` +
        `Agente de percepción: 'NO' → 'SÍ'; Buen contribuyente: 'SÍ' → 'NO' ` +
        `(periodo manual de agente de retención cerrado al ${formatDate(yesterday)}; ` +
        `periodo manual de agente de percepción desde ${formatDate(TODAY)}; ` +
        'periodo manual de buen contribuyente abierto hoy, anulado)',
    )
  })

  it('a flag a SUNAT padrón holds is not turned off by hand: 400, nothing changed', async () => {
    const body = supplierBody()
    const id = await createSupplier(t, body)
    // The padrón's load the period comes from (tax_status_periods.load_id is its foreign key).
    const [load] = await t.handle.db
      .insert(padronLoads)
      .values({
        kind: 'BUENOS_CONTRIBUYENTES',
        listDate: '2025-06-01',
        fileKey: 'k',
        fileName: 'BueCont_TXT.zip',
        fileSize: 1,
      })
      .returning()
    await t.handle.db.insert(taxStatusPeriods).values({
      ruc: body.ruc,
      kind: 'BUEN_CONTRIBUYENTE',
      validFrom: '2025-06-01',
      source: 'PADRON',
      loadId: load.id,
    })
    const { ruc: _, ...rest } = body
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/suppliers/${id}`,
      payload: { ...rest, name: 'Otro Nombre S.A.C.', goodTaxpayer: false },
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([
      'El padrón de SUNAT registra este RUC como buen contribuyente desde el 01/06/2025: no se puede quitar a mano',
    ])
    expect(
      (await t.call('admin', { method: 'GET', url: `/api/v1/suppliers/${id}` })).body.payload,
    ).toMatchObject({
      name: body.name,
      goodTaxpayer: true,
    })
  })
})

describe('the status is read on the payment date', () => {
  it('approval proposes with today’s status', async () => {
    const supplier = await createSupplier(t)
    await goodUntil(supplier, addDays(TODAY, 5))
    const id = await approved(supplier)
    expect(await getVoucher(t, id)).toMatchObject({ retention: false, retentionCents: 0 })
  })

  it('a run: buen contribuyente until 31/01, paid on 01/02 → retained, and the answer says what changed; paid on 31/01 → none', async () => {
    const february = nextFebruaryFirst()
    const january31 = addDays(february, -1)
    const supplier = await createSupplier(t, { name: 'Buen Contribuyente Hasta Enero S.A.C.' })
    await goodUntil(supplier, january31)
    const first = await approved(supplier)
    const second = await approved(supplier)
    // Approved today, while still a buen contribuyente: no retention proposed.
    expect(await getVoucher(t, first)).toMatchObject({ retention: false, retentionCents: 0 })

    const run = (voucherId: number, paymentDate: string) =>
      postSupplierRun(t, {
        voucherIds: [voucherId],
        companyAccountId: fx.accountId,
        paymentDate,
        reference: 'Proveedores',
      })
    const retained = await run(first, february)
    expect(retained.status, JSON.stringify(retained.body)).toBe(200)
    expect(retained.body.payload.totalCents).toBe(114_460)
    expect(retained.body.payload.statusChanges).toEqual([
      {
        supplierId: supplier,
        supplierName: 'Buen Contribuyente Hasta Enero S.A.C.',
        changes: [`dejó de ser buen contribuyente el ${formatDate(february)}: se retiene`],
      },
    ])
    expect(retained.body.messages[1]).toBe(
      `Buen Contribuyente Hasta Enero S.A.C.: dejó de ser buen contribuyente el ${formatDate(february)}: se retiene`,
    )
    const notRetained = await run(second, january31)
    expect(notRetained.status, JSON.stringify(notRetained.body)).toBe(200)
    expect(notRetained.body.payload).toMatchObject({ totalCents: 118_000, statusChanges: [] })
    const runs = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/supplier-runs/${retained.body.payload.id}`,
    })
    expect(runs.body.payload.retentionCents).toBe(3_540)
  })

  it('a voucher paid by hand: paid on 31/01/2026 while a buen contribuyente → no retention; on 01/02/2026 → retained', async () => {
    const supplier = await createSupplier(t)
    await goodUntil(supplier, '2026-01-31')
    const before = await approved(supplier)
    const after = await approved(supplier)
    // Approved today (no longer a buen contribuyente): 3 % of S/ 1,180.00 proposed.
    expect(await getVoucher(t, before)).toMatchObject({ retention: true, retentionCents: 3_540 })

    const net = await step(t, 'tesoreria', before, 'pay', { paidAmount: '1144.60', paidOn: '2026-01-31' })
    expect(net.status).toBe(400)
    expect(net.body.messages).toEqual([
      'El monto pagado (S/ 1,144.60) no es el neto a pagar del comprobante (S/ 1,180.00): se registra el pago del ' +
        'neto completo, no pagos parciales ni mayores; el proveedor era buen contribuyente el 31/01/2026: no se ' +
        'retiene (retención S/ 35.40 → S/ 0.00)',
    ])
    expect(await getVoucher(t, before)).toMatchObject({ status: 3, retentionCents: 3_540 })
    const whole = await step(t, 'tesoreria', before, 'pay', { paidAmount: '1180.00', paidOn: '2026-01-31' })
    expect(whole.status, JSON.stringify(whole.body)).toBe(200)
    expect(await getVoucher(t, before)).toMatchObject({
      status: 4,
      paidCents: 118_000,
      retention: false,
      retentionCents: 0,
    })

    const retained = await step(t, 'tesoreria', after, 'pay', { paidAmount: '1144.60', paidOn: '2026-02-01' })
    expect(retained.status, JSON.stringify(retained.body)).toBe(200)
    const [row] = await t.handle.db
      .select({ retentionCents: paymentVouchers.retentionCents, paidCents: paymentVouchers.paidCents })
      .from(paymentVouchers)
      .where(eq(paymentVouchers.id, after))
    expect(row).toEqual({ retentionCents: 3_540, paidCents: 114_460 })
  })
})
