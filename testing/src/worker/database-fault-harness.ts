import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { payrollBatches } from '@planillas/db'
import { BATCH_STATUS } from '@planillas/domain'
import { createBullmqQueue } from '@planillas/queue'
import { eq } from 'drizzle-orm'
import { openTestDatabase } from '../database'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  streamedPayrollWorkbook,
  validRow,
} from '../payroll-fixtures'
import { type RunningProcess, waitFor } from '../processes'
import { recordPendingBatch } from './process-harness'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * For the tests that start the worker process (worker/src/main.ts) and take its database away
 * in the middle of an import: a database with `rows` fixture employees, a file store and a queue
 * prefix of their own. `close` empties the queue, closes the database and removes the files.
 */
export async function createDatabaseFaultHarness(name: string, rows: number) {
  const handle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, rows)
  const filesDir = await mkdtemp(path.join(tmpdir(), `planillas-${name}-`))
  const prefix = `${process.env.QUEUE_PREFIX ?? 'test'}-${name}-${randomBytes(4).toString('hex')}`
  const batch = async (id: number) =>
    (await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id)))[0]
  return {
    handle,
    filesDir,
    /** The worker's environment, on the database at `databaseUrl` (the test's, or a proxy to it). */
    workerEnv: (databaseUrl: string | undefined) => ({
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      FILES_DIR: filesDir,
    }),
    /**
     * A workbook of `rows` valid rows stored and its batch recorded PENDIENTE, not enqueued: the
     * worker's start-up sweep takes it. Returns the batch's id.
     */
    async pendingBatch(code: string, batchName: string): Promise<number> {
      const file = await streamedPayrollWorkbook(rows, (i) => validRow(i))
      return recordPendingBatch(handle.db, filesDir, file, { code, name: batchName })
    },
    batch,
    /** Waits for the batch PROCESADO, failing at once if the worker ends (or, when told, the batch fails). */
    processed: (
      worker: RunningProcess,
      id: number,
      timeout: number,
      options: { failOnFailed?: boolean } = {},
    ) =>
      waitFor(
        'la carga PROCESADO',
        async () => {
          if (!worker.alive()) throw new Error(`El worker terminó:\n${worker.output()}`)
          const row = await batch(id)
          if (options.failOnFailed && row.status === BATCH_STATUS.FAILED)
            throw new Error(`CON ERRORES:\n${worker.output()}`)
          return row.status === BATCH_STATUS.PROCESSED && row
        },
        timeout,
      ),
    async close() {
      const queue = createBullmqQueue({ url: REDIS_URL, prefix })
      await queue.queue.obliterate({ force: true })
      await queue.close()
      await handle.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}
