import { payrollBatches, violatedConstraint } from '@planillas/db'
import { FILE_MESSAGES, type JobInfo, PAYROLL_UPLOAD_MESSAGES } from '@planillas/domain'
import { openXlsx, XlsxFileError } from '@planillas/formats/xlsx-package'
import type { WorkerContext } from '../context'
import {
  type ClaimedBatch,
  clearAttemptErrors,
  finishWithErrors,
  insertErrors,
} from '../payroll-import/batch-store'
import { loadBankCodes } from '../payroll-import/employees'
import { importPayrollFile } from '../payroll-import/import-file'
import { PAYROLL_BATCHES } from '../payroll-import/kind'
import { reportProgress } from '../pipeline/batches'
import { type BatchOutcome, type BatchProcessor, runBatchJob } from '../pipeline/run'
import { FILE_MISSING, readBatchFile } from '../pipeline/stored-file'

export type PayrollImportOutcome = BatchOutcome<{
  outcome: 'processed'
  payrollId: number
  rows: number
  readMs: number
  writeMs: number
}>

/**
 * The payroll-import job (docs/architecture.md), plugged into the batch pipeline (`runBatchJob`: claim,
 * retries, the last attempt's closing): reads the batch's file, checks every row, then writes the
 * payroll and all its lines in one transaction (PROCESADO) or only the errors (CON ERRORES). The
 * writing transaction re-checks the batch under a row lock.
 */
export const payrollImport: BatchProcessor<typeof payrollBatches, PayrollImportOutcome> = {
  kind: PAYROLL_BATCHES,
  process: importBatch,
}

export function processPayrollImport(payload: unknown, ctx: WorkerContext, job?: JobInfo) {
  return runBatchJob(payrollImport, payload, ctx, job)
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
  const file = await readBatchFile(ctx, batch.fileKey)
  if (!file) return reject(FILE_MISSING)
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
      onProgress: (rows, fraction) => reportProgress(db, payrollBatches, batch.id, fraction * 90, rows),
      onProblems: (problems) => insertErrors(db, batch.id, batch.attempts, problems),
    })
  } catch (error) {
    if (error instanceof XlsxFileError) return reject(error.message)
    if (violatedConstraint(error) === 'payrolls_code_unique') return reject(PAYROLL_UPLOAD_MESSAGES.codeTaken)
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
