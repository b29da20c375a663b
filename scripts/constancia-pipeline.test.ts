// Across the tiers: SUNAT's constancias uploaded through the API ('Importar constancias'), processed
// by the worker's 'constancia-import' job through the batch pipeline, then read back through the
// API. It lives with the launchers (scripts/ may import every workspace): the API and the worker
// never import each other.

import { auditLogs, constanciaBatchErrors, paymentVouchers } from '@planillas/db'
import {
  FILE_MESSAGES,
  formatDate,
  type JobQueue,
  type JobState,
  DETRACTION_MESSAGES as M,
  voucherNumber,
} from '@planillas/domain'
import { watchHealth } from '@planillas/testing/api/app'
import {
  createSupplier,
  expectApproved,
  getVoucher,
  paymentFixturesPerFile,
  rucOf,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import {
  constanciasForm,
  sunatFile,
  sunatRow,
  unmatchedSunatRows,
} from '@planillas/testing/constancia-fixtures'
import { CONSTANCIA_BATCHES } from '@planillas/worker/constancia-import/kind'
import { silentLogger } from '@planillas/worker/context'
import { sweepBatches } from '@planillas/worker/pipeline/sweep'
import { processConstanciaImport } from '@planillas/worker/processors/constancia-import'
import { and, eq, inArray, like } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ supplier: true })

/** A factura of S/ 1,180.00 approved under SPOT 037 (12 %: S/ 142). */
const approvedWithDetraction = (supplier = fx.supplierId) =>
  expectApproved(t, fx, voucherFields(supplier, fx, { issueDate: TODAY, dueDate: TODAY }), {
    spotCode: '037',
  })

const upload = async (content: Buffer) => {
  const res = await t.call('tesoreria', {
    method: 'POST',
    url: '/api/v1/constancia-batches',
    ...constanciasForm(content),
  })
  expect(res.status).toBe(200)
  return res.body.payload.id as number
}
/** The worker's job for a batch, on the test API's database and storage. */
const run = (batchId: number) =>
  processConstanciaImport({ batchId }, { db: t.handle.db, storage: t.storage(), log: silentLogger })
const batch = async (id: number) =>
  (await t.call('tesoreria', { method: 'GET', url: `/api/v1/constancia-batches/${id}` })).body.payload
const problems = async (id: number, size = 100) =>
  (await t.call('tesoreria', { method: 'GET', url: `/api/v1/constancia-batches/${id}/errors?size=${size}` }))
    .body.payload

const importedAudits = async (ids: number[]) =>
  (
    await t.handle.db
      .select({ entityId: auditLogs.entityId, description: auditLogs.description })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'payments'), like(auditLogs.description, '%importada del archivo de SUNAT')),
      )
  ).filter((a) => ids.map(String).includes(a.entityId ?? ''))

describe("SUNAT's constancias as a background job", () => {
  it("records every row of SOL's file matched by RUC, type, series and number, audited; the same file again records nothing", async () => {
    const others = [await createSupplier(t), await createSupplier(t)]
    const [rucB, rucC] = [await rucOf(t, others[0]), await rucOf(t, others[1])]
    const ids = [
      await approvedWithDetraction(),
      await approvedWithDetraction(),
      await approvedWithDetraction(others[0]),
      await approvedWithDetraction(others[1]),
    ]
    const vs = await Promise.all(ids.map((id) => getVoucher(t, id)))
    const rucs = [fx.supplierRuc, fx.supplierRuc, rucB, rucC]
    const file = sunatFile(vs.map((v, i) => sunatRow(v, rucs[i], `26000000010${i}`, '142.00')))

    const id = await upload(file)
    expect(await batch(id)).toMatchObject({ status: 1 })
    expect(await run(id)).toEqual({ outcome: 'processed', matched: 4, unmatched: 0 })
    expect(await batch(id)).toMatchObject({
      status: 3,
      progress: 100,
      rowsRead: 4,
      matchedCount: 4,
      errorCount: 0,
    })
    const recorded = await t.handle.db
      .select({
        id: paymentVouchers.id,
        on: paymentVouchers.detractionDepositedOn,
        constancia: paymentVouchers.detractionConstancia,
      })
      .from(paymentVouchers)
      .where(inArray(paymentVouchers.id, ids))
      .orderBy(paymentVouchers.id)
    expect(recorded).toEqual(ids.map((id, i) => ({ id, on: TODAY, constancia: `26000000010${i}` })))
    const audits = await importedAudits(ids)
    expect(audits.map((a) => Number(a.entityId)).sort((x, y) => x - y)).toEqual(ids)
    expect(audits.find((a) => a.entityId === String(ids[2]))?.description).toBe(
      `Detracción de ${voucherNumber(vs[2].series, vs[2].number)} depositada: constancia 260000000102 del ${formatDate(TODAY)} (S/ 142.00), importada del archivo de SUNAT`,
    )
    // A second run of the same job (a retry) finds the batch finished: nothing to do.
    expect(await run(id)).toEqual({ outcome: 'skipped' })

    const again = await upload(file)
    expect(await run(again)).toEqual({ outcome: 'processed', matched: 0, unmatched: 4 })
    expect(await batch(again)).toMatchObject({ status: 3, matchedCount: 0, errorCount: 4 })
    expect(
      (await problems(again)).content.map((p: { rowNumber: number; message: string }) => [
        p.rowNumber,
        p.message,
      ]),
    ).toEqual([2, 3, 4, 5].map((n) => [n, M.sameConstancia]))
    expect(await importedAudits(ids)).toHaveLength(4)
  })

  it('lists every row it cannot record with its reason (page and Excel), and records the others', async () => {
    const a = await approvedWithDetraction()
    const b = await approvedWithDetraction()
    const done = await approvedWithDetraction()
    const deposit = await t.call('tesoreria', {
      method: 'POST',
      url: `/api/v1/detractions/${done}/deposit`,
      payload: { constancia: '555', depositedOn: TODAY },
    })
    expect(deposit.status).toBe(200)
    const [va, vb, vd] = await Promise.all([a, b, done].map((id) => getVoucher(t, id)))
    const unknown = { type: '01', series: 'F001', number: 99_999 }
    const id = await upload(
      sunatFile([
        sunatRow(vb, fx.supplierRuc, '260000000201', '100.00'),
        sunatRow(unknown, '20999999999', '260000000202', '142.00'),
        sunatRow(va, fx.supplierRuc, '260000000203', '142.00', { type: '3' }),
        sunatRow(vd, fx.supplierRuc, '260000000204', '142.00'),
        sunatRow(va, fx.supplierRuc, '260000000205', '1,142.00'),
        sunatRow(va, fx.supplierRuc, '260000000206', '142.00'),
        sunatRow(va, fx.supplierRuc, '260000000207', '142.00'),
      ]),
    )
    expect(await run(id)).toEqual({ outcome: 'processed', matched: 1, unmatched: 6 })
    const row = (
      n: number,
      constancia: string,
      ruc: string,
      v: typeof unknown,
      cents: number,
      message: string,
    ) => ({
      rowNumber: n,
      constancia,
      supplierRuc: ruc,
      voucher: voucherNumber(v.series, v.number),
      amountCents: cents,
      message,
    })
    const listed = await problems(id)
    expect(listed.totalElements).toBe(6)
    expect(listed.content).toEqual([
      row(2, '260000000201', fx.supplierRuc, vb, 10_000, M.amount(14_200)),
      row(3, '260000000202', '20999999999', unknown, 14_200, M.unmatched),
      row(4, '260000000203', fx.supplierRuc, va, 14_200, M.unmatched),
      row(5, '260000000204', fx.supplierRuc, vd, 14_200, M.already('555', TODAY)),
      row(6, '260000000205', fx.supplierRuc, va, 114_200, M.amount(14_200)),
      row(8, '260000000207', fx.supplierRuc, va, 14_200, M.twiceInFile),
    ])
    expect(await getVoucher(t, a)).toMatchObject({ detractionConstancia: '260000000206' })
    expect(await getVoucher(t, b)).toMatchObject({ detractionConstancia: null })
    expect(await getVoucher(t, done)).toMatchObject({ detractionConstancia: '555' })

    const xlsx = await t.call('tesoreria', {
      method: 'GET',
      url: `/api/v1/constancia-batches/${id}/errors/xlsx`,
    })
    expect(xlsx.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.body)
    const sheet = workbook.getWorksheet('Sin registrar')
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Fila',
      'Constancia',
      'R.U.C. proveedor',
      'Comprobante',
      'Monto',
      'Motivo',
    ])
    expect(sheet?.rowCount).toBe(7)
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      2,
      '260000000201',
      fx.supplierRuc,
      voucherNumber(vb.series, vb.number),
      100,
      M.amount(14_200),
    ])
  })

  it('refuses a malformed file whole, CON ERRORES, its first 1,000 problems listed after their count; nothing recorded', async () => {
    const a = await approvedWithDetraction()
    const va = await getVoucher(t, a)
    const bad = sunatRow({ type: '01', series: 'F001', number: 1 }, '2010', '1', '142.00')
    const id = await upload(
      sunatFile([
        sunatRow(va, fx.supplierRuc, '260000000301', '142.00'),
        ...Array.from({ length: 5000 }, () => bad),
      ]),
    )
    expect(await run(id)).toEqual({ outcome: 'rejected', errors: 1001 })
    expect(await batch(id)).toMatchObject({ status: 4, matchedCount: 0, errorCount: 1001 })
    const listed = await problems(id, 3)
    expect(listed.totalElements).toBe(1001)
    expect(
      listed.content.map((p: { rowNumber: number | null; message: string }) => [p.rowNumber, p.message]),
    ).toEqual([
      [null, 'El archivo tiene 5,000 problemas: se listan los primeros 1,000'],
      [3, 'El R.U.C. del proveedor debe tener 11 dígitos'],
      [4, 'El R.U.C. del proveedor debe tener 11 dígitos'],
    ])
    expect(await getVoucher(t, a)).toMatchObject({ detractionConstancia: null })
  })

  it('accepts a 300,000-line file and processes it while /api/health keeps answering (its p95: npm run bench:constancias)', async () => {
    const matched = await approvedWithDetraction()
    const v = await getVoucher(t, matched)
    // The header, 299,998 rows and the last line break: 300,000 lines, the limit.
    const rows = unmatchedSunatRows(299_997)
    rows.push(sunatRow(v, fx.supplierRuc, '280000000999', '142.00'))
    const file = sunatFile(rows)
    const watch = watchHealth(t.app, (status) => expect(status).toBeLessThan(500))
    let health: number[] = []
    let answeredIn = 0
    let id = 0
    try {
      const started = performance.now()
      id = await upload(file)
      answeredIn = performance.now() - started
      expect(await run(id)).toEqual({ outcome: 'processed', matched: 1, unmatched: 299_997 })
    } finally {
      health = await watch.stop()
    }
    expect(await batch(id)).toMatchObject({
      status: 3,
      rowsRead: 299_998,
      matchedCount: 1,
      errorCount: 299_997,
    })
    // Every row not matched is listed (the page counts a large list up to a bound; the table holds all).
    expect(await t.handle.db.$count(constanciaBatchErrors, eq(constanciaBatchErrors.batchId, id))).toBe(
      299_997,
    )
    expect(await getVoucher(t, matched)).toMatchObject({ detractionConstancia: '280000000999' })
    health.sort((x, y) => x - y)
    const p95 = health[Math.floor(health.length * 0.95)]
    console.info(
      `constancias 300,000 líneas (${(file.length / 1024 / 1024).toFixed(1)} MB): aceptado en ${answeredIn.toFixed(0)} ms; ` +
        `/api/health p95 ${p95.toFixed(1)} ms en ${health.length} consultas`,
    )
    // Timed targets are the bench's (npm run bench:constancias), not a test's: here, that health answered.
    expect(health.length).toBeGreaterThan(0)
  }, 300_000)

  it('is swept like every kind: a batch no queue holds is enqueued again, one whose job failed is closed CON ERRORES', async () => {
    const row = sunatRow({ type: '01', series: 'F001', number: 1 }, fx.supplierRuc, '260000000401', '142.00')
    const lost = await upload(sunatFile([row]))
    const failed = await upload(sunatFile([row]))
    const calls: string[] = []
    const states = new Map<number, JobState>([[failed, 'failed']])
    const queue: JobQueue = {
      kind: 'in-process',
      async enqueue(name, payload) {
        calls.push(`${name}:${(payload as { batchId: number }).batchId}`)
      },
      async state(_name, payload) {
        return states.get((payload as { batchId: number }).batchId) ?? 'missing'
      },
      async forget() {},
      async close() {},
    }
    await sweepBatches(t.handle.db, queue, silentLogger, [CONSTANCIA_BATCHES])
    expect(calls).toContain(`constancia-import:${lost}`)
    expect(calls).not.toContain(`constancia-import:${failed}`)
    expect(await batch(failed)).toMatchObject({ status: 4, errorCount: 1 })
    expect((await problems(failed)).content).toEqual([
      {
        rowNumber: null,
        constancia: null,
        supplierRuc: null,
        voucher: null,
        amountCents: null,
        message: FILE_MESSAGES.unexpected,
      },
    ])
  })
})
