import {
  applicants,
  boletaRuns,
  type Database,
  detractionFiles,
  paymentBatches,
  paymentBatchReceipts,
  paymentOrders,
  payrollBatches,
  rowsOf,
  voucherBatches,
  voucherFiles,
} from '@planillas/db'
import type { FileStorage } from '@planillas/storage'
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/**
 * Every column that holds a key of the file store. A file whose key none of them holds was left
 * by a process that stored it and died (or failed) before its row was written: nothing can ever
 * reach it. A column added for files belongs here, or the sweep would remove its files.
 */
export const FILE_KEY_COLUMNS: [PgTable, AnyColumn][] = [
  [payrollBatches, payrollBatches.fileKey],
  [paymentBatches, paymentBatches.fileKey],
  [paymentBatches, paymentBatches.receiptsPdfKey],
  [paymentBatchReceipts, paymentBatchReceipts.fileKey],
  [paymentOrders, paymentOrders.fileKey],
  [detractionFiles, detractionFiles.fileKey],
  [voucherBatches, voucherBatches.fileKey],
  [voucherFiles, voucherFiles.storageKey],
  [applicants, applicants.cvKey],
  [boletaRuns, boletaRuns.fileKey],
]

/**
 * A file is written before its row (the row names the stored key), inside a request or a job that
 * may take minutes: only files older than this are judged, a day by default.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000
const KEYS_PER_QUERY = 500

/** Which of `keys` some row refers to. */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const selects: SQL[] = FILE_KEY_COLUMNS.map(
    ([table, column]) => sql`select ${column} as key from ${table} where ${inArray(column, keys)}`,
  )
  const rows = rowsOf<{ key: string }>(await db.execute(sql.join(selects, sql` union `)))
  return new Set(rows.map((r) => r.key))
}

/**
 * Removes the stored files older than `graceMs` that no row refers to; how many it checked and
 * removed. A store that cannot list its files (none of ours) is left alone.
 */
export async function sweepOrphanFiles(
  db: Database,
  storage: FileStorage,
  { graceMs = ORPHAN_GRACE_MS, now = new Date() }: { graceMs?: number; now?: Date } = {},
): Promise<{ checked: number; removed: number }> {
  if (!storage.listKeys) return { checked: 0, removed: 0 }
  let checked = 0
  let removed = 0
  let chunk: string[] = []
  const judge = async () => {
    const kept = await referencedKeys(db, chunk)
    for (const key of chunk) {
      if (kept.has(key)) continue
      await storage.delete(key)
      removed++
    }
    checked += chunk.length
    chunk = []
  }
  for await (const key of storage.listKeys(new Date(now.getTime() - graceMs))) {
    chunk.push(key)
    if (chunk.length >= KEYS_PER_QUERY) await judge()
  }
  if (chunk.length) await judge()
  return { checked, removed }
}

/** How often the worker looks for orphan files: a few times a day is plenty for a grace of a day. */
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60_000

/**
 * Sweeps orphan files now and every `everyMs` (each worker process does; deleting twice is no
 * error). Returns the function that stops it.
 */
export function sweepOrphanFilesPeriodically(
  db: Database,
  storage: FileStorage,
  log: { warn: (message: string, details?: Record<string, unknown>) => void },
  { everyMs = ORPHAN_SWEEP_EVERY_MS, graceMs = ORPHAN_GRACE_MS } = {},
): () => void {
  let running = false
  const sweep = async () => {
    if (running) return
    running = true
    try {
      const { checked, removed } = await sweepOrphanFiles(db, storage, { graceMs })
      if (removed) log.warn('Archivos sin registro que los nombre eliminados', { checked, removed })
    } catch (error) {
      log.warn('No se pudo revisar los archivos sin registro', { error: (error as Error)?.message })
    } finally {
      running = false
    }
  }
  void sweep()
  const timer = setInterval(() => void sweep(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
