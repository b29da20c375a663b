// Across the tiers: a 'Carga de comprobantes' uploaded through the API, processed by the
// worker's 'voucher-import' job through the batch pipeline, then read back through the API. It lives
// with the launchers (scripts/ may import every workspace): the API and the worker never import each other.

import { auditLogs, paymentVouchers, suppliers, voucherBatches } from '@planillas/db'
import {
  dayMonthYear,
  FILE_MESSAGES,
  VOUCHER_ROW_MESSAGES as R,
  rucCheckDigit,
  VOUCHER_MESSAGES,
} from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import {
  createSupplier,
  multipart,
  PDF,
  paymentFixturesPerFile,
  registerVoucher,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { runVoucherImport, voucherBatchErrors, voucherBatchOf } from '@planillas/testing/api/voucher-batches'
import { facturaRow, vouchersWorkbook } from '@planillas/testing/voucher-fixtures'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile()
/** Two active suppliers and a suspended one, by RUC. */
const ruc = { a: '', b: '', suspended: '' }
let credited: number
beforeAll(async () => {
  const rucOf = async (id: number) =>
    (await t.handle.db.select().from(suppliers).where(eq(suppliers.id, id)))[0].ruc
  const a = await createSupplier(t)
  ruc.a = await rucOf(a)
  ruc.b = await rucOf(await createSupplier(t))
  const suspended = await createSupplier(t)
  ruc.suspended = await rucOf(suspended)
  await t.handle.db.update(suppliers).set({ status: 2 }).where(eq(suppliers.id, suspended))
  // The factura F001-500 the file's credit note modifies, registered by hand with its PDF.
  credited = await registerVoucher(t, voucherFields(a, fx, { series: 'F001', number: '500' }))
})

const upload = async (content: Buffer, name = 'comprobantes.xlsx') => {
  const res = await t.call('rrhh', {
    method: 'POST',
    url: '/api/v1/voucher-batches',
    ...(await multipart({ companyId: fx.companyId }, { file: { name, content } })),
  })
  expect(res.status).toBe(200)
  return res.body.payload.id as number
}
const run = (batchId: number) => runVoucherImport(t, batchId)
const batch = (id: number) => voucherBatchOf(t, id)
const errors = (id: number) => voucherBatchErrors(t, id)
const voucherCount = async () => (await t.handle.db.select().from(paymentVouchers)).length
const authorize = (id: number, period: string) =>
  step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period })
const attach = async (id: number, who: Parameters<FilesTestApp['call']>[0] = 'rrhh') =>
  t.call(who, {
    method: 'POST',
    url: `/api/v1/payments/${id}/files`,
    ...(await multipart({}, { pdf: { name: `comprobante-${id}.pdf`, content: PDF } })),
  })

/** This month and the next as AAAAMM, written out here. */
const THIS_MONTH = `${TODAY.slice(0, 4)}${TODAY.slice(5, 7)}`
const NEXT_MONTH =
  TODAY.slice(5, 7) === '12'
    ? `${Number(TODAY.slice(0, 4)) + 1}01`
    : `${TODAY.slice(0, 4)}${String(Number(TODAY.slice(5, 7)) + 1).padStart(2, '0')}`

describe('a good file', () => {
  let ids: number[] = []

  it('registers every voucher REGISTRADO without PDF, with their audit entries', async () => {
    const before = await voucherCount()
    const id = await upload(
      await vouchersWorkbook([
        // 'Moneda' USD: a factura in dollars (its 'Periodo de registro' left blank).
        facturaRow(ruc.a, 1, dayMonthYear(TODAY), { 12: '', 13: 'USD' }),
        // A recibo por honorarios without IGV, an expense line by its description, a date cell.
        [
          ruc.b,
          2,
          'e001',
          7,
          new Date(`${TODAY}T00:00:00Z`),
          TODAY,
          500,
          0,
          500,
          'Asesoría legal',
          'mantenimiento',
          '',
        ],
        // The credit note of the factura registered by hand.
        [
          ruc.a,
          '07',
          'FC01',
          '3',
          TODAY,
          TODAY,
          100,
          18,
          118,
          'Descuento por volumen',
          'LG-0001',
          'F001-500',
          // 'Periodo de registro': recorded next month (blank on the other rows: the issue month).
          NEXT_MONTH,
        ],
      ]),
    )
    expect(await run(id)).toMatchObject({ outcome: 'processed', vouchers: 3 })
    expect(await batch(id)).toMatchObject({
      status: 3,
      progress: 100,
      rowsRead: 3,
      errorCount: 0,
      voucherCount: 3,
    })
    expect(await voucherCount()).toBe(before + 3)
    const rows = await t.handle.db
      .select()
      .from(paymentVouchers)
      .where(eq(paymentVouchers.createdBy, 'rrhh@planillas.pe'))
      .orderBy(paymentVouchers.id)
    const mine = rows.filter((r) => r.id !== credited)
    expect(
      mine.map((r) => [
        r.type,
        r.series,
        r.number,
        r.status,
        r.companyId,
        r.totalCents,
        r.igvCents,
        r.creditsVoucherId,
        r.recordingPeriod,
        r.currency,
      ]),
    ).toEqual([
      ['01', 'F001', 1, 1, fx.companyId, 118_000, 18_000, null, THIS_MONTH, 'USD'],
      ['02', 'E001', 7, 1, fx.companyId, 50_000, 0, null, THIS_MONTH, 'PEN'],
      ['07', 'FC01', 3, 1, fx.companyId, 11_800, 1_800, credited, NEXT_MONTH, 'PEN'],
    ])
    ids = mine.map((r) => r.id)
    const detail = await t.call('rrhh', { method: 'GET', url: `/api/v1/payments/${ids[0]}` })
    expect(detail.body.payload.files).toEqual([])
    const audit = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payments'), eq(auditLogs.entityId, String(ids[1]))))
    expect(audit.map((a) => [a.actor, a.description])).toEqual([
      [
        'rrhh@planillas.pe',
        expect.stringMatching(
          new RegExp(
            `^Registró el comprobante RECIBO POR HONORARIOS E001-00000007 .* con la carga de comprobantes #${id}, sin PDF$`,
          ),
        ),
      ],
    ])
    const [closing] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'voucher_batches'),
          eq(auditLogs.action, 'UPDATE'),
          eq(auditLogs.entityId, String(id)),
        ),
      )
    expect(closing.description).toBe(
      `La carga de comprobantes #${id} ('comprobantes.xlsx') registró 3 comprobantes por S/ 1,798.00, sin PDF`,
    )
    // A second run of the same job finds the batch finished and writes nothing.
    expect(await run(id)).toEqual({ outcome: 'skipped' })
    expect(await voucherCount()).toBe(before + 3)
  })

  it('refuses authorizing a voucher without its PDF until it is attached', async () => {
    const refused = await authorize(ids[0], '202611-101')
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([VOUCHER_MESSAGES.pdfPendingAuthorize])
    expect((await attach(ids[0], 'tesoreria')).status).toBe(403)
    const attached = await attach(ids[0])
    expect(attached.status).toBe(200)
    const again = await attach(ids[0])
    expect(again.status).toBe(400)
    expect(again.body.messages).toEqual([VOUCHER_MESSAGES.pdfAlreadyAttached])
    const pdf = await t.call('lector', { method: 'GET', url: `/api/v1/payments/${ids[0]}/files/pdf` })
    expect(Buffer.compare(pdf.body, PDF)).toBe(0)
    expect((await authorize(ids[0], '202611-101')).status).toBe(200)
  })
})

describe('a file with row errors', () => {
  it('lists every error with its row and column and registers nothing', async () => {
    const stem = '2099999999'
    const unknown = `${stem}${rucCheckDigit(stem)}`
    const before = await voucherCount()
    const id = await upload(
      await vouchersWorkbook([
        facturaRow(unknown, 10, TODAY),
        facturaRow(ruc.a, 11, TODAY, { 8: 1190 }),
        // Registered by the good file already.
        facturaRow(ruc.a, 1, TODAY),
        facturaRow(ruc.b, 12, TODAY),
        facturaRow(ruc.b, 12, TODAY),
        facturaRow(ruc.suspended, 13, TODAY),
        facturaRow(ruc.a, 14, TODAY, { 1: '07' }),
        facturaRow(ruc.a, 15, '31/12/2999', { 6: '1,000.00' }),
        facturaRow(ruc.b, 16, TODAY, { 10: 'LG-9999' }),
        facturaRow(ruc.b, 17, TODAY, { 1: 7, 11: 'F001-999' }),
      ]),
    )
    expect(await run(id)).toEqual({ outcome: 'rejected', errors: 10 })
    expect(await batch(id)).toMatchObject({ status: 4, errorCount: 10, voucherCount: 0, rowsRead: 10 })
    expect(await voucherCount()).toBe(before)
    const row = (rowNumber: number, column: string, message: string) =>
      expect.objectContaining({ rowNumber, column, message })
    expect(await errors(id)).toEqual([
      row(2, 'RUC del proveedor', R.supplierUnknown),
      row(3, 'Total', VOUCHER_MESSAGES.totalMismatch),
      row(4, 'Número', VOUCHER_MESSAGES.duplicate),
      row(6, 'Número', R.repeated(5)),
      row(7, 'RUC del proveedor', VOUCHER_MESSAGES.supplierSuspended),
      row(8, 'Comprobante que modifica', VOUCHER_MESSAGES.creditedRequired),
      row(9, 'Fecha de emisión', VOUCHER_MESSAGES.issueDateFuture),
      row(9, 'Base imponible', 'Monto debe estar en una celda numérica, no como texto'),
      row(10, 'Línea de gasto', R.expenseLineUnknown),
      row(11, 'Comprobante que modifica', R.creditedUnknown),
    ])
    const workbook = await t.call('rrhh', { method: 'GET', url: `/api/v1/voucher-batches/${id}/errors/xlsx` })
    expect(workbook.status).toBe(200)
  })

  it('refuses a sheet with hidden rows as a whole', async () => {
    const id = await upload(
      await vouchersWorkbook([facturaRow(ruc.a, 20, TODAY), facturaRow(ruc.a, 21, TODAY)], { hidden: [3] }),
    )
    expect(await run(id)).toEqual({ outcome: 'rejected', errors: 1 })
    expect((await errors(id)).map((e: { message: string }) => e.message)).toEqual([
      FILE_MESSAGES.hiddenRows([3]),
    ])
    const left = await t.handle.db.select().from(voucherBatches).where(eq(voucherBatches.id, id))
    expect(left[0].status).toBe(4)
  })
})
