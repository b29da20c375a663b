import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppOptions, buildApp } from '@planillas/api/app'
import { openSession } from '@planillas/api/auth/sessions'
import { type ApiConfig, loadConfig } from '@planillas/api/config'
import { type DatabaseHandle, users } from '@planillas/db'
import { DEMO_ROLES, type JobQueue } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import type { FastifyInstance, InjectOptions } from 'fastify'

export type TestApp = {
  app: FastifyInstance
  handle: DatabaseHandle
  /** A Bearer header for a demo role (or an explicit list of roles). */
  as: (who: keyof typeof DEMO_ROLES | string[]) => Promise<Record<string, string>>
  /** inject() with a demo user's token; returns status and parsed JSON body. */
  call: (
    who: keyof typeof DEMO_ROLES | string[],
    options: InjectOptions,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
  ) => Promise<{ status: number; body: any }>
  close: () => Promise<void>
}

/** An API on a fresh database for one test file (optionally with its own job queue and file storage). */
export async function createTestApp(
  overrides: Partial<ApiConfig> = {},
  services: Pick<AppOptions, 'jobs' | 'storage'> = {},
): Promise<TestApp> {
  const handle = await openTestDatabase()
  const app = await buildApp({
    db: handle.db,
    // A test app counts its sign-ins in memory unless a test gives it a Redis (and its own prefix):
    // REDIS_URL is set for the whole suite, and counts shared across test files would leak.
    config: loadConfig({ jwtSecret: 'test-secret', redisUrl: undefined, ...overrides }),
    ...services,
  })
  await app.ready()
  const as = async (who: keyof typeof DEMO_ROLES | string[]) => {
    const roles = typeof who === 'string' ? [...DEMO_ROLES[who]] : who
    const email = typeof who === 'string' ? `${who}@planillas.pe` : 'custom@planillas.pe'
    const [user] = await handle.db
      .insert(users)
      .values({ email, name: email, roles })
      .onConflictDoUpdate({ target: users.email, set: { roles } })
      .returning()
    const sessionId = await openSession(handle.db, user.id, email)
    const token = await app.tokens.sign({ id: user.id, email, name: user.name, roles, sessionId })
    return { authorization: `Bearer ${token}` }
  }
  const call: TestApp['call'] = async (who, options) => {
    const response = await app.inject({ ...options, headers: { ...options.headers, ...(await as(who)) } })
    const type = String(response.headers['content-type'] ?? '')
    return {
      status: response.statusCode,
      body: type.includes('json') ? response.json() : response.rawPayload,
    }
  }
  return {
    app,
    handle,
    as,
    call,
    close: async () => {
      await app.close()
      await handle.close()
    },
  }
}

/** A queue that accepts every job and runs none: the test runs the processor itself, if at all. */
export const IDLE_QUEUE: JobQueue = {
  kind: 'in-process',
  enqueue: async () => {},
  state: async () => 'waiting',
  forget: async () => {},
  close: async () => {},
}

/** `filesDir`: the local storage's folder, for tests that count what was stored or left behind. */
export type FilesTestApp = TestApp & { storage: () => FileStorage; filesDir: string }

/**
 * An API whose uploads are stored in a temporary folder (removed on close) and queued on
 * `IDLE_QUEUE`; `storage()` opens the same folder, e.g. for the worker's processor in a test.
 */
export async function createTestAppWithFiles(): Promise<FilesTestApp> {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-api-files-'))
  const storage = () => createLocalStorage(filesDir)
  const t = await createTestApp({}, { jobs: IDLE_QUEUE, storage: storage() })
  return {
    ...t,
    storage,
    filesDir,
    close: async () => {
      await t.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}

/**
 * Asks the API's `/api/health` every 20 ms until `stop`, each status given to `check` (which throws
 * to fail); `stop` gives back how long each answer took, in ms.
 */
export function watchHealth(app: FastifyInstance, check: (status: number) => void) {
  const durations: number[] = []
  let busy = true
  const probe = (async () => {
    while (busy) {
      const started = performance.now()
      const res = await app.inject({ method: 'GET', url: '/api/health' })
      check(res.statusCode)
      durations.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    stop: async () => {
      busy = false
      await probe
      return durations
    },
  }
}
