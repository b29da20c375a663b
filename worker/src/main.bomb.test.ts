import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type DatabaseHandle,
  openDatabase,
  payrollBatchErrors,
  payrollBatches,
  payrolls,
} from '@planillas/db'
import { BATCH_STATUS, FILE_MESSAGES } from '@planillas/domain'
import { createBullmqQueue } from '@planillas/queue'
import { createLocalStorage } from '@planillas/storage'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { nestedXmlWorkbook } from '@planillas/testing/xlsx-hostile-fixtures'
import { count, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Issue 20: files built to kill the worker. A nested-XML workbook is refused CON ERRORES with the
 * worker's peak memory bounded and the worker alive; a batch whose worker dies twice is set aside
 * CON ERRORES by the third worker without reading it. Real worker processes, PostgreSQL and Redis.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROWS = 20_000

const dbName = `planillas_bomb_${randomBytes(5).toString('hex')}`
const prefix = `test-bomb-${randomBytes(4).toString('hex')}`
let handle: DatabaseHandle
let filesDir: string
let dbUrl: string
const children: ChildProcess[] = []

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      FILES_DIR: filesDir,
      // A killed worker's job is taken back once its lock expires: keep that short here.
      WORKER_LOCK_MS: '3000',
      WORKER_STALLED_INTERVAL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`worker salió con ${code} ${signal ?? ''}\n${output}`)
  })
  children.push(child)
  return child
}

async function batchState(id: number) {
  const [row] = await handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
  return row
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const value = await probe()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Tiempo agotado esperando: ${what}`)
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

beforeAll(async () => {
  await admin(`create database ${dbName}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${dbName}`
  dbUrl = url.toString()
  handle = await openDatabase({ url: dbUrl, poolSize: 3 })
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, ROWS)
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-bomb-'))
}, 120_000)

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  const queue = createBullmqQueue({ url: REDIS_URL, prefix })
  await queue.queue.obliterate({ force: true })
  await queue.close()
  await handle?.close()
  await admin(`drop database if exists ${dbName} with (force)`)
  await rm(filesDir, { recursive: true, force: true })
})

/** The peak resident memory of a process so far, in MB (Linux: VmHWM). */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

async function recordBatch(file: Buffer, code: string) {
  const fileKey = await createLocalStorage(filesDir).put(file, { name: 'planilla.xlsx', contentType: 'x' })
  const [{ id }] = await handle.db
    .insert(payrollBatches)
    .values({
      code,
      period: '202611',
      name: 'Archivo hostil',
      type: 1,
      fileKey,
      fileName: 'planilla.xlsx',
      fileSize: file.length,
      createdBy: 'rrhh@planillas.pe',
    })
    .returning({ id: payrollBatches.id })
  return id
}

const errorsOf = async (id: number) =>
  (await handle.db.select().from(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, id))).map(
    (e) => e.message,
  )

describe('files built to kill the worker', () => {
  it('refuses the nested-XML workbook CON ERRORES at once, with the worker alive and its memory bounded', async () => {
    const id = await recordBatch(await nestedXmlWorkbook(), 'PL-NESTED')
    const worker = startWorker()
    const done = await waitFor('CON ERRORES', async () => {
      const batch = await batchState(id)
      return batch.status !== BATCH_STATUS.PENDING && batch.status !== BATCH_STATUS.PROCESSING && batch
    })
    expect(done).toMatchObject({ status: BATCH_STATUS.FAILED, attempts: 1, crashes: 0 })
    expect(await errorsOf(id)).toEqual([FILE_MESSAGES.nested(64)])
    expect(worker.exitCode).toBeNull()
    expect(await peakRssMb(worker.pid as number)).toBeLessThan(400)
    worker.kill('SIGTERM')
    expect(await exited(worker)).toBe(0)
  }, 120_000)

  it('sets aside a batch whose worker died twice, without a third death', async () => {
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    const id = await recordBatch(file, 'PL-CRASH')
    for (const attempt of [1, 2]) {
      const worker = startWorker()
      await waitFor(`intento ${attempt}`, async () => {
        const batch = await batchState(id)
        return batch.status === BATCH_STATUS.PROCESSING && batch.attempts === attempt && batch
      })
      worker.kill('SIGKILL')
      await exited(worker)
    }
    const third = startWorker()
    const done = await waitFor('apartada', async () => {
      const batch = await batchState(id)
      return batch.status !== BATCH_STATUS.PROCESSING && batch.status !== BATCH_STATUS.PENDING && batch
    })
    expect(done).toMatchObject({ status: BATCH_STATUS.FAILED, attempts: 3, crashes: 2 })
    expect(await errorsOf(id)).toEqual([FILE_MESSAGES.crashed])
    expect((await handle.db.select({ n: count() }).from(payrolls))[0].n).toBe(0)
    expect(third.exitCode).toBeNull()
    third.kill('SIGTERM')
    expect(await exited(third)).toBe(0)
  }, 240_000)
})
