import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JOB_PAYLOAD_SCHEMAS,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type JobState,
  jobIdFor,
} from '@planillas/domain'
import { type JobsOptions, Queue, UnrecoverableError, Worker } from 'bullmq'
import { Redis } from 'ioredis'

export const QUEUE_NAME = 'planillas'
export const DEFAULT_QUEUE_PREFIX = 'planillas'

/** ioredis as BullMQ wants it (STACK): no per-request retry limit, or blocking calls fail. */
export const redisConnection = (url: string) => new Redis(url, { maxRetriesPerRequest: null })

/** Connections we pass in are not closed by BullMQ's close(): quit them ourselves (STACK). */
async function quit(connection: Redis) {
  try {
    await connection.quit()
  } catch {
    connection.disconnect()
  }
}

export function jobOptions<N extends JobName>(name: N, payload: JobPayloads[N]): JobsOptions {
  return {
    jobId: jobIdFor(name, payload),
    attempts: JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: JOB_BACKOFF_MS, jitter: 0.5 },
    removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
    removeOnFail: { age: 30 * 24 * 3600, count: 5000 },
  }
}

export type BullmqOptions = { url: string; prefix?: string; enqueueTimeoutMs?: number }
export type BullmqQueue = JobQueue & { queue: Queue }

/** The producer side (API, sweeper): one job per upload, deterministic id, retries with backoff. */
export function createBullmqQueue(options: BullmqOptions): BullmqQueue {
  const connection = redisConnection(options.url)
  connection.on('error', () => {}) // reconnects by itself; failures surface on enqueue
  const queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix ?? DEFAULT_QUEUE_PREFIX })
  const timeoutMs = options.enqueueTimeoutMs ?? 5000
  const job = <N extends JobName>(name: N, payload: JobPayloads[N]) => queue.getJob(jobIdFor(name, payload))
  return {
    kind: 'bullmq',
    queue,
    async enqueue(name, payload) {
      const parsed = JOB_PAYLOAD_SCHEMAS[name].parse(payload) as JobPayloads[typeof name]
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Redis no respondió a tiempo')), timeoutMs)
      })
      try {
        await Promise.race([queue.add(name, parsed, jobOptions(name, parsed)), timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    async state(name, payload) {
      const found = await job(name, payload)
      if (!found) return 'missing'
      const state = await found.getState()
      if (state === 'waiting-children' || state === 'prioritized' || state === 'waiting') return 'waiting'
      return (['active', 'delayed', 'completed', 'failed'].includes(state) ? state : 'missing') as JobState
    },
    async forget(name, payload) {
      await (await job(name, payload))?.remove()
    },
    async close() {
      await queue.close()
      await quit(connection)
    },
  }
}

export type BullmqWorkerOptions = {
  url: string
  prefix?: string
  concurrency?: number
  /** How long a job's lock lasts without renewal; a killed worker's job is taken back after it. */
  lockDurationMs?: number
  stalledIntervalMs?: number
}

/**
 * The consumer side: a BullMQ Worker calling the same handlers as the in-process queue. A bad
 * payload is unrecoverable (no retry); a job that stalls more than twice (it keeps killing its
 * worker) is failed by BullMQ and the sweeper closes its batch.
 */
export function createBullmqWorker(handlers: JobHandlers, options: BullmqWorkerOptions) {
  const connection = redisConnection(options.url)
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const schema = JOB_PAYLOAD_SCHEMAS[job.name as JobName]
      const parsed = schema?.safeParse(job.data)
      if (!parsed?.success) throw new UnrecoverableError(`Trabajo inválido: ${job.name}`)
      const handler = handlers[job.name as JobName] as (payload: unknown, info: unknown) => Promise<unknown>
      return handler(parsed.data, {
        id: job.id ?? '',
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
      })
    },
    {
      connection,
      prefix: options.prefix ?? DEFAULT_QUEUE_PREFIX,
      concurrency: options.concurrency ?? 1,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 2,
      autorun: false,
    },
  )
  return {
    worker,
    async close() {
      await worker.close()
      await quit(connection)
    },
  }
}
