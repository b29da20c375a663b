import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { auditLogs, type DatabaseHandle, employees, SYSTEM_ACTOR } from '@planillas/db'
import { createBullmqQueue, createBullmqWorker, createInProcessQueue } from '@planillas/queue'
import { createLocalStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger, type WorkerContext } from './context'
import {
  CONTRACT_SWEEP_SCHEDULER_ID,
  enqueueContractSweep,
  msUntilNextSweep,
  scheduleContractSweep,
  startContractSweepTimer,
} from './contract-sweep-schedule'
import { createJobHandlers } from './processors/index'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

let handle: DatabaseHandle
let filesDir: string
let ctx: WorkerContext

/** An employee marked ACTIVO without any contract: a sweep of any day puts them back to SIN CONTRATO. */
async function employeeOutOfStep(identifier: string) {
  const [row] = await handle.db
    .insert(employees)
    .values({ identifierType: 1, identifier, name: 'Sin', surname: 'Contrato', status: 1 })
    .returning({ id: employees.id })
  return row.id
}
const statusOf = async (id: number) =>
  (await handle.db.select({ status: employees.status }).from(employees).where(eq(employees.id, id)))[0].status

beforeAll(async () => {
  handle = await openTestDatabase()
  filesDir = await mkdtemp(path.join(tmpdir(), 'sweep-files-'))
  ctx = { db: handle.db, storage: createLocalStorage(filesDir), log: silentLogger }
}, 60_000)
afterAll(async () => {
  await handle.close()
  await rm(filesDir, { recursive: true, force: true })
})

describe('when the contract sweep runs', () => {
  it('waits until the next 00:05 in Lima', () => {
    // 23:00 Lima on 1 June → 00:05 on 2 June: 65 minutes.
    expect(msUntilNextSweep(new Date('2026-06-02T04:00:00Z'))).toBe(65 * 60_000)
    // 00:01 Lima → the same day's 00:05.
    expect(msUntilNextSweep(new Date('2026-06-02T05:01:00Z'))).toBe(4 * 60_000)
    // Exactly 00:05 → tomorrow's.
    expect(msUntilNextSweep(new Date('2026-06-02T05:05:00Z'))).toBe(24 * 3600_000)
  })

  it('embedded default: the timer enqueues a sweep on start through the in-process queue', async () => {
    const id = await employeeOutOfStep('71111111')
    const queue = createInProcessQueue(createJobHandlers(ctx))
    const timer = startContractSweepTimer(queue, silentLogger, () => new Date('2026-06-01T15:00:00Z'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    await queue.idle()
    timer.stop()
    await queue.close()
    expect(await statusOf(id)).toBe(2)
    const [entry] = await handle.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)))
    expect(entry).toMatchObject({ actor: SYSTEM_ACTOR, entity: 'employees' })
    expect(entry.description).toContain('revisión diaria de contratos del 01/06/2026')
  })

  it('services: a BullMQ job scheduler at 00:05 Lima time, and a run on start processed by the worker', async () => {
    const prefix = `test-sweep-${randomBytes(4).toString('hex')}`
    const producer = createBullmqQueue({ url: REDIS_URL, prefix })
    const consumer = createBullmqWorker(createJobHandlers(ctx), { url: REDIS_URL, prefix })
    try {
      await scheduleContractSweep(producer.queue)
      await scheduleContractSweep(producer.queue)
      const schedulers = await producer.queue.getJobSchedulers()
      expect(schedulers).toHaveLength(1)
      expect(schedulers[0]).toMatchObject({
        key: CONTRACT_SWEEP_SCHEDULER_ID,
        name: 'contract-status-sweep',
        pattern: '5 0 * * *',
        tz: 'America/Lima',
      })
      const next = new Date(Number(schedulers[0].next))
      expect(next.getUTCHours()).toBe(5)
      expect(next.getUTCMinutes()).toBe(5)

      const id = await employeeOutOfStep('72222222')
      const done = new Promise<unknown>((resolve) =>
        consumer.worker.on('completed', (_job, result) => resolve(result)),
      )
      void consumer.worker.run()
      await enqueueContractSweep(producer, new Date('2026-07-15T15:00:00Z'))
      expect(await done).toMatchObject({ date: '2026-07-15', employees: 1 })
      expect(await statusOf(id)).toBe(2)
      expect(await producer.queue.getJob('contract-status-sweep-2026-07-15')).toBeTruthy()
    } finally {
      await producer.queue.obliterate({ force: true })
      await consumer.close()
      await producer.close()
    }
  })
})
