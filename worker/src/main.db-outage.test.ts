import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, payrollBatches, payrolls } from '@planillas/db'
import { DATABASE_DOWN, DATABASE_UP } from '@planillas/db/outage'
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
import {
  adminSession,
  type CuttableProxy,
  jsonLines,
  type RunningProcess,
  startCuttableProxy,
  startProcess,
  waitFor,
} from '@planillas/testing/processes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A 45-second PostgreSQL outage in the middle of an import, as the worker process meets it through a
 * proxy the test cuts (reset connections, then refused ones): the worker waits for the database
 * instead of spending its retries, the batch is PROCESADO once the database is back with no second
 * upload, and the log has one line when the outage starts (with its cause) and one when it ends.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROWS = 30
const OUTAGE_MS = 45_000
const prefix = `${process.env.QUEUE_PREFIX ?? 'test'}-dboutage-${randomBytes(4).toString('hex')}`

describe.runIf(process.env.DATABASE_URL)('the worker process during a 45 s PostgreSQL outage', () => {
  let handle: DatabaseHandle
  let proxy: CuttableProxy
  let filesDir: string
  let worker: RunningProcess | undefined

  beforeAll(async () => {
    handle = await openTestDatabase()
    await ensureFixtureBanks(handle.db)
    await insertFixtureEmployees(handle.db, ROWS)
    proxy = await startCuttableProxy(handle.url as string)
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-dboutage-'))
  }, 60_000)

  afterAll(async () => {
    await worker?.stop()
    await proxy?.close()
    const queue = createBullmqQueue({ url: REDIS_URL, prefix })
    await queue.queue.obliterate({ force: true })
    await queue.close()
    await handle?.close()
    await rm(filesDir, { recursive: true, force: true })
  })

  it('waits for the database and finishes the batch PROCESADO, logging the outage once', async () => {
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    const fileKey = await createLocalStorage(filesDir).put(file, { name: 'planilla.xlsx', contentType: 'x' })
    const admin = await adminSession(handle.url as string)
    let id: number
    try {
      // The test holds the payrolls table: the worker's writing transaction waits inside it.
      await admin.query('begin')
      await admin.query('lock table payrolls in access exclusive mode')
      ;[{ id }] = await handle.db
        .insert(payrollBatches)
        .values({
          code: 'PL-OUTAGE',
          period: '202611',
          name: 'Caída de la base de datos',
          type: 1,
          fileKey,
          fileName: 'planilla.xlsx',
          fileSize: file.length,
          createdBy: 'rrhh@planillas.pe',
        })
        .returning({ id: payrollBatches.id })
      worker = startProcess('worker/src/main.ts', {
        ...process.env,
        DATABASE_URL: proxy.url,
        REDIS_URL,
        QUEUE_PREFIX: prefix,
        FILES_DIR: filesDir,
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
    const [during] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
    expect(during.status).not.toBe(BATCH_STATUS.FAILED)
    proxy.restore()

    const done = await waitFor(
      'la carga PROCESADO',
      async () => {
        if (!worker?.alive()) throw new Error(`El worker terminó:\n${worker?.output()}`)
        const [batch] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
        if (batch.status === BATCH_STATUS.FAILED) throw new Error(`CON ERRORES:\n${worker?.output()}`)
        return batch.status === BATCH_STATUS.PROCESSED && batch
      },
      60_000,
    )
    expect(done).toMatchObject({ progress: 100, rowsRead: ROWS, errorCount: 0 })
    expect(await handle.db.select().from(payrolls)).toHaveLength(1)

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
