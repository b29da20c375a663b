import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DatabaseHandle, openDatabase, payrollBatches, payrollLines, payrolls } from '@planillas/db'
import { BATCH_STATUS } from '@planillas/domain'
import { createBullmqQueue } from '@planillas/queue'
import { createLocalStorage } from '@planillas/storage'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { count, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The worker process killed with SIGKILL in the middle of an import, then started again: the
 * batch must end PROCESADO with exactly one payroll and all its lines. Runs against the real
 * PostgreSQL and Redis (two processes cannot share an embedded database).
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROWS = 40_000

const dbName = `planillas_sigkill_${randomBytes(5).toString('hex')}`
const prefix = `test-sigkill-${randomBytes(4).toString('hex')}`
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
  filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-sigkill-'))
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

describe('worker killed mid-import', () => {
  it('finishes the batch after a restart with exactly one payroll and every line', async () => {
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    const fileKey = await createLocalStorage(filesDir).put(file, { name: 'planilla.xlsx', contentType: 'x' })
    // Recorded PENDIENTE and never enqueued, as when Redis was down: the worker's start-up sweep finds it.
    const [{ id }] = await handle.db
      .insert(payrollBatches)
      .values({
        code: 'PL-SIGKILL',
        period: '202611',
        name: 'Kill -9',
        type: 1,
        fileKey,
        fileName: 'planilla.xlsx',
        fileSize: file.length,
        createdBy: 'rrhh@planillas.pe',
      })
      .returning({ id: payrollBatches.id })

    const first = startWorker()
    await waitFor('lectura en curso', async () => {
      const batch = await batchState(id)
      return batch.status === BATCH_STATUS.PROCESSING && batch.rowsRead > 0 && batch
    })
    first.kill('SIGKILL')
    await exited(first)
    const afterKill = await batchState(id)
    expect(afterKill.status).toBe(BATCH_STATUS.PROCESSING)
    expect((await handle.db.select({ n: count() }).from(payrolls))[0].n).toBe(0)

    const second = startWorker()
    const done = await waitFor('PROCESADO', async () => {
      const batch = await batchState(id)
      return batch.status !== BATCH_STATUS.PROCESSING && batch
    })
    expect(done).toMatchObject({ status: BATCH_STATUS.PROCESSED, progress: 100, rowsRead: ROWS })
    expect(done.attempts).toBeGreaterThanOrEqual(2)
    const all = await handle.db.select().from(payrolls)
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ batchId: id, collaborators: ROWS })
    expect((await handle.db.select({ n: count() }).from(payrollLines))[0].n).toBe(ROWS)

    second.kill('SIGTERM')
    expect(await exited(second)).toBe(0)
  }, 240_000)
})
