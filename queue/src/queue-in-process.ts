import {
  backoffDelay,
  JOB_ATTEMPTS,
  JOB_PAYLOAD_SCHEMAS,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  jobIdFor,
} from '@planillas/domain'

export type InProcessQueue = JobQueue & {
  /** Resolves once nothing is queued, waiting for a retry or running (tests, shutdown). */
  idle(): Promise<void>
}

type Entry = { id: string; name: JobName; payload: unknown; attemptsMade: number }

export type InProcessOptions = {
  attempts?: number
  backoffMs?: number
  onError?: (error: unknown, job: { id: string; attempt: number }) => void
}

/**
 * The embedded default (docs/architecture.md): jobs run in this process, one at a time, through the same
 * handlers the BullMQ worker calls, with the same ids (a batch queued twice runs once) and the
 * same retries with backoff. Jobs do not survive a restart: the launcher re-enqueues unfinished
 * batches on start, as the worker does.
 */
export function createInProcessQueue(handlers: JobHandlers, options: InProcessOptions = {}): InProcessQueue {
  const attempts = options.attempts ?? JOB_ATTEMPTS
  const known = new Set<string>()
  const ready: Entry[] = []
  const timers = new Set<NodeJS.Timeout>()
  let running: Promise<void> | null = null
  let closed = false
  let waiters: (() => void)[] = []

  const settleIfIdle = () => {
    if (running || ready.length || timers.size) return
    for (const resolve of waiters) resolve()
    waiters = []
  }

  const runNext = () => {
    if (running || closed) return
    const entry = ready.shift()
    if (!entry) return settleIfIdle()
    running = runOne(entry).finally(() => {
      running = null
      runNext()
    })
  }

  const runOne = async (entry: Entry) => {
    const attempt = entry.attemptsMade + 1
    try {
      const handler = handlers[entry.name] as (payload: unknown, job: unknown) => Promise<unknown>
      await handler(entry.payload, { id: entry.id, attempt, maxAttempts: attempts })
      known.delete(entry.id)
    } catch (error) {
      options.onError?.(error, { id: entry.id, attempt })
      if (attempt >= attempts || closed) {
        known.delete(entry.id)
        return
      }
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          ready.push({ ...entry, attemptsMade: attempt })
          runNext()
        },
        backoffDelay(attempt, options.backoffMs),
      )
      timers.add(timer)
    }
  }

  return {
    kind: 'in-process',
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N]) {
      if (closed) throw new Error('La cola de trabajos está cerrada')
      const parsed = JOB_PAYLOAD_SCHEMAS[name].parse(payload) as JobPayloads[N]
      const id = jobIdFor(name, parsed)
      if (known.has(id)) return
      known.add(id)
      ready.push({ id, name, payload: parsed, attemptsMade: 0 })
      // Let the caller (an HTTP request) finish before the job starts.
      setImmediate(runNext)
    },
    async state(name, payload) {
      return known.has(jobIdFor(name, payload)) ? 'waiting' : 'missing'
    },
    async forget() {},
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve)
        setImmediate(settleIfIdle)
      }),
    async close() {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      ready.length = 0
      await running
      settleIfIdle()
    },
  }
}
