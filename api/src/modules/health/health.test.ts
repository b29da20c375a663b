import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { payrollBatches } from '@planillas/db'
import { type JobQueue, periodOptions } from '@planillas/domain'
import { type BullmqQueue, createBullmqQueue } from '@planillas/queue'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { ensureFixtureBanks, payrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { freePort } from '@planillas/testing/processes'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../lib/errors'

let filesDir: string
let brokenDir: string
let t: TestApp
/** The store and queue the app was given, switched by the tests: working or failing. */
const use = { brokenStorage: false, queue: 'recording' as 'recording' | 'unreachable' }
let unreachable: BullmqQueue

const recordingQueue: JobQueue = {
  kind: 'in-process',
  enqueue: async () => {},
  state: async () => 'missing',
  forget: async () => {},
  close: async () => {},
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-health-'))
  // A file where the store's directory should be: writing fails, even as root (chmod would not).
  brokenDir = path.join(filesDir, 'no-es-carpeta')
  await writeFile(brokenDir, 'x')
  const good = createLocalStorage(path.join(filesDir, 'files'))
  const broken = createLocalStorage(brokenDir)
  const storage: FileStorage = {
    kind: 'local',
    put: (body, meta) => (use.brokenStorage ? broken : good).put(body, meta),
    get: (key) => good.get(key),
    delete: (key) => good.delete(key),
    check: () => (use.brokenStorage ? broken : good).check(),
  }
  // Nobody listens on this port: this Redis is down from the start.
  unreachable = createBullmqQueue({ url: `redis://127.0.0.1:${await freePort()}` })
  const jobs = {
    get kind() {
      return use.queue === 'recording' ? recordingQueue.kind : unreachable.kind
    },
    enqueue: (name, payload) =>
      (use.queue === 'recording' ? recordingQueue : unreachable).enqueue(name, payload),
    state: (name, payload) => (use.queue === 'recording' ? recordingQueue : unreachable).state(name, payload),
    forget: async () => {},
    close: async () => {},
    available: () => unreachable.available(),
  } as JobQueue
  t = await createTestApp({}, { jobs, storage })
  await ensureFixtureBanks(t.handle.db)
})
afterAll(async () => {
  await t.app.close()
  await unreachable.close()
  await rm(filesDir, { recursive: true, force: true })
})
beforeEach(() => {
  use.brokenStorage = false
  use.queue = 'recording'
})

const health = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' })
  return { status: response.statusCode, body: response.json() }
}

describe('GET /api/health', () => {
  it('answers 200 with the three parts when all work, without a token', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'OK', payload: { database: 'ok', queue: 'ok', storage: 'ok' }, messages: [] },
    })
  })

  it('answers 503 naming each part that fails: an unreachable Redis, a store that cannot write', async () => {
    use.brokenStorage = true
    use.queue = 'unreachable'
    expect(await health()).toEqual({
      status: 503,
      body: {
        status: 'ERROR',
        payload: { database: 'ok', queue: 'error', storage: 'error' },
        messages: ['Servicio de colas (Redis) no disponible', 'Almacenamiento de archivos no disponible'],
      },
    })
  })

  it('says the queue is disabled, not failing, for an API alone without REDIS_URL', async () => {
    const alone = await createTestApp({}, { jobs: null, storage: createLocalStorage(filesDir) })
    try {
      const response = await alone.app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json().payload).toEqual({ database: 'ok', queue: 'disabled', storage: 'ok' })
    } finally {
      await alone.close()
    }
  })
})

describe('an upload when the file store cannot write', () => {
  it('answers 503 saying the file could not be stored, and records nothing', async () => {
    use.brokenStorage = true
    const form = new FormData()
    const fields = { code: 'PL-DISCO', period: periodOptions()[1], name: 'Operarios', type: '1' }
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    const content = await payrollWorkbook([validRow(1)])
    form.append('file', new Blob([new Uint8Array(content)]), 'planilla.xlsx')
    const encoded = new Response(form)
    const res = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payroll-batch',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    })
    expect(res).toEqual({
      status: 503,
      body: { status: 'ERROR', payload: null, messages: [STORAGE_UNAVAILABLE_MESSAGE] },
    })
    expect((await t.handle.db.select({ n: count() }).from(payrollBatches))[0].n).toBe(0)
  })
})

// Last: it closes the database under the app.
describe('GET /api/health without the database', () => {
  it('answers 503 naming the database', async () => {
    await t.handle.close()
    const { status, body } = await health()
    expect(status).toBe(503)
    expect(body).toMatchObject({
      payload: { database: 'error', queue: 'ok', storage: 'ok' },
      messages: ['Base de datos no disponible'],
    })
  })
})
