import { configOrExit } from '@planillas/domain/env'
import { loadWorkerConfig } from './config'
import { jsonLogger } from './context'
import { startWorkerService } from './service'

// The environment is read once, here: a bad value ends the start with a Spanish message naming it.
const config = configOrExit(() => loadWorkerConfig())

const log = jsonLogger({ service: 'worker', pid: process.pid })
// Closing waits for Redis (the job in hand, the connections): while Redis is down it would wait
// for ever. Past this, the process ends anyway; BullMQ gives its job to another worker later.
const SHUTDOWN_DEADLINE_MS = 15_000

let service: Awaited<ReturnType<typeof startWorkerService>>
try {
  service = await startWorkerService(config)
} catch (error) {
  log.error('El worker no pudo iniciar', { error: (error as Error).message })
  process.exit(1)
}

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      log.warn('Cierre forzado: el worker no terminó a tiempo (¿Redis no disponible?)', {
        deadlineMs: SHUTDOWN_DEADLINE_MS,
      })
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    await service.close()
    process.exit(0)
  })
}
