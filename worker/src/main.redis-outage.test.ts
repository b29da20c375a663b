import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, payrollBatches, payrolls } from '@planillas/db'
import { BATCH_STATUS, MESSAGES, periodOptions } from '@planillas/domain'
import { type BullmqQueue, createBullmqQueue } from '@planillas/queue'
import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  payrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import {
  freePort,
  jsonLines,
  type RunningProcess,
  startOwnRedis,
  startProcess,
  waitFor,
} from '@planillas/testing/processes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_SWEEP_SCHEDULER_ID } from './contract-sweep-schedule'

/**
 * A Redis outage met by the real API and worker processes, on a Redis of the test's own that keeps
 * nothing (killed, then started empty): an upload during the outage is kept PENDIENTE and says it
 * waits for the queue; when Redis is back the worker's periodic sweep enqueues it and restores the
 * daily contract schedule Redis lost; each process logs one JSON line when the outage starts and one
 * when it ends, and no other kind of line.
 */
const SECRET = 'redis-outage-test-secret'
const prefix = `test-outage-${randomBytes(4).toString('hex')}`
const DOWN = 'Redis no disponible: los trabajos esperan hasta que vuelva'
const UP = 'Redis disponible de nuevo'
const RESTORED = 'Programación de la revisión diaria de contratos restaurada: Redis la había perdido'

describe.runIf(process.env.DATABASE_URL)('a Redis outage, with a Redis that keeps nothing', () => {
  let handle: DatabaseHandle
  let filesDir: string
  let redisPort: number
  let redis: Awaited<ReturnType<typeof startOwnRedis>>
  let worker: RunningProcess
  let api: RunningProcess
  let apiBase: string
  let probe: BullmqQueue | undefined

  beforeAll(async () => {
    handle = await openTestDatabase()
    await ensureFixtureBanks(handle.db)
    await insertFixtureEmployees(handle.db, 5)
    filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-outage-'))
    redisPort = await freePort()
    redis = await startOwnRedis(redisPort)
    const apiPort = await freePort()
    apiBase = `http://127.0.0.1:${apiPort}`
    const env = {
      ...process.env,
      DATABASE_URL: handle.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      FILES_DIR: filesDir,
    }
    worker = startProcess('worker/src/main.ts', { ...env, WORKER_SWEEP_MS: '300' })
    api = startProcess('api/src/server.ts', {
      ...env,
      API_PORT: String(apiPort),
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    })
    probe = createBullmqQueue({ url: redis.url, prefix })
    await waitFor('la API', async () => (await fetch(`${apiBase}/api/health`).catch(() => null))?.ok, 60_000)
    await waitFor('el worker', () => worker.output().includes('Worker listo'), 60_000)
  }, 90_000)

  afterAll(async () => {
    await api?.stop()
    await worker?.stop()
    await probe?.close()
    await redis?.kill()
    await handle?.close()
    await rm(filesDir, { recursive: true, force: true })
  })

  async function uploadPayroll() {
    const token = await signedInToken(handle.db, SECRET, {
      email: 'rrhh@planillas.pe',
      name: 'Rosa',
      roles: ['planillas_carga'],
    })
    const form = new FormData()
    for (const [key, value] of Object.entries({
      code: 'PL-OUTAGE',
      period: periodOptions()[1],
      name: 'Operarios',
      type: '1',
    }))
      form.append(key, value)
    const content = await payrollWorkbook([validRow(1), validRow(2)])
    form.append('file', new Blob([new Uint8Array(content)]), 'planilla.xlsx')
    const response = await fetch(`${apiBase}/api/v1/payroll-batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    return { status: response.status, body: await response.json() }
  }

  it('keeps the upload, says it is queued, and the worker finishes it and restores the schedule', async () => {
    expect(await probe?.queue.getJobScheduler(CONTRACT_SWEEP_SCHEDULER_ID)).toBeTruthy()

    await redis.kill()
    // Let both processes notice: the API refuses to wait for a Redis it knows is down.
    await waitFor('la API nota la caída', () => api.output().includes(DOWN), 10_000)
    const uploaded = await uploadPayroll()
    expect(uploaded).toMatchObject({ status: 200, body: { status: 'OK', messages: [MESSAGES.uploadQueued] } })
    const id = uploaded.body.payload.id
    const [pending] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
    expect(pending.status).toBe(BATCH_STATUS.PENDING)
    // Several reconnection attempts fail meanwhile: still one line each.
    await new Promise((resolve) => setTimeout(resolve, 1500))

    redis = await startOwnRedis(redisPort)
    const done = await waitFor(
      'la carga PROCESADO',
      async () => {
        const [batch] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
        return batch.status === BATCH_STATUS.PROCESSED && batch
      },
      60_000,
    )
    expect(done.rowsRead).toBe(2)
    expect(await handle.db.select().from(payrolls)).toHaveLength(1)
    await waitFor('la programación restaurada', () =>
      probe?.queue.getJobScheduler(CONTRACT_SWEEP_SCHEDULER_ID),
    )
    await waitFor('el worker nota el regreso', () => worker.output().includes(UP))
    await waitFor('la API nota el regreso', () => api.output().includes(UP))

    expect(worker.alive() && api.alive()).toBe(true)
    const workerLines = jsonLines(worker.output())
    const said = (lines: Record<string, unknown>[], text: string) =>
      lines.filter((line) => (line.message ?? line.msg) === text).length
    expect(said(workerLines, DOWN)).toBe(1)
    expect(said(workerLines, UP)).toBe(1)
    expect(said(workerLines, RESTORED)).toBe(1)
    const apiLines = jsonLines(api.output())
    expect(said(apiLines, DOWN)).toBe(1)
    expect(said(apiLines, UP)).toBe(1)
  }, 120_000)

  it('stops on SIGTERM during an outage instead of waiting for Redis, as does the API', async () => {
    // The test's own Redis goes with its keys: the test's connection first, it would wait too.
    await probe?.close()
    probe = undefined
    await redis.kill()
    await waitFor(
      'el worker nota la caída',
      () => jsonLines(worker.output()).filter((l) => l.message === DOWN).length === 2,
    )
    await waitFor(
      'la API nota la caída',
      () => jsonLines(api.output()).filter((l) => l.msg === DOWN).length === 2,
    )
    // Its own deadline is 15 s and ends with exit 1: exit 0 within 3 s is the clean stop, which never
    // waits for Redis (queue-bullmq's close; queue/src/queue-outage.test.ts has the SIGTERM-at-once case).
    expect(await worker.stop(3_000)).toBe(0)
    expect(jsonLines(worker.output()).at(-1)).toMatchObject({ message: 'Worker detenido' })
    expect(await api.stop(3_000)).toBe(0)
  }, 60_000)
})
