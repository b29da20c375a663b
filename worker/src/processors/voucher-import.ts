import { violatedConstraint, type voucherBatches } from '@planillas/db'
import { type JobInfo, VOUCHER_MESSAGES, VOUCHER_ROW_MESSAGES, voucherNumber } from '@planillas/domain'
import { openXlsx, XlsxFileError } from '@planillas/formats/xlsx-package'
import type { WorkerContext } from '../context'
import { reportProgress } from '../pipeline/batches'
import { type BatchOutcome, type BatchProcessor, runBatchJob } from '../pipeline/run'
import { FILE_MISSING, readBatchFile } from '../pipeline/stored-file'
import { type ClaimedVoucherBatch, finishWithErrors } from '../voucher-import/batch-store'
import { readZipRows, removeKeys, storeZipFiles } from '../voucher-import/import-cpe-zip'
import {
  readVoucherRows,
  registerVouchers,
  resolveRows,
  WriteConflict,
} from '../voucher-import/import-vouchers'
import { VOUCHER_BATCHES } from '../voucher-import/kind'

export type VoucherImportOutcome = BatchOutcome<{ outcome: 'processed'; vouchers: number }>

/**
 * The voucher-import job, plugged into the batch pipeline: reads the batch's file,
 * checks every row (on its own, against each other and against the database), then either
 * registers every voucher REGISTRADO in one transaction (PROCESADO) or none and lists every
 * problem (CON ERRORES).
 */
export const voucherImport: BatchProcessor<typeof voucherBatches, VoucherImportOutcome> = {
  kind: VOUCHER_BATCHES,
  process: importBatch,
}

export function processVoucherImport(payload: unknown, ctx: WorkerContext, job?: JobInfo) {
  return runBatchJob(voucherImport, payload, ctx, job)
}

async function importBatch(batch: ClaimedVoucherBatch, ctx: WorkerContext): Promise<VoucherImportOutcome> {
  const { db } = ctx
  const reject = async (message: string, rowsRead = 0) => {
    await finishWithErrors(db, batch, [{ rowNumber: null, column: null, value: null, message }], rowsRead)
    return { outcome: 'rejected', errors: 1 } as const
  }
  const file = await readBatchFile(ctx, batch.fileKey)
  if (!file) return reject(FILE_MISSING)
  if (batch.format === 'zip') return importZip(batch, ctx, file, reject)
  let read: Awaited<ReturnType<typeof readVoucherRows>>
  try {
    const pkg = await openXlsx(file, { countRows: true })
    read = await readVoucherRows(pkg, (rows, fraction) =>
      reportProgress(db, VOUCHER_BATCHES.table, batch.id, fraction * 80, rows),
    )
  } catch (error) {
    if (error instanceof XlsxFileError) return reject(error.message)
    throw error
  }
  const { resolved, problems } = await resolveRows(db, read.rows)
  const all = [...read.problems, ...problems].sort((a, b) => (a.rowNumber ?? 0) - (b.rowNumber ?? 0))
  if (all.length) {
    const finished = await finishWithErrors(db, batch, all, read.rowsRead)
    return finished ? { outcome: 'rejected', errors: all.length } : { outcome: 'skipped' }
  }
  try {
    const written = await registerVouchers(db, batch, resolved, read.rowsRead)
    return written ? { outcome: 'processed', vouchers: resolved.length } : { outcome: 'skipped' }
  } catch (error) {
    // A clerk registered one of the file's vouchers by hand while it was read: nothing is written.
    if (error instanceof WriteConflict)
      return reject(
        VOUCHER_ROW_MESSAGES.writeConflict(voucherNumber(error.row.series, error.row.number)),
        read.rowsRead,
      )
    if (violatedConstraint(error) === 'payment_vouchers_number_unique')
      return reject(VOUCHER_MESSAGES.duplicate, read.rowsRead)
    throw error
  }
}

/**
 * A ZIP of CPEs (docs/decisions/cpe-xml.md): every XML read, validated and checked, then every
 * voucher registered with its XML (and PDF) in one transaction, or none and every problem listed.
 */
async function importZip(
  batch: ClaimedVoucherBatch,
  ctx: WorkerContext,
  file: Buffer,
  reject: (message: string, rowsRead?: number) => Promise<VoucherImportOutcome>,
): Promise<VoucherImportOutcome> {
  const { db } = ctx
  const { CpeZipError } = await import('@planillas/formats/cpe-zip')
  let read: Awaited<ReturnType<typeof readZipRows>>
  try {
    read = await readZipRows(db, batch, file, (done, fraction) =>
      reportProgress(db, VOUCHER_BATCHES.table, batch.id, fraction * 80, done),
    )
  } catch (error) {
    if (error instanceof CpeZipError) return reject(error.message)
    throw error
  }
  if (read.problems.length) {
    const finished = await finishWithErrors(db, batch, read.problems, read.xmlCount)
    return finished ? { outcome: 'rejected', errors: read.problems.length } : { outcome: 'skipped' }
  }
  const { stored, keys } = await storeZipFiles(ctx.storage, read.files)
  try {
    const written = await registerVouchers(db, batch, read.resolved, read.xmlCount, stored, read.declared)
    if (!written) await removeKeys(ctx.storage, keys)
    return written ? { outcome: 'processed', vouchers: read.resolved.length } : { outcome: 'skipped' }
  } catch (error) {
    await removeKeys(ctx.storage, keys)
    if (error instanceof WriteConflict)
      return reject(
        VOUCHER_ROW_MESSAGES.writeConflict(voucherNumber(error.row.series, error.row.number)),
        read.xmlCount,
      )
    if (violatedConstraint(error) === 'payment_vouchers_number_unique')
      return reject(VOUCHER_MESSAGES.duplicate, read.xmlCount)
    throw error
  }
}
