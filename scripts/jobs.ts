import type { ApiConfig } from '@planillas/api/config'
import type { DatabaseHandle } from '@planillas/db'
import type { JobQueue } from '@planillas/domain'
import { createBullmqQueue, createBullmqWorker, createInProcessQueue } from '@planillas/queue'
import { createStorage } from '@planillas/storage'
import { sweepAllBatches } from '@planillas/worker/batch-kinds'
import { jsonLogger } from '@planillas/worker/context'
import {
  enqueueContractSweep,
  scheduleContractSweep,
  startContractSweepTimer,
} from '@planillas/worker/contract-sweep-schedule'
import { createJobHandlers } from '@planillas/worker/processors/index'

export type RunningJobs = { queue: JobQueue; close: () => Promise<void> }

/**
 * Background jobs for the all-in-one process (docs/architecture.md): with `REDIS_URL`, a BullMQ producer and
 * one consumer here (more can run with `npm run start:worker`); without it, the in-process queue.
 * Either way the same handlers run, and unfinished batches are put back on the queue at start.
 * They run in the API's process, on its configuration (read once at start): its queue, its file
 * store and its contract notice period.
 */
export async function startJobs(handle: DatabaseHandle, config: ApiConfig): Promise<RunningJobs> {
  const log = jsonLogger({ service: 'jobs' })
  const handlers = createJobHandlers({
    db: handle.db,
    storage: createStorage({ ...config.storageEnv, FILES_DIR: config.filesDir }),
    log,
    noticeDays: config.contractExpiryNoticeDays,
    mail: config.mail,
    webUrl: config.webUrl,
  })
  if (config.redisUrl) {
    // Redis outages: one JSON line when they start and one when they end (queue-bullmq's watch).
    const options = { url: config.redisUrl, prefix: config.queuePrefix, log }
    const queue = createBullmqQueue(options)
    const consumer = createBullmqWorker(handlers, options)
    void consumer.worker.run()
    await sweepAllBatches(handle.db, queue, log)
    // The daily contract status job: a BullMQ job scheduler at 00:05 Lima time, and one run now.
    await scheduleContractSweep(queue.queue)
    await enqueueContractSweep(queue)
    return {
      queue,
      close: async () => {
        await consumer.close()
        await queue.close()
      },
    }
  }
  const queue = createInProcessQueue(handlers, {
    onError: (error, job) =>
      log.error('Falló un intento', { jobId: job.id, attempt: job.attempt, error: String(error) }),
  })
  await sweepAllBatches(handle.db, queue, log)
  // The daily contract status job: now, then every day at 00:05 Lima time, in this process.
  const contractSweep = startContractSweepTimer(queue, log)
  return {
    queue,
    close: async () => {
      contractSweep.stop()
      await queue.close()
    },
  }
}
