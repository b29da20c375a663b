import { randomBytes } from 'node:crypto'
import { JOB_NAMES, type JobHandlers, type JobInfo } from '@planillas/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { createBullmqQueue, createBullmqWorker, createInProcessQueue } from './queue'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

function recorder(failTimes = 0) {
  const calls: { batchId: number; job: JobInfo }[] = []
  let failures = 0
  const record = async (payload: { batchId: number }, job: JobInfo) => {
    calls.push({ batchId: payload.batchId, job })
    if (failures++ < failTimes) throw new Error('falla pasajera')
  }
  // Every job kind records its calls; the tests use payroll imports.
  const handlers = Object.fromEntries(
    Object.values(JOB_NAMES).map((name) => [name, record]),
  ) as unknown as JobHandlers
  return { calls, handlers }
}

describe('in-process queue', () => {
  it('runs a job once per batch however often it is enqueued', async () => {
    const { calls, handlers } = recorder()
    const queue = createInProcessQueue(handlers)
    await queue.enqueue('payroll-import', { batchId: 7 })
    await queue.enqueue('payroll-import', { batchId: 7 })
    expect(await queue.state('payroll-import', { batchId: 7 })).toBe('waiting')
    await queue.idle()
    expect(calls.map((c) => [c.batchId, c.job])).toEqual([
      [7, { id: 'payroll-batch-7', attempt: 1, maxAttempts: 5 }],
    ])
    expect(await queue.state('payroll-import', { batchId: 7 })).toBe('missing')
    await queue.close()
  })

  it('retries a failing job with backoff up to its attempts', async () => {
    const { calls, handlers } = recorder(10)
    const errors: number[] = []
    const queue = createInProcessQueue(handlers, {
      attempts: 3,
      backoffMs: 5,
      onError: (_e, job) => errors.push(job.attempt),
    })
    await queue.enqueue('payroll-import', { batchId: 1 })
    await queue.idle()
    expect(calls.map((c) => c.job.attempt)).toEqual([1, 2, 3])
    expect(errors).toEqual([1, 2, 3])
    await queue.close()
  })

  it('refuses a bad payload before queuing it', async () => {
    const queue = createInProcessQueue(recorder().handlers)
    await expect(queue.enqueue('payroll-import', { batchId: -1 })).rejects.toThrow()
    await queue.close()
  })
})

describe('BullMQ adapter (real Redis)', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}`
  const queue = createBullmqQueue({ url: REDIS_URL, prefix })
  afterAll(async () => {
    await queue.queue.obliterate({ force: true })
    await queue.close()
  })

  it('keys jobs by batch, retries with backoff and hands the same payload to the worker', async () => {
    const { calls, handlers } = recorder(1)
    await queue.enqueue('payroll-import', { batchId: 42 })
    await queue.enqueue('payroll-import', { batchId: 42 })
    const job = await queue.queue.getJob('payroll-batch-42')
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 2000 } })
    expect(await queue.queue.getJobCounts('wait')).toEqual({ wait: 1 })

    const consumer = createBullmqWorker(handlers, { url: REDIS_URL, prefix })
    const completed = new Promise((resolve) => consumer.worker.on('completed', resolve))
    void consumer.worker.run()
    await completed
    await consumer.close()
    expect(calls.map((c) => [c.batchId, c.job.attempt])).toEqual([
      [42, 1],
      [42, 2],
    ])
    expect(await queue.state('payroll-import', { batchId: 42 })).toBe('completed')
    await queue.forget('payroll-import', { batchId: 42 })
    expect(await queue.state('payroll-import', { batchId: 42 })).toBe('missing')
  }, 30_000)
})
