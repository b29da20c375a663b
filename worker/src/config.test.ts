import { ConfigError } from '@planillas/domain/env'
import { describe, expect, it } from 'vitest'
import { loadWorkerConfig } from './config'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadWorkerConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

const SERVICES = { DATABASE_URL: 'postgres://127.0.0.1/planillas', REDIS_URL: 'redis://127.0.0.1:6379' }

describe("the worker's configuration", () => {
  it('takes the defaults the README states', () => {
    expect(loadWorkerConfig(SERVICES)).toMatchObject({
      WORKER_CONCURRENCY: 1,
      WORKER_DB_POOL: 5,
      WORKER_SWEEP_MS: 60_000,
    })
    expect(loadWorkerConfig(SERVICES).WORKER_LOCK_MS).toBeUndefined()
  })

  it('needs the database and Redis, and names each bad value in Spanish', () => {
    expect(problemsOf({})).toEqual([
      'REDIS_URL es obligatorio para el worker (sin REDIS_URL y DATABASE_URL, `npm start` procesa las cargas dentro del mismo proceso)',
      'DATABASE_URL es obligatorio para el worker (sin REDIS_URL y DATABASE_URL, `npm start` procesa las cargas dentro del mismo proceso)',
    ])
    expect(problemsOf({ ...SERVICES, WORKER_CONCURRENCY: 'abc', WORKER_DB_POOL: '0' })).toEqual([
      "WORKER_CONCURRENCY debe ser un número entero de 1 o más (tiene 'abc')",
      "WORKER_DB_POOL debe ser un número entero de 1 o más (tiene '0')",
    ])
  })
})
