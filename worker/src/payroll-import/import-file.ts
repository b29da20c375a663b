import { afpRates, type Database, plameConcepts, SYSTEM_ACTOR } from '@planillas/db'
import type { KnownBanks } from '@planillas/domain'
import type { XlsxPackage } from '@planillas/formats/xlsx-package'
import type { ClaimedBatch } from './batch-store'
import { employeesInPeriod } from './line-review'
import {
  CopyLines,
  canStreamLines,
  closeProcessed,
  insertLines,
  insertPayrollRow,
  PayrollLines,
  postgresClientOf,
  type WrittenPayroll,
} from './payroll-writer'
import { afpRatesOf, type ValidationHooks, type ValidationResult, validatePayrollFile } from './validate-file'

export type ImportResult =
  | { kind: 'processed'; payroll: WrittenPayroll; rowsRead: number; readMs: number; writeMs: number }
  /** Row or file problems (already handed to `hooks.onProblems`), or too many rows: nothing written. */
  | { kind: 'rejected'; result: ValidationResult }
  /** Another attempt finished the batch meanwhile: nothing written. */
  | { kind: 'skipped' }

/** Leaves the transaction by rolling it back, carrying what the caller is told. */
class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super('rollback')
  }
}

/**
 * Reads, checks and writes a batch's file. On PostgreSQL the transaction is opened
 * first: the payroll row is written, then every checked line streams into COPY while the sheet is
 * still being read, so the write overlaps the read. From the first problem nothing more is
 * written, every problem is still collected, and the transaction is rolled back (CON ERRORES,
 * nothing half-written). A clean file ends with the totals, the batch PROCESADO and the audit
 * entry in that same transaction. PGlite (one connection, no COPY over its wire) keeps the lines
 * packed in memory and writes them after the reading, in one transaction.
 */
export async function importPayrollFile(
  db: Database,
  pkg: XlsxPackage,
  banks: KnownBanks,
  batch: ClaimedBatch,
  hooks: ValidationHooks,
): Promise<ImportResult> {
  const started = Date.now()
  const actor = batch.createdBy ?? SYSTEM_ACTOR
  const inPeriod = await employeesInPeriod(db, batch.period, batch.type)
  const table22 = await db.select().from(plameConcepts)
  const concepts = { period: batch.period, table22, afpRates: afpRatesOf(await db.select().from(afpRates)) }
  let readMs = 0
  const clean = (result: ValidationResult) => result.problemCount === 0 && !result.tooManyRows
  /** Totals, batch PROCESADO and audit in the writing transaction; skipped if another attempt won. */
  const close = async (tx: Database, payrollId: number, rowsRead: number): Promise<ImportResult> => {
    const payroll = await closeProcessed(tx, batch, payrollId, rowsRead)
    if (!payroll) throw new Rollback({ kind: 'skipped' })
    return { kind: 'processed', payroll, rowsRead, readMs, writeMs: Date.now() - started - readMs }
  }
  try {
    if (!canStreamLines(db)) {
      const lines = new PayrollLines()
      const result = await validatePayrollFile(db, pkg, banks, hooks, lines, inPeriod, concepts)
      if (!clean(result)) return { kind: 'rejected', result }
      readMs = Date.now() - started
      return await db.transaction(async (tx) => {
        const payrollId = await insertPayrollRow(tx, batch)
        await insertLines(tx, payrollId, lines, actor)
        if (result.layout) await lines.concepts.write(tx, payrollId, result.layout)
        return close(tx, payrollId, result.rowsRead)
      })
    }
    return await db.transaction(async (tx) => {
      const client = postgresClientOf(tx)
      if (!client) throw new Error('Sin conexión de node-postgres en la transacción')
      const payrollId = await insertPayrollRow(tx, batch)
      const copy = new CopyLines(client, payrollId, actor)
      let result: ValidationResult
      try {
        result = await validatePayrollFile(db, pkg, banks, hooks, copy, inPeriod, concepts)
        if (!clean(result)) throw new Rollback({ kind: 'rejected', result })
      } catch (error) {
        // The connection must leave COPY mode before the transaction can be rolled back.
        await copy.cancel()
        throw error
      }
      readMs = Date.now() - started
      await copy.finish()
      if (result.layout) await copy.concepts.write(tx, payrollId, result.layout)
      return close(tx, payrollId, result.rowsRead)
    })
  } catch (error) {
    if (error instanceof Rollback) return error.result
    throw error
  }
}
