import { payrolls } from '@planillas/db'
import { DATABASE_DOWN, DATABASE_UP } from '@planillas/db/outage'
import { perFile } from '@planillas/testing/per-file'
import { adminSession, type RunningProcess, startProcess, waitFor } from '@planillas/testing/processes'
import { createDatabaseFaultHarness } from '@planillas/testing/worker/database-fault-harness'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The worker process when PostgreSQL ends the connection of the transaction that writes a
 * payroll (a restart, `pg_terminate_backend`): the process stays up, waits for the database and
 * starts the batch again within the same attempt. Runs against the real PostgreSQL and Redis.
 */
const ROWS = 30

describe.runIf(process.env.DATABASE_URL)(
  'the worker process when PostgreSQL ends a transaction’s connection',
  () => {
    const h = perFile(() => createDatabaseFaultHarness('dbfault', ROWS))
    let worker: RunningProcess | undefined
    afterAll(async () => {
      await worker?.stop()
    })

    it('stays up, waits for the database and finishes the batch with one payroll', async () => {
      const admin = await adminSession(h.handle.url as string)
      try {
        // The test holds the payrolls table: the worker's writing transaction waits inside it.
        await admin.query('begin')
        await admin.query('lock table payrolls in access exclusive mode')
        const id = await h.pendingBatch('PL-DBFAULT', 'Corte de conexión')
        // Recorded PENDIENTE and not enqueued: the worker's start-up sweep takes it.
        worker = startProcess('worker/src/main.ts', h.workerEnv(h.handle.url))
        const waiter = await waitFor(
          'la transacción del worker esperando',
          async () => (await admin.lockWaiters())[0],
          60_000,
        )
        await admin.terminate(waiter.pid)
        await admin.query('rollback')

        const done = await h.processed(worker, id, 90_000)
        expect(done).toMatchObject({ progress: 100, rowsRead: ROWS, errorCount: 0 })
        expect(done.attempts).toBeGreaterThanOrEqual(2)
        expect(await h.handle.db.select().from(payrolls)).toHaveLength(1)
        expect(worker.alive(), worker.output()).toBe(true)
        // The lost connection was logged as one JSON line, like every other line of the worker, and
        // waited out within the attempt (no retry spent): the outage's start and end, with the cause.
        const lines = worker.output().trim().split('\n')
        expect(lines.filter((line) => !line.startsWith('{'))).toEqual([])
        const messages = lines.map((line) => JSON.parse(line))
        const down = messages.filter((line) => line.message === DATABASE_DOWN)
        expect(down).toHaveLength(1)
        expect(down[0].error).toMatch(/terminating connection/)
        expect(messages.filter((line) => line.message === DATABASE_UP)).toHaveLength(1)
      } finally {
        await admin.end()
      }
      expect(await worker.stop()).toBe(0)
    }, 180_000)
  },
)
