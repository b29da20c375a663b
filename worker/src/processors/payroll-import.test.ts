import { auditLogs, payrollBatchErrors, payrollBatches, payrollLines, payrolls } from '@planillas/db'
import { BATCH_STATUS, FILE_MESSAGES, PAYROLL_UPLOAD_MESSAGES, ROW_MESSAGES } from '@planillas/domain'
import {
  fixtureDni,
  payrollWorkbook,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { perFile } from '@planillas/testing/per-file'
import { createImportHarness } from '@planillas/testing/worker/import-harness'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const h = perFile(() => createImportHarness(50_000), 120_000)

describe('payroll import', () => {
  it('writes the payroll and every line of a clean file, with totals from the rows', async () => {
    const file = await payrollWorkbook([validRow(1, 1500.5), validRow(2, 2000), validRow(3, 0.29)], {
      notesSheet: true,
    })
    const batch = await h.importFile(file, { code: 'PL-OK-1', name: 'Operarios noviembre' })
    expect(batch).toMatchObject({
      status: BATCH_STATUS.PROCESSED,
      progress: 100,
      rowsRead: 3,
      errorCount: 0,
      errors: [],
    })
    const [payroll] = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, batch.id))
    expect(payroll).toMatchObject({
      code: 'PL-OK-1',
      name: 'Operarios noviembre',
      period: '202611',
      type: 1,
      collaborators: 3,
      totalAmount: '3500.79',
    })
    const lines = await h.handle.db
      .select()
      .from(payrollLines)
      .where(eq(payrollLines.payrollId, payroll.id))
      .orderBy(asc(payrollLines.rowNumber))
    expect(lines.map((l) => [l.rowNumber, l.identifier, l.fullName, l.bankCode, l.amount, l.paid])).toEqual([
      [2, fixtureDni(1), 'NOMBRE 1 APELLIDO 1', '002', '1500.50', false],
      [3, fixtureDni(2), 'NOMBRE 2 APELLIDO 2', '002', '2000.00', false],
      [4, fixtureDni(3), 'NOMBRE 3 APELLIDO 3', '002', '0.29', false],
    ])
    const [audit] = await h.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payrolls'))
    expect(audit).toMatchObject({
      action: 'CREATE',
      actor: 'rrhh@planillas.pe',
      entityId: String(payroll.id),
    })
    expect(audit.description).toContain('3 colaboradores, S/ 3,500.79')
  })

  it('stores nothing but the error list when one row among 50,000 is bad, naming that row', async () => {
    const file = await streamedPayrollWorkbook(50_000, (i) => (i === 31_337 ? validRow(i, -5) : validRow(i)))
    const before = await h.counts()
    const batch = await h.importFile(file)
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.rowsRead).toBe(50_000)
    expect(batch.errors).toEqual([
      { rowNumber: 31_339, column: 'Monto (S/)', value: '-5', message: ROW_MESSAGES.amountPositive },
    ])
    expect(await h.counts()).toEqual(before)
  }, 120_000)

  it('after the first problem writes nothing more, yet lists every later problem, and rolls back', async () => {
    // Row 20,002 names nobody (found by the look-up, after 20,000 lines went to COPY); row 45,002 is bad too.
    const file = await streamedPayrollWorkbook(50_000, (i) =>
      i === 20_000 ? validRow(60_000) : i === 45_000 ? validRow(i, 0.001) : validRow(i),
    )
    const before = await h.counts()
    const batch = await h.importFile(file)
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors).toEqual([
      {
        rowNumber: 20_002,
        column: 'Número de documento',
        value: fixtureDni(60_000),
        message: ROW_MESSAGES.unknownEmployee,
      },
      { rowNumber: 45_002, column: 'Monto (S/)', value: '0.001', message: ROW_MESSAGES.amountDecimals },
    ])
    expect(await h.counts()).toEqual(before)
    // The worker's connection left COPY and the rolled-back transaction: the next file is written.
    expect((await h.importFile(await payrollWorkbook([validRow(7)]))).status).toBe(BATCH_STATUS.PROCESSED)
  }, 120_000)

  it('ends with the code message alone when a payroll took the code since the upload', async () => {
    await h.handle.db.insert(payrolls).values({ code: 'PL-TOMADO', period: '202611', name: 'Otra', type: 1 })
    const before = await h.counts()
    const batch = await h.importFile(await payrollWorkbook([validRow(8), validRow(9)]), { code: 'pl-tomado' })
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors).toEqual([
      { rowNumber: null, column: null, value: null, message: PAYROLL_UPLOAD_MESSAGES.codeTaken },
    ])
    expect(await h.counts()).toEqual(before)
  })

  it('does nothing the second time: one payroll per batch whatever the retries', async () => {
    const id = await h.upload(await payrollWorkbook([validRow(10), validRow(11)]))
    expect((await h.run(id)).outcome).toBe('processed')
    expect((await h.run(id)).outcome).toBe('skipped')
    const rows = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, id))
    expect(rows).toHaveLength(1)
    expect(rows[0].collaborators).toBe(2)
  })

  it('resumes a batch a crashed attempt left PROCESANDO, dropping that attempt’s errors', async () => {
    const id = await h.upload(await payrollWorkbook([validRow(20)]))
    await h.handle.db
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.PROCESSING, attempts: 1, progress: 40 })
      .where(eq(payrollBatches.id, id))
    await h.handle.db.insert(payrollBatchErrors).values({ batchId: id, attempt: 1, message: 'a medias' })
    expect((await h.run(id)).outcome).toBe('processed')
    const batch = await h.batch(id)
    expect(batch).toMatchObject({ status: BATCH_STATUS.PROCESSED, attempts: 2, errors: [] })
  })

  it('retries an unexpected failure, and on the last attempt closes the batch with a generic message', async () => {
    const id = await h.upload(await payrollWorkbook([validRow(30)]))
    const broken = {
      ...h.ctx,
      storage: { ...h.storage, get: async () => Promise.reject(new Error('disco no disponible')) },
    }
    const { processPayrollImport } = await import('./payroll-import')
    await expect(
      processPayrollImport({ batchId: id }, broken, { id: 'x', attempt: 1, maxAttempts: 3 }),
    ).rejects.toThrow('disco')
    expect((await h.batch(id)).status).toBe(BATCH_STATUS.PROCESSING)
    await processPayrollImport({ batchId: id }, broken, { id: 'x', attempt: 3, maxAttempts: 3 })
    const batch = await h.batch(id)
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors.map((e) => e.message)).toEqual([FILE_MESSAGES.unexpected])
  })

  it('refuses a payload without a batch id', async () => {
    await expect(h.run(Number.NaN)).rejects.toThrow()
  })
})
