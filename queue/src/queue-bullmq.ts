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

/** ioredis as BullMQ wants it: no per-request retry limit (`maxRetriesPerRequest: null`), or blocking calls fail. */
export const redisConnection = (url: string) => new Redis(url, { maxRetriesPerRequest: null })

/**
 * ioredis for counters shared by several processes (the sign-in throttle): while Redis is down a
 * command fails within a second (or at once once the connection is known lost) instead of waiting
 * for it, so the caller can go on without the counter (a throttle left open for an outage beats a
 * sign-in that hangs).
 */
export const failFastRedis = (url: string) => {
  const client = new Redis(url, { maxRetriesPerRequest: 0, commandTimeout: 1_000 })
  // Its failures are the caller's to handle per command; reconnection goes on by itself.
  client.on('error', () => {})
  return client
}

/** Where the queue reports Redis outages: the worker's JSON logger, or the API's through an adapter. */
export type QueueLogger = {
  info: (message: string, details?: Record<string, unknown>) => void
  warn: (message: string, details?: Record<string, unknown>) => void
  error: (message: string, details?: Record<string, unknown>) => void
}
const silentQueueLogger: QueueLogger = { info: () => {}, warn: () => {}, error: () => {} }

/** Refused at once while Redis is unreachable: the caller keeps the batch PENDIENTE for the sweep. */
export class QueueUnavailableError extends Error {
  constructor() {
    super('El servicio de colas (Redis) no está disponible')
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

/** Whether an error from ioredis or BullMQ means Redis cannot be reached (not a bad command). */
export function isRedisConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true
  return (
    typeof message === 'string' &&
    /Connection is closed|connect ETIMEDOUT|Stream isn't writeable/.test(message)
  )
}

export type RedisWatch = {
  /** False from the first connection error until the connection is ready again. */
  readonly available: boolean
  /** Feed an 'error' event of anything using the connection (Queue, Worker, the connection). */
  failed: (error: unknown) => void
}

/** Per logger (one per process), the connections that are down now: the outage is the process's. */
const downByLogger = new WeakMap<QueueLogger, Set<number>>()
let connectionCount = 0

/**
 * While Redis is down, ioredis and BullMQ emit 'error' many times a second, on every connection.
 * This turns them into one line when the first connection of the process (of its logger) loses
 * Redis and one when the last is ready again; errors that are not about reaching Redis are logged
 * each time.
 */
export function watchRedis(connection: Redis, log: QueueLogger): RedisWatch {
  const id = ++connectionCount
  const downNow = downByLogger.get(log) ?? new Set<number>()
  downByLogger.set(log, downNow)
  const failed = (error: unknown) => {
    if (!isRedisConnectionError(error)) {
      log.error('Error de la cola de trabajos', { error: String(error) })
      return
    }
    if (downNow.has(id)) return
    if (!downNow.size)
      log.warn('Redis no disponible: los trabajos esperan hasta que vuelva', {
        error: (error as Error).message,
      })
    downNow.add(id)
  }
  connection.on('error', failed)
  connection.on('ready', () => {
    // At the outage's level, so that whoever sees its start (LOG_LEVEL=warn) also sees its end.
    if (downNow.delete(id) && !downNow.size) log.warn('Redis disponible de nuevo')
  })
  return {
    get available() {
      return !downNow.has(id)
    },
    failed,
  }
}

/**
 * Closes a BullMQ Queue or Worker and then our connection (BullMQ's close() does not close a
 * connection we pass in), without ever waiting for Redis: BullMQ's close and QUIT wait for
 * a Redis that is down, until it comes back. Redis counts as down when a connection error was seen
 * or ioredis is not connected now (SIGTERM can come right after Redis went away, before any error
 * reached us); and when the socket closes during the graceful close, Redis went away meanwhile.
 * Then the connection is dropped at once and `abandon` ends what BullMQ still holds.
 */
async function closeWithoutWaitingForRedis(
  connection: Redis,
  redis: RedisWatch,
  graceful: () => Promise<unknown>,
  abandon: () => void = () => {},
): Promise<void> {
  try {
    if (redis.available && connection.status === 'ready') {
      const lost = new Promise<false>((resolve) => connection.once('close', () => resolve(false)))
      const closing = (async () => {
        await graceful()
        // A QUIT refused (the connection closed meanwhile) ends with the connection dropped below.
        return connection.quit().then(
          () => true,
          () => false,
        )
      })()
      // Left behind when Redis goes away: it fails or never ends, either way nobody waits for it.
      closing.catch(() => undefined)
      if (await Promise.race([closing, lost])) return
    }
  } catch (error) {
    connection.disconnect()
    abandon()
    throw error
  }
  connection.disconnect()
  abandon()
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

export type BullmqOptions = { url: string; prefix?: string; enqueueTimeoutMs?: number; log?: QueueLogger }
export type BullmqQueue = JobQueue & {
  queue: Queue
  /** Whether Redis answers now (health check); false from a connection error until it is back. */
  available(): Promise<boolean>
}

/** The producer side (API, sweeper): one job per upload, deterministic id, retries with backoff. */
export function createBullmqQueue(options: BullmqOptions): BullmqQueue {
  const connection = redisConnection(options.url)
  // ioredis reconnects by itself; the watch logs the outage once and lets enqueue fail at once.
  const redis = watchRedis(connection, options.log ?? silentQueueLogger)
  const queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix ?? DEFAULT_QUEUE_PREFIX })
  queue.on('error', redis.failed)
  const timeoutMs = options.enqueueTimeoutMs ?? 5000
  const job = <N extends JobName>(name: N, payload: JobPayloads[N]) => queue.getJob(jobIdFor(name, payload))
  return {
    kind: 'bullmq',
    queue,
    async enqueue(name, payload) {
      const parsed = JOB_PAYLOAD_SCHEMAS[name].parse(payload) as JobPayloads[typeof name]
      // Known down: no point in making the clerk wait for the timeout.
      if (!redis.available) throw new QueueUnavailableError()
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
    async available() {
      if (!redis.available || connection.status !== 'ready') return false
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 1000)
      })
      try {
        return await Promise.race([connection.ping().then((reply) => reply === 'PONG'), timeout])
      } catch {
        return false
      } finally {
        clearTimeout(timer)
      }
    },
    async close() {
      await closeWithoutWaitingForRedis(connection, redis, () => queue.close())
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
  log?: QueueLogger
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
  const redis = watchRedis(connection, options.log ?? silentQueueLogger)
  worker.on('error', redis.failed)
  return {
    worker,
    async close() {
      // The job in hand finishes first while Redis is up. While it is down there is nothing to hand
      // back: the job goes to another worker once its lock expires.
      await closeWithoutWaitingForRedis(
        connection,
        redis,
        () => worker.close(),
        () => void worker.close(true).catch(() => undefined),
      )
    },
  }
}
