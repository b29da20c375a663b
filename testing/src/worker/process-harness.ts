import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DatabaseHandle, type Executor, openDatabase, payrollBatches } from '@planillas/db'
import { createBullmqQueue } from '@planillas/queue'
import { createLocalStorage } from '@planillas/storage'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { ensureFixtureBanks, insertFixtureEmployees } from '../payroll-fixtures'
import { collectOutput, REPO_ROOT } from '../processes'

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * A workbook stored in `filesDir` and its batch recorded PENDIENTE, never enqueued, as when Redis
 * was down: the worker's start-up sweep finds it. Returns the batch's id.
 */
export async function recordPendingBatch(
  db: Executor,
  filesDir: string,
  file: Buffer,
  batch: { code: string; name: string },
): Promise<number> {
  const fileKey = await createLocalStorage(filesDir).put(file, { name: 'planilla.xlsx', contentType: 'x' })
  const [{ id }] = await db
    .insert(payrollBatches)
    .values({
      ...batch,
      period: '202611',
      type: 1,
      fileKey,
      fileName: 'planilla.xlsx',
      fileSize: file.length,
      createdBy: 'rrhh@planillas.pe',
    })
    .returning({ id: payrollBatches.id })
  return id
}

/**
 * Real worker processes on a database and a queue of their own (the real PostgreSQL and Redis:
 * two processes cannot share an embedded database), for the tests that kill or starve a worker.
 * `setUp` creates the database with `employees` fixture employees; `tearDown` kills what is left
 * and drops everything.
 */
export function workerProcessHarness(name: string, employees: number) {
  const dbName = `planillas_${name}_${randomBytes(5).toString('hex')}`
  const prefix = `test-${name}-${randomBytes(4).toString('hex')}`
  const children: ChildProcess[] = []
  const state = {} as { handle: DatabaseHandle; filesDir: string; dbUrl: string }

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: state.dbUrl,
        REDIS_URL,
        QUEUE_PREFIX: prefix,
        FILES_DIR: state.filesDir,
        // A killed worker's job is taken back once its lock expires: keep that short here.
        WORKER_LOCK_MS: '3000',
        WORKER_STALLED_INTERVAL_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output = collectOutput(child)
    child.on('exit', (code, signal) => {
      if (code && code !== 0) console.error(`worker salió con ${code} ${signal ?? ''}\n${output()}`)
    })
    children.push(child)
    return child
  }

  return {
    get db() {
      return state.handle.db
    },
    startWorker,
    async setUp() {
      await admin(`create database ${dbName}`)
      const url = new URL(ADMIN_URL)
      url.pathname = `/${dbName}`
      state.dbUrl = url.toString()
      state.handle = await openDatabase({ url: state.dbUrl, poolSize: 3 })
      await ensureFixtureBanks(state.handle.db)
      await insertFixtureEmployees(state.handle.db, employees)
      state.filesDir = await mkdtemp(path.join(tmpdir(), `planillas-${name}-`))
    },
    async tearDown() {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      const queue = createBullmqQueue({ url: REDIS_URL, prefix })
      await queue.queue.obliterate({ force: true })
      await queue.close()
      await state.handle?.close()
      await admin(`drop database if exists ${dbName} with (force)`)
      if (state.filesDir) await rm(state.filesDir, { recursive: true, force: true })
    },
    /** Stores a workbook in the worker's store and records its batch (`recordPendingBatch`). */
    recordBatch: (file: Buffer, code: string, name: string) =>
      recordPendingBatch(state.handle.db, state.filesDir, file, { code, name }),
    async batchState(id: number) {
      const [row] = await state.handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, id))
      return row
    },
  }
}

/** Resolves with the exit code once the process has ended (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
