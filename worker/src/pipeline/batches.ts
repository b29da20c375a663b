import type { BatchTable, Database } from '@planillas/db'
import { BATCH_STATUS, type PAYMENT_BATCH_STATUS } from '@planillas/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'

export type { BatchTable }
export type BatchRow<T extends BatchTable> = T['$inferSelect']

/**
 * What the batch pipeline needs to know of one kind of upload, and nothing more: its job, its
 * table, how the logs name it and how an unfinished batch is closed when its job is lost. Each
 * kind is declared beside its processor (`payroll-import/kind.ts`, `payment-import/kind.ts`) from
 * light modules only (the database, no file reader): the sweep loads every kind in every worker,
 * the processors (exceljs, pdf-lib, the xlsx reader) only load when their job runs.
 */
export type BatchKind<T extends BatchTable = BatchTable> = {
  job: 'payroll-import' | 'payment-import' | 'voucher-import' | 'constancia-import' | 'padron-load'
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

/** PENDIENTE and PROCESANDO are 1 and 2 in both tables (the other states differ). */
const PENDING = BATCH_STATUS.PENDING satisfies typeof PAYMENT_BATCH_STATUS.PENDING
const PROCESSING = BATCH_STATUS.PROCESSING satisfies typeof PAYMENT_BATCH_STATUS.PROCESSING
export const RUNNING_STATUSES = [PENDING, PROCESSING]

/**
 * Takes a batch for this attempt: PENDIENTE or PROCESANDO (a crashed attempt) becomes PROCESANDO
 * with the attempt counted, its progress back to zero (and `reset`, what else the kind starts
 * again). The attempt is marked open; one that ends by an error closes its mark (`closeAttempt`),
 * so a mark still open here was left by a worker process that died in the attempt: that is
 * counted in `crashes`. A finished or unknown batch gives null: there is nothing to do.
 */
export async function claimBatch<T extends BatchTable>(
  db: Database,
  table: T,
  batchId: number,
  reset: { errorCount?: 0 } = {},
): Promise<BatchRow<T> | null> {
  const t: BatchTable = table
  const [batch] = await db
    .update(t)
    .set({
      status: PROCESSING,
      progress: 0,
      rowsRead: 0,
      ...reset,
      attempts: sql`${t.attempts} + 1`,
      crashes: sql`${t.crashes} + case when ${t.attemptOpen} then 1 else 0 end`,
      attemptOpen: true,
      startedAt: new Date(),
    })
    .where(and(eq(t.id, batchId), inArray(t.status, RUNNING_STATUSES)))
    .returning()
  return (batch as BatchRow<T> | undefined) ?? null
}

/**
 * After an attempt that ended by an error (the queue retries it): its mark is closed, so the next
 * claim does not take it for a crash. Best effort: with the database gone the next claim counts
 * one crash, which is forgiven (`CRASHES_FORGIVEN`).
 */
export async function closeAttempt(db: Database, table: BatchTable, batchId: number): Promise<void> {
  await db.update(table).set({ attemptOpen: false }).where(eq(table.id, batchId))
}

/**
 * Progress while working, visible at once (outside any transaction), capped below 100 (only the
 * finishing transaction writes 100); ignored once the batch is no longer PROCESANDO.
 */
export async function reportProgress(
  db: Database,
  table: BatchTable,
  batchId: number,
  progress: number,
  rowsRead: number,
) {
  await db
    .update(table)
    .set({ progress: Math.max(0, Math.min(99, Math.floor(progress))), rowsRead })
    .where(and(eq(table.id, batchId), eq(table.status, PROCESSING)))
}

/** The batches still PENDIENTE or PROCESANDO, oldest first: the sweep's work list. */
export async function unfinishedBatchIds(db: Database, table: BatchTable): Promise<number[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.status, RUNNING_STATUSES))
    .orderBy(table.id)
  return rows.map((r) => r.id)
}
