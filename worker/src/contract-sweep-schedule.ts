import {
  addDays,
  CONTRACT_SWEEP_SCHEDULE,
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  type JobQueue,
  limaDayStart,
  todayInLima,
} from '@planillas/domain'
import type { Queue } from 'bullmq'
import type { Logger } from './context'

export const CONTRACT_SWEEP_JOB = 'contract-status-sweep'
export const CONTRACT_SWEEP_SCHEDULER_ID = 'contract-status-sweep-daily'

const SWEEP_OFFSET_MS = (CONTRACT_SWEEP_SCHEDULE.hour * 60 + CONTRACT_SWEEP_SCHEDULE.minute) * 60_000

/** Milliseconds from `now` to the next 00:05 in Lima (today's if it is still ahead). */
export function msUntilNextSweep(now: Date): number {
  const today = todayInLima(now)
  let next = limaDayStart(today).getTime() + SWEEP_OFFSET_MS
  if (next <= now.getTime()) next = limaDayStart(addDays(today, 1)).getTime() + SWEEP_OFFSET_MS
  return next - now.getTime()
}

/**
 * Services mode: a BullMQ job scheduler adds the sweep every day at 00:05 Lima time; upserting is
 * idempotent, so every worker may do it on start. The job carries no date: it sweeps the Lima day
 * on which it runs.
 */
export async function scheduleContractSweep(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    CONTRACT_SWEEP_SCHEDULER_ID,
    { pattern: CONTRACT_SWEEP_SCHEDULE.pattern, tz: CONTRACT_SWEEP_SCHEDULE.tz },
    {
      name: CONTRACT_SWEEP_JOB,
      data: {},
      opts: {
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: JOB_BACKOFF_MS, jitter: 0.5 },
        removeOnComplete: { count: 60 },
        removeOnFail: { count: 200 },
      },
    },
  )
}

/**
 * Puts the job scheduler back when Redis lost it (a Redis that keeps nothing on disk, restarted):
 * called by the worker's periodic sweep, so the daily run does not wait for a worker restart.
 * Returns whether it had to.
 */
export async function restoreContractSweepSchedule(queue: Queue, log: Logger): Promise<boolean> {
  if (await queue.getJobScheduler(CONTRACT_SWEEP_SCHEDULER_ID)) return false
  await scheduleContractSweep(queue)
  log.warn('Programación de la revisión diaria de contratos restaurada: Redis la había perdido', {
    scheduler: CONTRACT_SWEEP_SCHEDULER_ID,
  })
  return true
}

/** Enqueues the sweep of the current Lima day (the run on start). */
export async function enqueueContractSweep(queue: JobQueue, now: Date = new Date()): Promise<void> {
  await queue.enqueue(CONTRACT_SWEEP_JOB, { date: todayInLima(now) })
}

/**
 * The embedded default: no Redis, so a timer in this process enqueues the sweep on start and then
 * every day at 00:05 Lima time, through the same queue interface and processor as the worker.
 */
export function startContractSweepTimer(queue: JobQueue, log: Logger, now: () => Date = () => new Date()) {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const run = () =>
    enqueueContractSweep(queue, now()).catch((error) =>
      log.error('No se pudo encolar la revisión diaria de contratos', { error: String(error) }),
    )
  const arm = () => {
    if (stopped) return
    timer = setTimeout(() => {
      void run()
      arm()
    }, msUntilNextSweep(now()))
    timer.unref?.()
  }
  void run()
  arm()
  return {
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
