import type {
  constanciaBatchErrors,
  Executor,
  padronLoadErrors,
  payrollBatchErrors,
  voucherBatchErrors,
} from '@planillas/db'
import { BatchErrorSchema, type PageResponse } from '@planillas/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { countedRows, type ListPage, paged } from '../lists/paging'
import type { BatchFileRoutes } from './batch-routes'

/**
 * The problems of the upload kinds that keep row errors (payroll, vouchers, padrones: row, column,
 * value, message, in a table of their own): one query pair and one workbook for all of them; the
 * query pair also serves the constancias' problems, with their own columns.
 */
export type RowErrorTable = typeof payrollBatchErrors | typeof voucherBatchErrors | typeof padronLoadErrors

/** Every kind's problems table: the row-error ones and the constancias' own. */
export type BatchErrorTable = RowErrorTable | typeof constanciaBatchErrors

export type RowError = {
  rowNumber: number | null
  column: string | null
  value: string | null
  message: string
}

/**
 * A batch's problems as the kind shows them (`columns` of its table `e`, read as `R`): a page in row
 * order (file-level problems first), and all of them in row order for the workbook.
 */
export function batchErrorQueries<R extends { rowNumber: number | null }>(
  e: BatchErrorTable,
  columns: { [K in keyof R]: PgColumn },
) {
  const selected: Record<string, PgColumn> = columns
  /** A page of a batch's errors in row order (file-level problems first). */
  function listErrors(db: Executor, batchId: number, page: ListPage): Promise<PageResponse<R>> {
    const byBatch = eq(e.batchId, batchId)
    return paged(
      db,
      page,
      async (db, limit, offset) =>
        (await db
          .select(selected)
          .from(e)
          .where(byBatch)
          // Row order; look-ups running in parallel may store them out of it.
          .orderBy(sql`${e.rowNumber} asc nulls first`, asc(e.id))
          .limit(limit)
          .offset(offset)) as R[],
      (db) => countedRows(db).from(e).where(byBatch).$dynamic(),
    )
  }

  /** Every error of a batch in row order, 1,000 at a time (keyset on row, then id). */
  async function* errorsInRowOrder(db: Executor, batchId: number): AsyncGenerator<(R & { id: number })[]> {
    const row = sql<number>`coalesce(${e.rowNumber}, 0)`
    let after = { row: -1, id: 0 }
    for (;;) {
      const batch = (await db
        .select({ id: e.id, ...selected })
        .from(e)
        .where(and(eq(e.batchId, batchId), sql`(${row}, ${e.id}) > (${after.row}, ${after.id})`))
        .orderBy(row, asc(e.id))
        .limit(1000)) as (R & { id: number })[]
      if (!batch.length) return
      yield batch
      const last = batch[batch.length - 1]
      after = { row: last.rowNumber ?? 0, id: last.id }
    }
  }

  return { listErrors, errorsInRowOrder }
}

/** The row-error kinds' problems: row, column, value, message. */
export const rowErrorQueries = (e: RowErrorTable) =>
  batchErrorQueries<RowError>(e, {
    rowNumber: e.rowNumber,
    column: e.column,
    value: e.value,
    message: e.message,
  })

/**
 * The `problems` of `batchFileRoutes` for a kind with row errors: the page and the workbook
 * 'Errores' (Fila, Columna, Valor, Mensaje) named by `fileName`.
 */
export function rowErrorProblems(
  table: RowErrorTable,
  fileName: (batchId: number) => string,
): BatchFileRoutes<typeof BatchErrorSchema, RowError>['problems'] {
  const q = rowErrorQueries(table)
  return {
    schema: BatchErrorSchema,
    page: q.listErrors,
    workbook: {
      description: 'Todos los errores de la carga: fila, columna, valor, mensaje.',
      fileName,
      sheetName: 'Errores',
      rows: q.errorsInRowOrder,
      columns: [
        { header: 'Fila', width: 8, value: (e) => e.rowNumber ?? '' },
        { header: 'Columna', width: 24, value: (e) => e.column ?? '' },
        { header: 'Valor', width: 30, value: (e) => e.value ?? '' },
        { header: 'Mensaje', width: 90, value: (e) => e.message },
      ],
    },
  }
}
