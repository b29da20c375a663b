export {
  type BullmqQueue,
  createBullmqQueue,
  createBullmqWorker,
  DEFAULT_QUEUE_PREFIX,
  failFastRedis,
  type QueueLogger,
  QueueUnavailableError,
} from './queue-bullmq'
export { createInProcessQueue, type InProcessQueue } from './queue-in-process'
