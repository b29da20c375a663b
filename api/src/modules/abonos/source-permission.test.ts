import { paymentBatches, paymentBatchReceipts, paymentOrders } from '@planillas/db'
import type { Permission } from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import { companyAccount, createPaymentTestApp, PDF, TODAY } from '@planillas/testing/api/payments'
import { insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import { ensureFixtureBanks, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A batch of payments made is read only with the permission of its source: payroll abonos with the
 * payroll clerk's `planillas_abonos`, supplier abonos with Pagos' `pagos_abonos_lista`. Opening a
 * batch by its number must not bypass what the lists show.
 */
let t: FilesTestApp
const ids = { payroll: 0, supplier: 0, payrollReceipt: 0, supplierReceipt: 0 }

async function insertBatch(source: 'PAYROLL' | 'VOUCHERS', target: { payrollId?: number; orderId?: number }) {
  const storage = t.storage()
  const fileKey = await storage.put(Buffer.from('excel'), { name: 'abonos.xlsx', contentType: 'x' })
  const receiptKey = await storage.put(Buffer.from(PDF), { name: 'c.pdf', contentType: 'application/pdf' })
  const [batch] = await t.handle.db
    .insert(paymentBatches)
    .values({
      source,
      ...target,
      payrollNumber: source,
      paymentDate: TODAY,
      status: 3,
      fileKey,
      fileName: 'abonos.xlsx',
      fileSize: 5,
      receiptCount: 1,
      createdBy: 'rrhh@planillas.pe',
    })
    .returning()
  const [receipt] = await t.handle.db
    .insert(paymentBatchReceipts)
    .values({
      batchId: batch.id,
      position: 1,
      fileKey: receiptKey,
      fileName: 'c.pdf',
      matchKey: 'c',
      fileSize: PDF.length,
    })
    .returning()
  return { batch: batch.id, receipt: receipt.id }
}

beforeAll(async () => {
  const created = await createPaymentTestApp()
  t = created.t
  const db = t.handle.db
  await ensureFixtureBanks(db)
  await insertFixtureEmployees(db, 1)
  const payroll = await insertFixturePayroll(db, 'PL-FUENTE', [{ employee: 0, amount: '10.00' }])
  const account = await companyAccount(db, created.fx.companyId, '1910123456079')
  const [order] = await db
    .insert(paymentOrders)
    .values({
      source: 'VOUCHERS',
      companyAccountId: account.id,
      format: 'CCI',
      paymentDate: TODAY,
      reference: 'Pago',
      lineCount: 1,
      totalAmount: '10.00',
      fileKey: 'x',
      fileName: 'x.xlsx',
      fileSize: 1,
      sha256: 'x',
      createdBy: 'tesoreria@planillas.pe',
    })
    .returning()
  const payrollBatch = await insertBatch('PAYROLL', { payrollId: payroll.id })
  const supplierBatch = await insertBatch('VOUCHERS', { orderId: order.id })
  Object.assign(ids, {
    payroll: payrollBatch.batch,
    payrollReceipt: payrollBatch.receipt,
    supplier: supplierBatch.batch,
    supplierReceipt: supplierBatch.receipt,
  })
})
afterAll(() => t?.close())

/** Every way to read one batch by its number. */
const readings = (id: number, receiptId: number) => [
  `/api/v1/payment-batches/${id}`,
  `/api/v1/payment-batches/${id}/file`,
  `/api/v1/payment-batches/${id}/errors`,
  `/api/v1/payment-batches/${id}/errors/xlsx`,
  `/api/v1/payment-batches/${id}/receipts/${receiptId}`,
]

const statuses = async (roles: Permission[], urls: string[]) =>
  Promise.all(urls.map(async (url) => (await t.call(roles, { method: 'GET', url })).status))

describe('who reads a batch of payments made', () => {
  it('a payroll clerk gets 403 on every supplier batch, and reads the payroll ones', async () => {
    const supplier = readings(ids.supplier, ids.supplierReceipt)
    expect(await statuses(['planillas_abonos'], supplier)).toEqual(supplier.map(() => 403))
    expect(await statuses(['planillas_lista'], supplier)).toEqual(supplier.map(() => 403))
    const payroll = readings(ids.payroll, ids.payrollReceipt)
    expect(await statuses(['planillas_abonos'], payroll)).toEqual(payroll.map(() => 200))
  })

  it('tesorería gets 403 on every payroll batch, and reads the supplier ones', async () => {
    const payroll = readings(ids.payroll, ids.payrollReceipt)
    expect(await statuses(['pagos_abonos_lista'], payroll)).toEqual(payroll.map(() => 403))
    const supplier = readings(ids.supplier, ids.supplierReceipt)
    expect(await statuses(['pagos_abonos_lista'], supplier)).toEqual(supplier.map(() => 200))
  })

  it("a payroll reader opens one receipt of the payroll's abonos (its details link it), nothing else", async () => {
    const [batch, receipt] = await statuses(
      ['planillas_lista'],
      [
        `/api/v1/payment-batches/${ids.payroll}`,
        `/api/v1/payment-batches/${ids.payroll}/receipts/${ids.payrollReceipt}`,
      ],
    )
    expect([batch, receipt]).toEqual([403, 200])
  })

  it('lists each source only to its own permission', async () => {
    const list = async (roles: Permission[], source?: string) =>
      (
        await t.call(roles, {
          method: 'POST',
          url: '/api/v1/payment-batches/list',
          payload: source ? { source } : {},
        })
      ).status
    expect(await list(['pagos_abonos_lista'])).toBe(403)
    expect(await list(['pagos_abonos_lista'], 'VOUCHERS')).toBe(200)
    expect(await list(['planillas_abonos'])).toBe(200)
    expect(await list(['planillas_abonos'], 'VOUCHERS')).toBe(403)
  })
})
