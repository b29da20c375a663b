import { openDatabase } from '@planillas/db'
import { type DatabaseWatch, errorCause, watchDatabase } from '@planillas/db/outage'
import { mailSettingsOf } from '@planillas/domain/mail-env'
import { createBullmqQueue, createBullmqWorker } from '@planillas/queue'
import { createStorage, sweepTemporariesPeriodically, watchStorage } from '@planillas/storage'
import { storageEnvOf } from '@planillas/storage/storage-env'
import { sweepAllBatches } from './batch-kinds'
import type { WorkerConfig } from './config'
import { jsonLogger } from './context'
import {
  enqueueContractSweep,
  restoreContractSweepSchedule,
  scheduleContractSweep,
} from './contract-sweep-schedule'
import { startHeartbeat } from './heartbeat'
import { sweepOrphanFilesPeriodically } from './orphan-files'
import { createJobHandlers } from './processors/index'

export type WorkerService = { close: () => Promise<void> }

/** How often the heartbeat file is renewed; the healthcheck allows several missed beats. */
const HEARTBEAT_MS = 10_000

/**
 * The worker process (`npm run start:worker`): BullMQ consumers for every job, plus a sweep on
 * start and every minute that re-enqueues batches no queue holds (docs/architecture.md).
 */
export async function startWorkerService(config: WorkerConfig): Promise<WorkerService> {
  const log = jsonLogger({ service: 'worker', pid: process.pid })
  // Database outages are logged once when they start (with the cause) and once when they end.
  let database: DatabaseWatch | undefined
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    poolSize: config.WORKER_DB_POOL,
    onConnectionError: (error) => database?.failed(error),
  })
  database = watchDatabase(handle.db, log)
  const ctx = {
    db: handle.db,
    database,
    // Storage outages are logged once when they start and once when they end.
    storage: watchStorage(createStorage(storageEnvOf(config)), log),
    log,
    noticeDays: config.CONTRACT_EXPIRY_NOTICE_DAYS,
    mail: mailSettingsOf(config),
    webUrl: config.WEB_URL,
  }
  // The merged receipts PDF of a worker killed mid-write leaves its temporary: swept now and periodically.
  const stopSweep = sweepTemporariesPeriodically(ctx.storage, log)
  // Files whose row was never written (a process killed between the two): swept after a grace period.
  const stopOrphanSweep = sweepOrphanFilesPeriodically(handle.db, ctx.storage, log)
  // Redis outages are logged once when they start and once when they end (queue-bullmq's watch).
  const options = { url: config.REDIS_URL, prefix: config.QUEUE_PREFIX, log }
  const consumer = createBullmqWorker(createJobHandlers(ctx), {
    ...options,
    concurrency: config.WORKER_CONCURRENCY,
    lockDurationMs: config.WORKER_LOCK_MS,
    stalledIntervalMs: config.WORKER_STALLED_INTERVAL_MS,
  })
  const producer = createBullmqQueue(options)
  consumer.worker.on('failed', (job, error) => {
    // During an outage every job fails alike: the outage's own line says why.
    if (!database.failed(error))
      log.warn('Intento fallido', {
        jobId: job?.id,
        attemptsMade: job?.attemptsMade,
        error: errorCause(error),
      })
  })

  const sweepAll = () =>
    sweepAllBatches(handle.db, producer, log).catch((error) => {
      if (!database.failed(error))
        log.error('No se pudo revisar las cargas pendientes', { error: errorCause(error) })
    })
  // While Redis is down a sweep waits for it: the next tick must not start another one.
  let sweeping = false
  const periodicSweep = () => {
    if (sweeping) return
    sweeping = true
    void sweepAll()
      .then(() => restoreContractSweepSchedule(producer.queue, log))
      .catch((error) => {
        if (!database.failed(error))
          log.error('No se pudo revisar la programación de contratos', { error: errorCause(error) })
      })
      .finally(() => {
        sweeping = false
      })
  }
  void consumer.worker.run()
  // The container's healthcheck reads its age (docker-compose.yml); none without the variable.
  const stopHeartbeat = config.WORKER_HEARTBEAT_FILE
    ? startHeartbeat(config.WORKER_HEARTBEAT_FILE, HEARTBEAT_MS, (error) =>
        log.warn('No se pudo escribir el archivo de latido', { error: error.message }),
      )
    : () => {}
  await sweepAll()
  const timer = setInterval(periodicSweep, config.WORKER_SWEEP_MS)
  // The daily contract status job: a BullMQ job scheduler at 00:05 Lima time, and one run now.
  await scheduleContractSweep(producer.queue)
    .then(() => enqueueContractSweep(producer))
    .catch((error) =>
      log.error('No se pudo programar la revisión diaria de contratos', { error: String(error) }),
    )
  log.info('Worker listo', {
    queuePrefix: options.prefix ?? 'planillas',
    concurrency: consumer.worker.concurrency,
  })

  return {
    async close() {
      clearInterval(timer)
      stopHeartbeat()
      stopSweep()
      stopOrphanSweep()
      ctx.storage.close()
      // Lets the job in hand finish (or BullMQ hands it to another worker after its lock expires).
      await consumer.close()
      await producer.close()
      database.close()
      await handle.close()
      log.info('Worker detenido')
    },
  }
}
