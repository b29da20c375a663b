import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, payrollBatches, payrolls } from '@planillas/db'
import { BATCH_STATUS } from '@planillas/domain'
import { createBullmqQueue } from '@planillas/queue'
import { createLocalStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { adminSession, type RunningProcess, startProcess, waitFor } from '@planillas/testing/processes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The worker process when PostgreSQL ends the connection of the transaction that writes a
 * payroll (a restart, `pg_terminate_backend`): the process stays up, the attempt fails and BullMQ's
 * retry finishes the batch. Runs against the real PostgreSQL and Redis.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROWS = 30
const prefix = `test-dbfault-${randomBytes(4).toString('hex')}`

describe.runIf(process.env.DATABASE_URL)(
  'the worker process when PostgreSQL ends a transaction’s connection',
  () => {
    let handle: DatabaseHandle
    let filesDir: string
    let worker: RunningProcess | undefined

    beforeAll(async () => {
      handle = await openTestDatabase()
      await ensureFixtureBanks(handle.db)
      await insertFixtureEmployees(handle.db, ROWS)
      filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-dbfault-'))
    }, 60_000)

    afterAll(async () => {
      await worker?.stop()
      const queue = createBullmqQueue({ url: REDIS_URL, prefix })
      await queue.queue.obliterate({ force: true })
      await queue.close()
      await handle?.close()
      await rm(filesDir, { recursive: true, force: true })
    })

    it('stays up, and the retried job finishes the batch with one payroll', async () => {
      const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
      const fileKey = await createLocalStorage(filesDir).put(file, {
        name: 'planilla.xlsx',
        contentType: 'x',
      })
      const admin = await adminSession(handle.url as string)
      try {
        // The test holds the payrolls table: the worker's writing transaction waits inside it.
        await admin.query('begin')
        await admin.query('lock table payrolls in access exclusive mode')
        const [{ id }] = await handle.db
          .insert(payrollBatches)
          .values({
            code: 'PL-DBFAULT',
            period: '202611',
            name: 'Corte de conexión',
            type: 1,
            fileKey,
            fileName: 'planilla.xlsx',
            fileSize: file.length,
            createdBy: 'rrhh@planillas.pe',
          })
          .returning({ id: payrollBatches.id })
        // Recorded PENDIENTE and not enqueued: the worker's start-up sweep takes it.
        worker = startProcess('worker/src/main.ts', {
          ...process.env,
          DATABASE_URL: handle.url,
          REDIS_URL,
          QUEUE_PREFIX: prefix,
          FILES_DIR: filesDir,
        })
        const waiter = await waitFor(
          'la transacción del worker esperando',
          async () => (await admin.lockWaiters())[0],
          60_000,
        )
        await admin.terminate(waiter.pid)
        await admin.query('rollback')

        const done = await waitFor(
          'la carga PROCESADO',
          async () => {
            if (!worker?.alive()) throw new Error(`El worker terminó:\n${worker?.output()}`)
            const [batch] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
            return batch.status === BATCH_STATUS.PROCESSED && batch
          },
          90_000,
        )
        expect(done).toMatchObject({ progress: 100, rowsRead: ROWS, errorCount: 0 })
        expect(done.attempts).toBeGreaterThanOrEqual(2)
        expect(await handle.db.select().from(payrolls)).toHaveLength(1)
        expect(worker.alive(), worker.output()).toBe(true)
        // The failed attempt was logged as one JSON line, like every other line of the worker.
        const lines = worker.output().trim().split('\n')
        expect(lines.filter((line) => !line.startsWith('{'))).toEqual([])
        expect(lines.some((line) => JSON.parse(line).message === 'Intento fallido')).toBe(true)
      } finally {
        await admin.end()
      }
      expect(await worker.stop()).toBe(0)
    }, 180_000)
  },
)
