import { FileNotFoundError, readAll } from '@planillas/db/storage'
import { openXlsx, XlsxFileError } from '@planillas/db/xlsx-package'
import {
  enumLabel,
  type JobInfo,
  PAYMENT_ISSUE_KIND,
  PAYMENT_ROW_MESSAGES,
  PaymentImportPayloadSchema,
  paymentBatchStatus,
} from '@planillas/domain'
import type { WorkerContext } from '../context'
import { applyPayments } from '../payment-import/apply-payments'
import {
  abandonPaymentImport,
  claimPaymentBatch,
  finishPaymentWithErrors,
  type PaymentBatch,
  type PaymentIssue,
  reportPaymentProgress,
} from '../payment-import/batch-store'
import { storeMergedReceipts } from '../payment-import/merged-receipts'
import { type ReadPayments, readPayments } from '../payment-import/read-payments'
import { openReceipts } from '../payment-import/receipts'

export type PaymentImportOutcome =
  | { outcome: 'skipped' }
  | { outcome: 'applied'; status: string; matched: number; unmatched: number; mismatched: number }
  | { outcome: 'rejected'; errors: number }

const SINGLE_ATTEMPT: JobInfo = { id: 'direct', attempt: 1, maxAttempts: 1 }

const fileError = (reason: string): PaymentIssue => ({
  kind: PAYMENT_ISSUE_KIND.ERROR,
  rowNumber: null,
  column: null,
  value: null,
  reason,
})

/**
 * The payment-import job (DESIGN §6): reads the batch's Excel of payments, opens every receipt,
 * then in one transaction pays the matched lines and recomputes the payroll (PROCESADO, or CON
 * OBSERVACIONES when some rows could not pay), or applies nothing when the file or a receipt is
 * unusable (CON ERRORES). Idempotent: a finished batch is left alone, the writing transaction
 * re-checks the batch under a lock, and the database refuses a second payment of any line.
 * Unexpected errors are thrown for a retry, except on the last attempt.
 */
export async function processPaymentImport(
  payload: unknown,
  ctx: WorkerContext,
  job: JobInfo = SINGLE_ATTEMPT,
): Promise<PaymentImportOutcome> {
  const { batchId } = PaymentImportPayloadSchema.parse(payload)
  const batch = await claimPaymentBatch(ctx.db, batchId)
  if (!batch) {
    ctx.log.info('Carga de abonos ya terminada o inexistente: nada que hacer', { batchId, jobId: job.id })
    return { outcome: 'skipped' }
  }
  const started = Date.now()
  try {
    const outcome = await importPayments(batch, ctx)
    ctx.log.info('Carga de abonos procesada', { batchId, ...outcome, ms: Date.now() - started })
    if (outcome.outcome !== 'skipped') await mergeAfterImport(batchId, ctx)
    return outcome
  } catch (error) {
    ctx.log.error('Falló la carga de abonos', {
      batchId,
      attempt: job.attempt,
      error: String((error as Error)?.stack ?? error),
    })
    if (job.attempt < job.maxAttempts) throw error
    await abandonPaymentImport(ctx.db, batchId)
    return { outcome: 'rejected', errors: 1 }
  }
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
      reportPaymentProgress(db, batch.id, (rows / total) * 80, rows),
    )
  } catch (error) {
    if (error instanceof FileNotFoundError) return reject([fileError(PAYMENT_ROW_MESSAGES.fileMissing)])
    if (error instanceof XlsxFileError) return reject([fileError(error.message)])
    throw error
  }
  await reportPaymentProgress(db, batch.id, 80, read.rowsRead)

  const { receipts, errors } = await openReceipts(db, ctx.storage, batch.id, (done, total) =>
    reportPaymentProgress(db, batch.id, 80 + (done / total) * 15, read.rowsRead),
  )
  if (errors.length) return reject([...errors, ...read.rowIssues], read.rowsRead)

  const applied = await applyPayments(db, batch, read, receipts)
  if (applied.outcome === 'lost') return { outcome: 'skipped' }
  if (applied.outcome === 'payroll-gone')
    return reject([fileError(PAYMENT_ROW_MESSAGES.payrollGone(batch.payrollNumber))], read.rowsRead)
  return {
    outcome: 'applied',
    status: enumLabel(paymentBatchStatus, applied.status),
    matched: applied.matched,
    unmatched: applied.unmatched,
    mismatched: applied.mismatched,
  }
}
