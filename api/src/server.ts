import './gc-tuning'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '@planillas/db'
import type { DatabaseWatch } from '@planillas/db/outage'
import { configOrExit } from '@planillas/domain/env'
import { sweepTemporariesPeriodically } from '@planillas/storage'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from './app'
import { persistentClientAddressSecret, persistentJwtSecret } from './auth/secret'
import { loadConfig } from './config'

// The environment is read once, here: a bad value ends the start with a Spanish message naming it.
const config = configOrExit(() => loadConfig())
config.jwtSecret = persistentJwtSecret()
config.clientAddressSecret = persistentClientAddressSecret()
// PGlite creates only the last folder of its data directory (a nested PGLITE_DIR failed with ENOENT).
if (!config.databaseUrl && config.pgliteDir && !config.pgliteDir.includes('://'))
  mkdirSync(path.dirname(path.resolve(config.pgliteDir)), { recursive: true })
// An idle connection the server ended is part of an outage the app's watch logs once (once it exists).
let watch: DatabaseWatch | undefined
const handle = await openDatabase({
  url: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  dataDir: config.pgliteDir,
  onConnectionError: (error) => watch?.failed(error),
})
// Redis outages reach the log before the app (and its logger) exists: until then, plain JSON lines.
let appLog: FastifyBaseLogger | undefined
const queueLog =
  (level: 'info' | 'warn' | 'error') => (message: string, details?: Record<string, unknown>) => {
    if (appLog) appLog[level](details ?? {}, message)
    else process.stdout.write(`${JSON.stringify({ level, time: Date.now(), msg: message, ...details })}\n`)
  }
// Alone, the API only enqueues: `npm run start:worker` runs the jobs (without Redis they wait PENDIENTE,
// and BullMQ is never loaded).
const jobs = config.redisUrl
  ? (await import('@planillas/queue')).createBullmqQueue({
      url: config.redisUrl,
      prefix: config.queuePrefix,
      log: { info: queueLog('info'), warn: queueLog('warn'), error: queueLog('error') },
    })
  : null
const app = await buildApp({
  db: handle.db,
  config,
  jobs,
  logger: { level: config.logLevel },
})
appLog = app.log
watch = app.databaseWatch
await app.listen({ port: config.port, host: config.host })
// A payment file or upload cut short by `kill -9` leaves its temporary: swept now and periodically.
const stopSweep = sweepTemporariesPeriodically(app.storage, {
  warn: (message, details) => app.log.warn(details ?? {}, message),
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopSweep()
    await app.close()
    await jobs?.close()
    await handle.close()
    process.exit(0)
  })
}
