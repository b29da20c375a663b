import { randomBytes } from 'node:crypto'
import type { JobHandlers } from '@planillas/domain'
import { freePort, startOwnRedis, waitFor } from '@planillas/testing/processes'
import { afterAll, describe, expect, it } from 'vitest'
import { createBullmqQueue, createBullmqWorker, type QueueLogger, QueueUnavailableError } from './queue'
import { redisConnection } from './queue-bullmq'

/** What the queue logged, by level and message. */
function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const log: QueueLogger = {
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
  }
  return { lines, log }
}

describe('the BullMQ producer while Redis is down (the test’s own Redis)', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | undefined
  afterAll(async () => {
    await redis?.kill()
  })

  it('logs the outage once, refuses to enqueue at once, and logs the return once', async () => {
    const port = await freePort()
    const { lines, log } = recordingLog()
    // A timeout longer than the test's: only refusing at once can pass.
    const queue = createBullmqQueue({
      url: `redis://127.0.0.1:${port}`,
      prefix: `test-outage-${randomBytes(4).toString('hex')}`,
      enqueueTimeoutMs: 120_000,
      log,
    })
    try {
      await waitFor('la caída registrada', () => lines.length > 0, 10_000)
      await expect(queue.enqueue('payroll-import', { batchId: 1 })).rejects.toBeInstanceOf(
        QueueUnavailableError,
      )
      expect(await queue.available()).toBe(false)
      // ioredis retries many times meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(lines).toEqual([
        { level: 'warn', message: 'Redis no disponible: los trabajos esperan hasta que vuelva' },
      ])

      redis = await startOwnRedis(port)
      await waitFor('el regreso registrado', () => lines.length > 1, 15_000)
      expect(lines[1]).toEqual({ level: 'warn', message: 'Redis disponible de nuevo' })
      await queue.enqueue('payroll-import', { batchId: 1 })
      expect(await queue.state('payroll-import', { batchId: 1 })).toBe('waiting')
      expect(await queue.available()).toBe(true)
      expect(lines).toHaveLength(2)
    } finally {
      await queue.close()
    }
  })
})

describe('closing the BullMQ producer and consumer when Redis has just gone away', () => {
  it('does not wait for Redis, even before any connection error has been seen', async () => {
    const port = await freePort()
    const redis = await startOwnRedis(port)
    const options = { url: redis.url, prefix: `test-close-${randomBytes(4).toString('hex')}` }
    const queue = createBullmqQueue(options)
    const consumer = createBullmqWorker({} as JobHandlers, options)
    void consumer.worker.run()
    await waitFor('la cola conectada', () => queue.available(), 10_000)
    await waitFor('el worker conectado', () => consumer.worker.isRunning(), 10_000)

    // SIGTERM right as the outage starts, before ioredis has reported any error (its first comes
    // with the first reconnection attempt): the moment a clean stop used to wait for Redis in.
    const connection = redisConnection(redis.url)
    connection.on('error', () => {})
    await waitFor('la conexión de la prueba', () => connection.status === 'ready', 10_000)
    const closed = new Promise<number>((resolve) =>
      connection.once('close', () => {
        const started = Date.now()
        void Promise.all([consumer.close(), queue.close()]).then(() => resolve(Date.now() - started))
      }),
    )
    await redis.kill()
    const stuck = new Promise<'esperó a Redis'>((resolve) =>
      setTimeout(() => resolve('esperó a Redis'), 5000),
    )
    const outcome = await Promise.race([closed, stuck])
    connection.disconnect()
    expect(outcome).not.toBe('esperó a Redis')
    expect(outcome).toBeLessThan(2000)
  })

  it('still closes gracefully while Redis is up', async () => {
    const port = await freePort()
    const redis = await startOwnRedis(port)
    try {
      const options = { url: redis.url, prefix: `test-close-${randomBytes(4).toString('hex')}` }
      const queue = createBullmqQueue(options)
      const consumer = createBullmqWorker({} as JobHandlers, options)
      void consumer.worker.run()
      await waitFor('la cola conectada', () => queue.available(), 10_000)
      let closedByBullmq = false
      consumer.worker.once('closed', () => {
        closedByBullmq = true
      })
      await consumer.close()
      await queue.close()
      // BullMQ's own close ran to its end (the job in hand would have finished first).
      expect(closedByBullmq).toBe(true)
      expect(consumer.worker.isRunning()).toBe(false)
    } finally {
      await redis.kill()
    }
  })
})
