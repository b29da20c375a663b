export {
  type BullmqQueue,
  createBullmqQueue,
  createBullmqWorker,
  type QueueLogger,
  QueueUnavailableError,
} from './queue-bullmq'
export { createInProcessQueue, type InProcessQueue } from './queue-in-process'
