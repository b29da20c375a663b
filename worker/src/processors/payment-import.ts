import { paymentBatches } from '@planillas/db'
import {
  enumLabel,
  type JobInfo,
  PAYMENT_ISSUE_KIND,
  PAYMENT_ROW_MESSAGES,
  paymentBatchStatus,
  SUPPLIER_PAYMENT_MESSAGES,
} from '@planillas/domain'
import { openXlsx, XlsxFileError } from '@planillas/formats/xlsx-package'
import { FileNotFoundError, readAll } from '@planillas/storage'
import type { WorkerContext } from '../context'
import { applyPayments } from '../payment-import/apply-payments'
import { applySupplierPayments } from '../payment-import/apply-supplier-payments'
import { finishPaymentWithErrors, type PaymentBatch, type PaymentIssue } from '../payment-import/batch-store'
import { PAYMENT_BATCHES } from '../payment-import/kind'
import { storeMergedReceipts } from '../payment-import/merged-receipts'
import { type ReadPayments, readPayments } from '../payment-import/read-payments'
import { openReceipts } from '../payment-import/receipts'
import { reportProgress } from '../pipeline/batches'
import { type BatchOutcome, type BatchProcessor, runBatchJob } from '../pipeline/run'

export type PaymentImportOutcome = BatchOutcome<{
  outcome: 'applied'
  status: string
  matched: number
  unmatched: number
  mismatched: number
}>

const fileError = (reason: string): PaymentIssue => ({
  kind: PAYMENT_ISSUE_KIND.ERROR,
  rowNumber: null,
  column: null,
  value: null,
  reason,
})

/**
 * The payment-import job (docs/architecture.md), plugged into the batch pipeline (`runBatchJob`: claim,
 * retries, the last attempt's closing): reads the batch's Excel of payments, opens every receipt,
 * then in one transaction pays the matched lines and recomputes the payroll (PROCESADO, or CON
 * OBSERVACIONES when some rows could not pay), or applies nothing when the file or a receipt is
 * unusable (CON ERRORES). The writing transaction re-checks the batch under a lock, and the
 * database refuses a second payment of any line. Afterwards the merged receipts are built.
 */
export const paymentImport: BatchProcessor<typeof paymentBatches, PaymentImportOutcome> = {
  kind: PAYMENT_BATCHES,
  process: importPayments,
  afterwards: mergeAfterImport,
}

export function processPaymentImport(payload: unknown, ctx: WorkerContext, job?: JobInfo) {
  return runBatchJob(paymentImport, payload, ctx, job)
}

/**
 * The merged receipts, built once now that the rows have named them. Its failure leaves the
 * import as it is: the download asks for the merge again (the 'payment-receipts' job).
 */
async function mergeAfterImport(batchId: number, ctx: WorkerContext) {
  try {
    await storeMergedReceipts(ctx, batchId)
  } catch (error) {
    ctx.log.error('No se pudieron unir las constancias de la carga de abonos', {
      batchId,
      error: String((error as Error)?.stack ?? error),
    })
  }
}

async function importPayments(batch: PaymentBatch, ctx: WorkerContext): Promise<PaymentImportOutcome> {
  const { db } = ctx
  const reject = async (issues: PaymentIssue[], rowsRead = 0) => {
    const finished = await finishPaymentWithErrors(db, batch, issues, rowsRead)
    if (!finished) return { outcome: 'skipped' } as const
    return {
      outcome: 'rejected',
      errors: issues.filter((i) => i.kind === PAYMENT_ISSUE_KIND.ERROR).length,
    } as const
  }

  let read: ReadPayments
  try {
    const file = await readAll(await ctx.storage.get(batch.fileKey))
    const pkg = await openXlsx(file)
    read = await readPayments(pkg, (rows, total) =>
      reportProgress(db, paymentBatches, batch.id, (rows / total) * 80, rows),
    )
  } catch (error) {
    if (error instanceof FileNotFoundError) return reject([fileError(PAYMENT_ROW_MESSAGES.fileMissing)])
    if (error instanceof XlsxFileError) return reject([fileError(error.message)])
    throw error
  }
  await reportProgress(db, paymentBatches, batch.id, 80, read.rowsRead)

  const { receipts, errors } = await openReceipts(db, ctx.storage, batch.id, (done, total) =>
    reportProgress(db, paymentBatches, batch.id, 80 + (done / total) * 15, read.rowsRead),
  )
  if (errors.length) return reject([...errors, ...read.rowIssues], read.rowsRead)

  // One pipeline, two targets: a payroll's lines, or a supplier run's supplier lines.
  const apply = batch.source === 'VOUCHERS' ? applySupplierPayments : applyPayments
  const applied = await apply(db, batch, read, receipts)
  if (applied.outcome === 'lost') return { outcome: 'skipped' }
  if (applied.outcome === 'payroll-gone')
    return reject([fileError(PAYMENT_ROW_MESSAGES.payrollGone(batch.payrollNumber))], read.rowsRead)
  if (applied.outcome === 'run-gone')
    return reject([fileError(SUPPLIER_PAYMENT_MESSAGES.orderGone(batch.orderId ?? 0))], read.rowsRead)
  return {
    outcome: 'applied',
    status: enumLabel(paymentBatchStatus, applied.status),
    matched: applied.matched,
    unmatched: applied.unmatched,
    mismatched: applied.mismatched,
  }
}
