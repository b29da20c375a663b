import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, startOwnRedis, waitFor } from './process-testing'
import { createBullmqQueue, type QueueLogger, QueueUnavailableError } from './queue'

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
