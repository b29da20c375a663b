import type { JobHandlers, JobQueue } from '@planillas/domain'
import { createBullmqQueue } from './queue-bullmq'
import { createInProcessQueue, type InProcessOptions } from './queue-in-process'

export {
  type BullmqQueue,
  createBullmqQueue,
  createBullmqWorker,
  DEFAULT_QUEUE_PREFIX,
  isRedisConnectionError,
  QUEUE_NAME,
  type QueueLogger,
  QueueUnavailableError,
} from './queue-bullmq'
export { createInProcessQueue, type InProcessQueue } from './queue-in-process'

/**
 * The queue of the environment (DESIGN §2): BullMQ when `REDIS_URL` is set, else in-process
 * through the given handlers (the embedded default). The API alone passes no handlers: without
 * Redis it cannot run jobs, and a batch stays PENDIENTE until a worker's sweep takes it.
 */
export function createJobQueue(options: {
  redisUrl?: string
  prefix?: string
  handlers?: JobHandlers
  inProcess?: InProcessOptions
}): JobQueue | undefined {
  if (options.redisUrl) return createBullmqQueue({ url: options.redisUrl, prefix: options.prefix })
  if (options.handlers) return createInProcessQueue(options.handlers, options.inProcess)
  return undefined
}
