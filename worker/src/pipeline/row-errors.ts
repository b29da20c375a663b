import {
  type constanciaBatchErrors,
  type constanciaBatches,
  type Database,
  type Executor,
  type padronLoadErrors,
  type padronLoads,
  type payrollBatchErrors,
  type payrollBatches,
  recordAudit,
  SYSTEM_ACTOR,
  type voucherBatchErrors,
  type voucherBatches,
} from '@planillas/db'
import { BATCH_STATUS, countOf, FILE_MESSAGES } from '@planillas/domain'
import { and, eq, getTableName, inArray, ne, sql } from 'drizzle-orm'

/**
 * The store of the upload kinds whose problems are row errors (payroll, vouchers): a batch table
 * with the payroll batches' states and a table of errors (row, column, value, message, the attempt
 * that found them). All or nothing: a batch with errors ends CON ERRORES with nothing recorded.
 * A kind gives its tables and its words; storing, closing and abandoning are the same for all.
 */
export type RowErrorBatchTable =
  | typeof payrollBatches
  | typeof voucherBatches
  | typeof constanciaBatches
  | typeof padronLoads
export type RowErrorTable =
  | typeof payrollBatchErrors
  | typeof voucherBatchErrors
  | typeof constanciaBatchErrors
  | typeof padronLoadErrors

/** A problem of the file: a row (null for the whole file), a column, the value, the message. */
export type FileProblem = {
  rowNumber: number | null
  column: string | null
  value: string | null
  message: string
}

/** What the audit needs of a batch to name it. */
type NamedBatch = { id: number; fileName: string; createdBy: string | null; attempts: number }

/** The two tables of a kind, what storing and clearing errors needs. */
type Tables = { batches: RowErrorBatchTable; errors: RowErrorTable }

export type RowErrorStore<B extends NamedBatch = NamedBatch> = {
  batches: RowErrorBatchTable
  errors: RowErrorTable
  /** The audit entries' entity: the batch table's name. */
  entity: string
  /** How the audit names a batch: "La carga #3 ('enero.xlsx', planilla P-1)". */
  named: (batch: B) => string
  /** What a batch CON ERRORES leaves: 'nada registrado', 'ningún comprobante registrado'. */
  nothingRecorded: string
}

/** Stores a slice of a batch's errors with one set-based insert per 5,000. */
export async function insertRowErrors(
  db: Executor,
  store: Tables,
  batchId: number,
  attempt: number,
  problems: FileProblem[],
) {
  const table = sql.identifier(getTableName(store.errors))
  for (let at = 0; at < problems.length; at += 5000) {
    const slice = problems.slice(at, at + 5000)
    await db.execute(sql`
      insert into ${table} (batch_id, attempt, row_number, "column", value, message)
      select ${batchId}, ${attempt}, r, c, v, m
      from unnest(
        ${sql.param(slice.map((p) => p.rowNumber))}::int[],
        ${sql.param(slice.map((p) => p.column))}::text[],
        ${sql.param(slice.map((p) => p.value))}::text[],
        ${sql.param(slice.map((p) => p.message))}::text[]
      ) as e(r, c, v, m)`)
  }
}

/** Locks the batch; whether it is still PROCESANDO (false: another attempt finished it). */
export async function lockProcessing(tx: Executor, store: Tables, batchId: number) {
  const t: RowErrorBatchTable = store.batches
  const [current] = await tx.select({ status: t.status }).from(t).where(eq(t.id, batchId)).for('update')
  return current?.status === BATCH_STATUS.PROCESSING
}

/** The errors of one attempt of a batch. */
const ofAttempt = (store: Tables, batchId: number, attempt: number) =>
  and(eq(store.errors.batchId, batchId), eq(store.errors.attempt, attempt))

/** Removes the errors this attempt stored so far. */
export async function clearAttemptErrors(db: Executor, store: Tables, batch: NamedBatch) {
  await db.delete(store.errors).where(ofAttempt(store, batch.id, batch.attempts))
}

/**
 * Ends a locked batch CON ERRORES with `errorCount` errors and its audit entry, in the caller's
 * transaction; the errors of other attempts go.
 */
export async function closeWithErrors<B extends NamedBatch>(
  tx: Executor,
  store: RowErrorStore<B>,
  batch: B,
  rowsRead: number,
  errorCount: number,
) {
  await tx
    .delete(store.errors)
    .where(and(eq(store.errors.batchId, batch.id), ne(store.errors.attempt, batch.attempts)))
  const t: RowErrorBatchTable = store.batches
  await tx
    .update(t)
    .set({ status: BATCH_STATUS.FAILED, progress: 100, rowsRead, errorCount, finishedAt: new Date() })
    .where(eq(t.id, batch.id))
  await recordAudit(tx, {
    action: 'UPDATE',
    entity: store.entity,
    entityId: batch.id,
    actor: batch.createdBy ?? SYSTEM_ACTOR,
    description: `${store.named(batch)} terminó CON ERRORES: ${countOf(errorCount, 'error')}, ${store.nothingRecorded}`,
  })
}

/**
 * The pipeline's `abandon` for a kind: ends an unfinished batch CON ERRORES with the generic
 * message (its job lost or out of attempts) or `message`; false when it had already finished.
 */
export function abandonRowErrorBatch<B extends NamedBatch>(store: RowErrorStore<B>) {
  return (db: Database, batchId: number, message: string = FILE_MESSAGES.unexpected): Promise<boolean> =>
    db.transaction(async (tx) => {
      const t: RowErrorBatchTable = store.batches
      const [batch] = (await tx
        .select()
        .from(t)
        .where(and(eq(t.id, batchId), inArray(t.status, [BATCH_STATUS.PENDING, BATCH_STATUS.PROCESSING])))
        .for('update')) as unknown as B[]
      if (!batch) return false
      await tx.delete(store.errors).where(eq(store.errors.batchId, batchId))
      await tx.insert(store.errors).values({ batchId, attempt: batch.attempts, message })
      await tx
        .update(t)
        .set({ status: BATCH_STATUS.FAILED, progress: 100, errorCount: 1, finishedAt: new Date() })
        .where(eq(t.id, batchId))
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: store.entity,
        entityId: batchId,
        actor: batch.createdBy ?? SYSTEM_ACTOR,
        description: `${store.named(batch)} no se pudo procesar tras ${countOf(batch.attempts, 'intento')}`,
      })
      return true
    })
}

/**
 * Ends the batch CON ERRORES with the file's problems of this attempt, nothing recorded, in one
 * transaction. Locks the batch first: an attempt that lost a race (the batch already finished)
 * changes nothing (false).
 */
export function finishWithFileProblems<B extends NamedBatch>(store: RowErrorStore<B>) {
  return (db: Database, batch: B, problems: FileProblem[], rowsRead: number): Promise<boolean> =>
    db.transaction(async (tx) => {
      if (!(await lockProcessing(tx, store, batch.id))) return false
      await tx.delete(store.errors).where(eq(store.errors.batchId, batch.id))
      await insertRowErrors(tx, store, batch.id, batch.attempts, problems)
      await closeWithErrors(tx, store, batch, rowsRead, problems.length)
      return true
    })
}
