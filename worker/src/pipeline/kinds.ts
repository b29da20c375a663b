import {
  type Database,
  paymentBatches,
  payrollBatchErrors,
  payrollBatches,
  recordAudit,
  SYSTEM_ACTOR,
} from '@planillas/db'
import { BATCH_STATUS, FILE_MESSAGES } from '@planillas/domain'
import { and, eq, inArray } from 'drizzle-orm'
import { abandonPaymentImport } from '../payment-import/batch-store'
import type { BatchTable } from './batches'

/**
 * What the batch pipeline needs to know of one kind of upload, and nothing more: its job, its
 * table, how the logs name it and how an unfinished batch is closed when its job is lost. Only
 * light modules are imported here (the database, no file reader): the sweep loads this module in
 * every worker, the processors (exceljs, pdf-lib, the xlsx reader) only load when their job runs.
 */
export type BatchKind<T extends BatchTable = BatchTable> = {
  job: 'payroll-import' | 'payment-import'
  table: T
  /** How the logs name a batch: 'Carga', 'Cargas', 'la carga' (and 'de abonos' for payments). */
  words: { batch: string; batches: string; theBatch: string }
  /** Counters the kind starts again on each attempt, besides progress and rows read. */
  resetOnClaim?: { errorCount: 0 }
  /**
   * Ends an unfinished batch CON ERRORES with the generic message (attempts exhausted, job lost),
   * or with `message` (a file that killed the worker).
   */
  abandon: (db: Database, batchId: number, message?: string) => Promise<boolean>
}

/** 'Carga de planillas': one payroll per file. */
export const PAYROLL_BATCHES: BatchKind<typeof payrollBatches> = {
  job: 'payroll-import',
  table: payrollBatches,
  words: { batch: 'Carga', batches: 'Cargas', theBatch: 'la carga' },
  resetOnClaim: { errorCount: 0 },
  abandon: abandonPayrollBatch,
}

/** 'Carga de abonos': the payments made, an Excel and its receipts. */
export const PAYMENT_BATCHES: BatchKind<typeof paymentBatches> = {
  job: 'payment-import',
  table: paymentBatches,
  words: { batch: 'Carga de abonos', batches: 'Cargas de abonos', theBatch: 'la carga de abonos' },
  abandon: abandonPaymentImport,
}

/** Every kind, in the order the sweep visits them. */
export const BATCH_KINDS: readonly BatchKind[] = [PAYROLL_BATCHES, PAYMENT_BATCHES]

async function abandonPayrollBatch(
  db: Database,
  batchId: number,
  message: string = FILE_MESSAGES.unexpected,
): Promise<boolean> {
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
    await tx.insert(payrollBatchErrors).values({ batchId, attempt: batch.attempts, message })
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
