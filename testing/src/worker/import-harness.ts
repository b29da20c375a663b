import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type DatabaseHandle,
  payrollBatchErrors,
  payrollBatches,
  payrollLines,
  payrolls,
} from '@planillas/db'
import type { JobInfo } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { ensureFixtureBanks, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { silentLogger, type WorkerContext } from '@planillas/worker/context'
import { processPayrollImport } from '@planillas/worker/processors/payroll-import'
import { asc, count, eq } from 'drizzle-orm'

export type ImportHarness = {
  handle: DatabaseHandle
  storage: FileStorage
  ctx: WorkerContext
  /** Stores the file and records a PENDIENTE batch, as the API does. */
  upload: (
    file: Buffer,
    fields?: Partial<{ code: string; name: string; fileName: string; period: string }>,
  ) => Promise<number>
  run: (batchId: number, job?: JobInfo) => ReturnType<typeof processPayrollImport>
  /** Upload and run in one go; returns the batch afterwards. */
  importFile: (
    file: Buffer,
    fields?: Partial<{ code: string; name: string; period: string }>,
  ) => Promise<BatchView>
  batch: (batchId: number) => Promise<BatchView>
  counts: () => Promise<{ payrolls: number; lines: number }>
  close: () => Promise<void>
}

export type BatchView = typeof payrollBatches.$inferSelect & {
  errors: { rowNumber: number | null; column: string | null; value: string | null; message: string }[]
}

let codes = 0

/** A database with banks and `employees` fixture employees, a storage directory, and helpers. */
export async function createImportHarness(employees = 60): Promise<ImportHarness> {
  const handle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, employees)
  const dir = await mkdtemp(path.join(tmpdir(), 'planillas-files-'))
  const storage = createLocalStorage(dir)
  const ctx: WorkerContext = { db: handle.db, storage, log: silentLogger }

  const upload: ImportHarness['upload'] = async (file, fields = {}) => {
    const fileName = fields.fileName ?? 'planilla.xlsx'
    const fileKey = await storage.put(file, { name: fileName, contentType: 'application/octet-stream' })
    const [row] = await handle.db
      .insert(payrollBatches)
      .values({
        code: fields.code ?? `PL-${process.pid}-${++codes}`,
        period: fields.period ?? '202611',
        name: fields.name ?? 'Planilla de prueba',
        type: 1,
        fileKey,
        fileName,
        fileSize: file.length,
        createdBy: 'rrhh@planillas.pe',
      })
      .returning({ id: payrollBatches.id })
    return row.id
  }
  const batch = async (batchId: number): Promise<BatchView> => {
    const [row] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, batchId))
    const errors = await handle.db
      .select({
        rowNumber: payrollBatchErrors.rowNumber,
        column: payrollBatchErrors.column,
        value: payrollBatchErrors.value,
        message: payrollBatchErrors.message,
      })
      .from(payrollBatchErrors)
      .where(eq(payrollBatchErrors.batchId, batchId))
      .orderBy(asc(payrollBatchErrors.rowNumber), asc(payrollBatchErrors.id))
    return { ...row, errors }
  }
  const run: ImportHarness['run'] = (batchId, job) => processPayrollImport({ batchId }, ctx, job)
  return {
    handle,
    storage,
    ctx,
    upload,
    run,
    batch,
    importFile: async (file, fields) => {
      const id = await upload(file, fields)
      await run(id)
      return batch(id)
    },
    counts: async () => ({
      payrolls: (await handle.db.select({ n: count() }).from(payrolls))[0].n,
      lines: (await handle.db.select({ n: count() }).from(payrollLines))[0].n,
    }),
    close: async () => {
      await handle.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
