import { type Database, payrollBatchErrors, payrollBatches, recordAudit, SYSTEM_ACTOR } from '@planillas/db'
import { FileNotFoundError, readAll } from '@planillas/db/storage'
import { openXlsx, XlsxFileError } from '@planillas/db/xlsx-package'
import {
  BATCH_STATUS,
  FILE_MESSAGES,
  type JobInfo,
  PAYROLL_UPLOAD_MESSAGES,
  PayrollImportPayloadSchema,
} from '@planillas/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { WorkerContext } from '../context'
import {
  type ClaimedBatch,
  claimBatch,
  clearAttemptErrors,
  finishWithErrors,
  insertErrors,
  reportProgress,
} from '../payroll-import/batch-store'
import { loadBankCodes } from '../payroll-import/employees'
import { importPayrollFile } from '../payroll-import/import-file'

export type PayrollImportOutcome =
  | { outcome: 'skipped' }
  | { outcome: 'processed'; payrollId: number; rows: number; readMs: number; writeMs: number }
  | { outcome: 'rejected'; errors: number }

const FILE_MISSING = 'El archivo de la carga ya no está en el almacenamiento: vuelva a cargarlo'
const SINGLE_ATTEMPT: JobInfo = { id: 'direct', attempt: 1, maxAttempts: 1 }

/**
 * The payroll-import job (DESIGN §6): reads the batch's file and checks every row while its lines
 * stream into one transaction (issue 12), which commits the payroll and all its lines (PROCESADO)
 * or is rolled back, leaving only the errors (CON ERRORES).
 * Idempotent: a finished batch is left alone, and the writing transaction re-checks the batch
 * under a row lock. Unexpected errors are thrown for a retry, except on the last attempt, where
 * the batch ends CON ERRORES with a generic message.
 */
export async function processPayrollImport(
  payload: unknown,
  ctx: WorkerContext,
  job: JobInfo = SINGLE_ATTEMPT,
): Promise<PayrollImportOutcome> {
  const { batchId } = PayrollImportPayloadSchema.parse(payload)
  const batch = await claimBatch(ctx.db, batchId)
  if (!batch) {
    ctx.log.info('Carga ya terminada o inexistente: nada que hacer', { batchId, jobId: job.id })
    return { outcome: 'skipped' }
  }
  const started = Date.now()
  try {
    const outcome = await importBatch(batch, ctx)
    ctx.log.info('Carga procesada', { batchId, ...outcome, ms: Date.now() - started, attempt: job.attempt })
    return outcome
  } catch (error) {
    ctx.log.error('Falló la carga', {
      batchId,
      attempt: job.attempt,
      error: String((error as Error)?.stack ?? error),
    })
    if (job.attempt < job.maxAttempts) throw error
    await abandonPayrollImport(ctx.db, batchId)
    return { outcome: 'rejected', errors: 1 }
  }
}

async function importBatch(batch: ClaimedBatch, ctx: WorkerContext): Promise<PayrollImportOutcome> {
  const { db } = ctx
  // A file-level problem is all the clerk needs: row errors this attempt stored so far go.
  const reject = async (message: string, rowsRead = 0) => {
    await clearAttemptErrors(db, batch)
    await insertErrors(db, batch.id, batch.attempts, [
      { rowNumber: null, column: null, value: null, message },
    ])
    await finishWithErrors(db, batch, rowsRead)
    return { outcome: 'rejected', errors: 1 } as const
  }
  let file: Buffer
  try {
    file = await readAll(await ctx.storage.get(batch.fileKey))
  } catch (error) {
    if (error instanceof FileNotFoundError) return reject(FILE_MISSING)
    throw error
  }
  let pkg: Awaited<ReturnType<typeof openXlsx>>
  try {
    pkg = await openXlsx(file, { countRows: false })
  } catch (error) {
    if (error instanceof XlsxFileError) return reject(error.message)
    throw error
  }
  const banks = await loadBankCodes(db)
  let result: Awaited<ReturnType<typeof importPayrollFile>>
  try {
    result = await importPayrollFile(db, pkg, banks, batch, {
      onProgress: (rows, fraction) => reportProgress(db, batch.id, fraction * 90, rows),
      onProblems: (problems) => insertErrors(db, batch.id, batch.attempts, problems),
    })
  } catch (error) {
    if (error instanceof XlsxFileError) return reject(error.message)
    if (violates(error, 'payrolls_code_unique')) return reject(PAYROLL_UPLOAD_MESSAGES.codeTaken)
    throw error
  }
  if (result.kind === 'skipped') return { outcome: 'skipped' }
  if (result.kind === 'rejected') {
    const { rowsRead, tooManyRows, problemCount } = result.result
    if (tooManyRows) return reject(FILE_MESSAGES.tooManyRows, rowsRead)
    await finishWithErrors(db, batch, rowsRead)
    return { outcome: 'rejected', errors: problemCount }
  }
  const { payroll, readMs, writeMs } = result
  return { outcome: 'processed', payrollId: payroll.id, rows: payroll.collaborators, readMs, writeMs }
}

/** Ends an unfinished batch CON ERRORES with the generic message (attempts exhausted, job lost). */
export async function abandonPayrollImport(db: Database, batchId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(payrollBatches)
      .where(
        and(
          eq(payrollBatches.id, batchId),
          inArray(payrollBatches.status, [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING]),
        ),
      )
      .for('update')
    if (!batch) return false
    await tx.delete(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, batchId))
    await tx
      .insert(payrollBatchErrors)
      .values({ batchId, attempt: batch.attempts, message: FILE_MESSAGES.unexpected })
    await tx
      .update(payrollBatches)
      .set({ status: BATCH_STATUS.FAILED, progress: 100, errorCount: 1, finishedAt: new Date() })
      .where(eq(payrollBatches.id, batchId))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payroll_batches',
      entityId: batchId,
      actor: batch.createdBy ?? SYSTEM_ACTOR,
      description: `La carga #${batchId} ('${batch.fileName}', planilla ${batch.code}) no se pudo procesar tras ${batch.attempts} intentos`,
    })
    return true
  })
}

function violates(error: unknown, constraint: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    if (e.code === '23505' && e.constraint === constraint) return true
    e = e.cause as typeof e
  }
  return false
}
