import { DEFAULT_EXPIRY_NOTICE_DAYS } from '@planillas/domain'
import { type Env, integer, nodeEnv, parseEnv, text, url } from '@planillas/domain/env'
import { MAIL_ENV } from '@planillas/domain/mail-env'
import { STORAGE_ENV } from '@planillas/storage/storage-env'
import { z } from 'zod'

/**
 * Every variable the worker process reads, checked once when it starts (service.ts); the README's
 * Configuration table is checked against it.
 */
export const WORKER_ENV = z.object({
  NODE_ENV: nodeEnv(),
  DATABASE_URL: text(),
  DATABASE_DIRECT_URL: text(),
  REDIS_URL: text(),
  QUEUE_PREFIX: text(),
  ...STORAGE_ENV,
  WORKER_CONCURRENCY: integer({ min: 1, fallback: 1 }),
  WORKER_DB_POOL: integer({ min: 1, fallback: 5 }),
  WORKER_LOCK_MS: integer({ min: 1 }),
  WORKER_STALLED_INTERVAL_MS: integer({ min: 1 }),
  WORKER_SWEEP_MS: integer({ min: 100, fallback: 60_000 }),
  CONTRACT_EXPIRY_NOTICE_DAYS: integer({ min: 1, max: 365, fallback: DEFAULT_EXPIRY_NOTICE_DAYS }),
  WORKER_HEARTBEAT_FILE: text(),
  ...MAIL_ENV,
  /** The web tier's public address, for the boletas' acknowledgement links. */
  WEB_URL: url(),
})

export type WorkerConfig = z.infer<typeof WORKER_ENV> & { DATABASE_URL: string; REDIS_URL: string }

/** The worker's configuration; a bad value throws `ConfigError` (Spanish, naming the variable). */
export function loadWorkerConfig(env: Env = process.env): WorkerConfig {
  return parseEnv(
    WORKER_ENV.superRefine((values, ctx) => {
      // Without them `npm start` runs the jobs inside its own process: a separate worker has nothing to do.
      for (const name of ['REDIS_URL', 'DATABASE_URL'] as const)
        if (!values[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} es obligatorio para el worker (sin REDIS_URL y DATABASE_URL, \`npm start\` procesa las cargas dentro del mismo proceso)`,
          })
    }),
    env,
  ) as WorkerConfig
}
