import { payrolls } from '@planillas/db'
import { DATABASE_DOWN, DATABASE_UP } from '@planillas/db/outage'
import { BATCH_STATUS } from '@planillas/domain'
import { perFile } from '@planillas/testing/per-file'
import {
  adminSession,
  type CuttableProxy,
  jsonLines,
  type RunningProcess,
  startCuttableProxy,
  startProcess,
  waitFor,
} from '@planillas/testing/processes'
import { createDatabaseFaultHarness } from '@planillas/testing/worker/database-fault-harness'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A 45-second PostgreSQL outage in the middle of an import, as the worker process meets it through a
 * proxy the test cuts (reset connections, then refused ones): the worker waits for the database
 * instead of spending its retries, the batch is PROCESADO once the database is back with no second
 * upload, and the log has one line when the outage starts (with its cause) and one when it ends.
 */
const ROWS = 30
const OUTAGE_MS = 45_000

describe.runIf(process.env.DATABASE_URL)('the worker process during a 45 s PostgreSQL outage', () => {
  const h = perFile(() => createDatabaseFaultHarness('dboutage', ROWS))
  let proxy: CuttableProxy
  let worker: RunningProcess | undefined

  beforeAll(async () => {
    proxy = await startCuttableProxy(h.handle.url as string)
  })

  afterAll(async () => {
    await worker?.stop()
    await proxy?.close()
  })

  it('waits for the database and finishes the batch PROCESADO, logging the outage once', async () => {
    const admin = await adminSession(h.handle.url as string)
    let id: number
    try {
      // The test holds the payrolls table: the worker's writing transaction waits inside it.
      await admin.query('begin')
      await admin.query('lock table payrolls in access exclusive mode')
      id = await h.pendingBatch('PL-OUTAGE', 'Caída de la base de datos')
      worker = startProcess('worker/src/main.ts', {
        ...h.workerEnv(proxy.url),
        // The periodic sweep runs (and fails) many times during the outage: none of it is logged.
        WORKER_SWEEP_MS: '2000',
      })
      await waitFor('la transacción del worker esperando', async () => (await admin.lockWaiters())[0], 60_000)
      proxy.cut()
      await admin.query('rollback')
    } finally {
      await admin.end()
    }

    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
    expect(worker.alive(), worker.output()).toBe(true)
    const during = await h.batch(id)
    expect(during.status).not.toBe(BATCH_STATUS.FAILED)
    proxy.restore()

    const done = await h.processed(worker, id, 60_000, { failOnFailed: true })
    expect(done).toMatchObject({ progress: 100, rowsRead: ROWS, errorCount: 0 })
    expect(await h.handle.db.select().from(payrolls)).toHaveLength(1)

    const lines = jsonLines(worker.output())
    const down = lines.filter((line) => line.message === DATABASE_DOWN)
    expect(down, worker.output()).toHaveLength(1)
    expect(String(down[0].error)).not.toMatch(/Failed query/)
    expect(lines.filter((line) => line.message === DATABASE_UP)).toHaveLength(1)
    // No retry was spent and nothing else was logged per failure.
    expect(
      lines.filter(
        (line) => line.level !== 'info' && line.message !== DATABASE_DOWN && line.message !== DATABASE_UP,
      ),
    ).toEqual([])
    expect(await worker.stop()).toBe(0)
  }, 240_000)
})
