import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type DatabaseHandle,
  paymentBatches,
  paymentBatchIssues,
  paymentBatchReceipts,
  payrollLinePayments,
  payrollLines,
  payrolls,
} from '@planillas/db'
import { type JobInfo, receiptKey } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { type FixtureLine, insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import { ensureFixtureBanks, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { silentLogger, type WorkerContext } from '@planillas/worker/context'
import { processPaymentImport } from '@planillas/worker/processors/payment-import'
import { asc, eq } from 'drizzle-orm'

export type ReceiptFile = { name: string; bytes: Buffer }

/** A database with fixture employees and banks, a storage directory, and the steps of a payments test. */
export async function createPaymentHarness(employees = 20) {
  const handle: DatabaseHandle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, employees)
  const dir = await mkdtemp(path.join(tmpdir(), 'planillas-payments-'))
  const storage: FileStorage = createLocalStorage(dir)
  const ctx: WorkerContext = { db: handle.db, storage, log: silentLogger }
  const { db } = handle

  /** Stores the files and records a PENDIENTE batch with its receipts, as the API does. */
  const upload = async (
    payroll: { id: number; code: string },
    file: Buffer,
    receipts: ReceiptFile[] = [],
    paymentDate = '2026-11-20',
  ) => {
    const fileKey = await storage.put(file, { name: 'abonos.xlsx', contentType: 'application/octet-stream' })
    const [batch] = await db
      .insert(paymentBatches)
      .values({
        payrollId: payroll.id,
        payrollNumber: payroll.code,
        paymentDate,
        fileKey,
        fileName: 'abonos.xlsx',
        fileSize: file.length,
        receiptCount: receipts.length,
        createdBy: 'rrhh@planillas.pe',
      })
      .returning({ id: paymentBatches.id })
    for (const [position, r] of receipts.entries()) {
      const key = await storage.put(r.bytes, { name: r.name, contentType: 'application/pdf' })
      await db.insert(paymentBatchReceipts).values({
        batchId: batch.id,
        position,
        fileKey: key,
        fileName: r.name,
        matchKey: receiptKey(r.name),
        fileSize: r.bytes.length,
      })
    }
    return batch.id
  }

  return {
    handle,
    db,
    ctx,
    storage,
    payroll: async (code: string, lines: FixtureLine[]) => ({
      code,
      ...(await insertFixturePayroll(db, code, lines)),
    }),
    upload,
    run: (batchId: number, job?: JobInfo) => processPaymentImport({ batchId }, ctx, job),
    batch: async (batchId: number) => {
      const [row] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, batchId))
      const issues = await db
        .select()
        .from(paymentBatchIssues)
        .where(eq(paymentBatchIssues.batchId, batchId))
        .orderBy(asc(paymentBatchIssues.id))
      const receipts = await db
        .select()
        .from(paymentBatchReceipts)
        .where(eq(paymentBatchReceipts.batchId, batchId))
        .orderBy(asc(paymentBatchReceipts.position))
      return { ...row, issues, receipts }
    },
    payrollState: async (payrollId: number) => {
      const [row] = await db.select().from(payrolls).where(eq(payrolls.id, payrollId))
      const lines = await db
        .select()
        .from(payrollLines)
        .where(eq(payrollLines.payrollId, payrollId))
        .orderBy(asc(payrollLines.rowNumber))
      const payments = await db
        .select()
        .from(payrollLinePayments)
        .where(eq(payrollLinePayments.payrollId, payrollId))
        .orderBy(asc(payrollLinePayments.rowNumber))
      return { ...row, lines, payments }
    },
    close: async () => {
      await handle.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
export type PaymentHarness = Awaited<ReturnType<typeof createPaymentHarness>>
