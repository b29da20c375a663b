import type { Executor, padronLoadErrors, payrollBatchErrors, voucherBatchErrors } from '@planillas/db'
import { BatchErrorSchema } from '@planillas/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { countedRows, type ListPage, paged } from '../lists/paging'
import type { BatchFileRoutes } from './batch-routes'

/**
 * The problems of the upload kinds that keep row errors (payroll, vouchers: row, column, value,
 * message, in a table of their own): one query pair and one workbook for all of them.
 */
export type RowErrorTable = typeof payrollBatchErrors | typeof voucherBatchErrors | typeof padronLoadErrors

export type RowError = {
  rowNumber: number | null
  column: string | null
  value: string | null
  message: string
}

export function rowErrorQueries(e: RowErrorTable) {
  const errorColumns = { rowNumber: e.rowNumber, column: e.column, value: e.value, message: e.message }

  /** A page of a batch's errors in row order (file-level problems first). */
  function listErrors(db: Executor, batchId: number, page: ListPage) {
    const byBatch = eq(e.batchId, batchId)
    return paged(
      db,
      page,
      (db, limit, offset) =>
        db
          .select(errorColumns)
          .from(e)
          .where(byBatch)
          // Row order; look-ups running in parallel may store them out of it.
          .orderBy(sql`${e.rowNumber} asc nulls first`, asc(e.id))
          .limit(limit)
          .offset(offset),
      (db) => countedRows(db).from(e).where(byBatch).$dynamic(),
    )
  }

  /** Every error of a batch in row order, 1,000 at a time (keyset on row, then id). */
  async function* errorsInRowOrder(db: Executor, batchId: number) {
    const row = sql<number>`coalesce(${e.rowNumber}, 0)`
    let after = { row: -1, id: 0 }
    for (;;) {
      const batch = await db
        .select({ id: e.id, ...errorColumns })
        .from(e)
        .where(and(eq(e.batchId, batchId), sql`(${row}, ${e.id}) > (${after.row}, ${after.id})`))
        .orderBy(row, asc(e.id))
        .limit(1000)
      if (!batch.length) return
      yield batch
      const last = batch[batch.length - 1]
      after = { row: last.rowNumber ?? 0, id: last.id }
    }
  }

  return { listErrors, errorsInRowOrder }
}

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
