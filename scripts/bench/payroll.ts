import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { openSession } from '@planillas/api/auth/sessions'
import { createTokenSigner } from '@planillas/api/auth/tokens'
import { type DatabaseHandle, openDatabase, payrollBatches, payrolls, rowsOf, users } from '@planillas/db'
import { BATCH_STATUS, DEMO_ROLES, formatCount } from '@planillas/domain'
import { createBullmqQueue } from '@planillas/queue'
import { adminQuery } from '@planillas/testing/database'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import {
  CopyLines,
  insertPayrollRow,
  postgresClientOf,
  writeTotals,
} from '@planillas/worker/payroll-import/payroll-writer'
import { desc, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { ROOT } from '../project-files'
import { buildServers, NODE_FLAGS, serverFile } from '../server-build'
import { gateOnLoad, judgeTargets, report } from './load-gate'
import { postgresCpuMs, processCpuMs, processMemory } from './proc'

/**
 * `npm run bench:payroll`: a valid 100,000-row file naming 100,000 employees, uploaded
 * through the real API (its own process) to the BullMQ worker (its own process, started as
 * `npm run start:worker` starts it) on PostgreSQL, timed from the upload to PROCESADO; and, on the
 * same file in the same run, the bare pipeline (exceljs streaming read + the same COPY, no API,
 * no queue, no validation). Each is run ROUNDS times, alternating, and the best of each is
 * compared, because the machine may be shared. Prints both, their ratio, the worker's peak RSS
 * during the imports, and the export of the payroll's details (time and the API's peak
 * RSS, and how much of it the export added to the API at rest). Needs DATABASE_URL (it creates
 * and drops its own database) and Redis.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const ADMIN_URL = process.env.DATABASE_URL
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3401)
/** docs/performance.md: the product's import at most 0.8× the bare pipeline's time. */
const TARGETS = { ratio: 0.8, workerRssMb: 250, exportSeconds: 3, exportRssMb: 200 }

if (!ADMIN_URL) {
  console.error('bench:payroll necesita DATABASE_URL (un PostgreSQL donde crear su propia base de datos).')
  process.exit(1)
}
gateOnLoad('bench:payroll')

const dbName = `planillas_bench_${randomBytes(4).toString('hex')}`
const prefix = `bench-${randomBytes(4).toString('hex')}`
const secret = randomBytes(32).toString('hex')
const children: ChildProcess[] = []
const seconds = (ms: number) => (ms / 1000).toFixed(2)

const admin = (statement: string) => adminQuery(String(ADMIN_URL), statement)

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return child
}

type WorkerReport = { readMs?: number; writeMs?: number }

/** The worker's own account of each import (its JSON log lines 'Carga procesada'), by batch. */
function workerReports(worker: ChildProcess): Map<number, WorkerReport> {
  const reports = new Map<number, WorkerReport>()
  let buffered = ''
  worker.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 1)
      if (!line.includes('Carga procesada')) continue
      const entry = JSON.parse(line) as WorkerReport & { batchId: number }
      reports.set(entry.batchId, entry)
    }
  })
  return reports
}

/** A memory figure of a process: 'rss' (now) or 'hwm' (peak since it started), in MB; 0 once it has gone. */
function memoryMb(pid: number, field: 'rss' | 'hwm'): number {
  return processMemory(pid)?.[field] ?? 0
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | false | undefined>,
  timeoutMs = 600_000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const value = await probe()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`Tiempo agotado: ${what}`)
}

type BareEmployee = { id: number; fullName: string }

/**
 * exceljs' streaming reader and the worker's own COPY writer, nothing else: one transaction, the
 * lines streamed into COPY while the sheet is read (as the worker does), no API, no queue, no
 * validation, no employee look-up (names and ids come from a map loaded beforehand).
 */
async function barePipeline(
  handle: DatabaseHandle,
  file: Buffer,
  employeeIds: Map<string, BareEmployee>,
  round: number,
) {
  const started = Date.now()
  const ownCpu = process.cpuUsage()
  const postgresCpu = postgresCpuMs()
  let read = 0
  const batch = {
    id: null,
    code: `BARE-${round}`,
    period: '202611',
    name: 'Bare',
    type: 1,
    createdBy: 'bench',
  }
  await handle.db.transaction(async (tx) => {
    const client = postgresClientOf(tx)
    if (!client) throw new Error('bench:payroll necesita PostgreSQL')
    const payrollId = await insertPayrollRow(tx, batch)
    const copy = new CopyLines(client, payrollId, 'bench')
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
    })
    try {
      for await (const sheet of reader) {
        for await (const row of sheet) {
          if (row.number === 1) continue
          const v = row.values as unknown[]
          const identifier = String(v[2])
          const employee = employeeIds.get(identifier)
          const wait = copy.push({
            rowNumber: row.number,
            employeeId: employee?.id ?? 0,
            fullName: employee?.fullName ?? '',
            reviewFlags: 0,
            identifierType: Number(v[1]),
            identifier,
            bankCode: String(v[4]),
            bankAccount: String(v[5]),
            bankInterAccount: v[6] ? String(v[6]) : null,
            amount: Number(v[7]).toFixed(2),
          })
          if (wait) await wait
        }
      }
    } catch (error) {
      await copy.cancel()
      throw error
    }
    read = Date.now() - started
    await copy.finish()
    await writeTotals(tx, payrollId)
  })
  const own = process.cpuUsage(ownCpu)
  const cpu = { app: (own.user + own.system) / 1000, postgres: postgresCpuMs() - postgresCpu }
  return { total: Date.now() - started, read, cpu }
}

/** CPU time (ms) a round used: the pipeline's own processes, and PostgreSQL's. */
type RoundCpu = { app: number; postgres: number }

const cpuSum = (cpu: RoundCpu) => cpu.app + cpu.postgres

type FullRun = {
  total: number
  accepted: number
  queued: number
  worker: number
  report: WorkerReport
  peakRss: number
  /** The worker's and the API's CPU, and PostgreSQL's. */
  cpu: RoundCpu
}

/** One upload through the API, timed until the batch is PROCESADO, sampling the worker's RSS. */
async function fullPipeline(
  handle: DatabaseHandle,
  api: string,
  token: string,
  file: Buffer,
  worker: { pid: number; reports: Map<number, WorkerReport> },
  apiPid: number,
  round: number,
) {
  const form = new FormData()
  for (const [k, v] of Object.entries({
    code: `BENCH-${round}`,
    period: '202611',
    name: 'Benchmark',
    type: '1',
    // Every round uploads the same bytes for the same period and type: from the second on, the
    // clerk confirms the repeat, as the duplicate-file guard asks.
    ...(round > 1 ? { confirmDuplicate: 'on' } : {}),
  }))
    form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file)]), 'benchmark.xlsx')
  let peakRss = memoryMb(worker.pid, 'rss')
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryMb(worker.pid, 'rss'))
  }, 20)
  const appCpu = () => (processCpuMs(worker.pid) ?? 0) + (processCpuMs(apiPid) ?? 0)
  const cpuBefore = { app: appCpu(), postgres: postgresCpuMs() }
  try {
    const started = Date.now()
    const res = await fetch(`${api}/api/v1/payroll-batch`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    const body = (await res.json()) as { payload: { id: number }; messages: string[] }
    if (!res.ok) throw new Error(`La API rechazó el archivo: ${body.messages.join('; ')}`)
    const accepted = Date.now() - started
    const batch = await waitFor('PROCESADO', async () => {
      const [row] = await handle.db
        .select()
        .from(payrollBatches)
        .where(eq(payrollBatches.id, body.payload.id))
      if (row.status === BATCH_STATUS.FAILED) throw new Error('La carga terminó CON ERRORES')
      return row.status === BATCH_STATUS.PROCESSED && row
    })
    const total = Date.now() - started
    const cpu = { app: appCpu() - cpuBefore.app, postgres: postgresCpuMs() - cpuBefore.postgres }
    const report = await waitFor('el informe del worker', async () => worker.reports.get(batch.id), 10_000)
    const startedAt = batch.startedAt?.getTime() ?? started
    const finishedAt = batch.finishedAt?.getTime() ?? started + total
    return {
      total,
      accepted,
      queued: startedAt - started - accepted,
      worker: finishedAt - startedAt,
      report,
      peakRss,
      cpu,
    } satisfies FullRun
  } finally {
    clearInterval(sampler)
  }
}

/** Downloads the details of a payroll through the API, timing it and sampling the API's RSS. */
async function exportDetails(api: string, token: string, payrollId: number, apiPid: number) {
  const restRss = memoryMb(apiPid, 'rss')
  let peakRss = restRss
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryMb(apiPid, 'rss'))
  }, 20)
  try {
    const started = Date.now()
    const res = await fetch(`${api}/api/v1/payroll/${payrollId}/lines/xlsx`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    if (!res.ok) throw new Error(`La exportación respondió ${res.status}`)
    const bytes = (await res.arrayBuffer()).byteLength
    return { ms: Date.now() - started, bytes, peakRss, restRss }
  } finally {
    clearInterval(sampler)
  }
}

async function main() {
  await admin(`create database ${dbName}`)
  const url = new URL(ADMIN_URL as string)
  url.pathname = `/${dbName}`
  const dbUrl = url.toString()
  const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-'))
  const handle = await openDatabase({ url: dbUrl, poolSize: 4 })
  try {
    report(`Preparando ${formatCount(ROWS)} colaboradores y un archivo de ${formatCount(ROWS)} filas…`)
    await ensureFixtureBanks(handle.db)
    await insertFixtureEmployees(handle.db, ROWS)
    await handle.db.execute(sql`analyze`)
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    report(
      `Archivo: ${(file.length / 1024 / 1024).toFixed(1)} MB; ${ROUNDS === 1 ? '1 ronda' : `${ROUNDS} rondas alternadas`}.`,
    )

    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      FILES_DIR: filesDir,
      JWT_SECRET: secret,
    }
    // As `npm run start:api` starts it: the built JavaScript, its node flags included.
    await buildServers()
    const apiProcess = start([...NODE_FLAGS.api, serverFile('api')], {
      ...env,
      API_PORT: String(API_PORT),
    })
    const workerProcess = start([...NODE_FLAGS.worker, serverFile('worker')], env)
    const worker = { pid: workerProcess.pid as number, reports: workerReports(workerProcess) }
    const api = `http://127.0.0.1:${API_PORT}`
    await waitFor('API', async () => (await fetch(`${api}/api/health`).catch(() => null))?.ok)
    // Give the worker the moment it needs to migrate, connect and run its start-up sweep.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const idleRss = memoryMb(worker.pid, 'rss')
    // The API checks the token's session on every call: the bench signs in a user of its own.
    const roles = [...DEMO_ROLES.admin]
    const [benchUser] = await handle.db
      .insert(users)
      .values({ email: 'bench@planillas.pe', name: 'Bench', roles })
      .returning({ id: users.id })
    const token = await createTokenSigner(secret, 3600).sign({
      id: benchUser.id,
      email: 'bench@planillas.pe',
      name: 'Bench',
      roles,
      sessionId: await openSession(handle.db, benchUser.id, 'bench@planillas.pe'),
    })
    const ids = new Map(
      rowsOf<{ identifier: string; id: number; fullName: string }>(
        await handle.db.execute(
          sql`select identifier, id, name || ' ' || surname as "fullName" from employees`,
        ),
      ).map((r) => [r.identifier, { id: Number(r.id), fullName: r.fullName }]),
    )

    const fulls: FullRun[] = []
    const bares: { total: number; read: number; cpu: RoundCpu }[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const full = await fullPipeline(handle, api, token, file, worker, apiProcess.pid as number, round)
      const bare = await barePipeline(handle, file, ids, round)
      fulls.push(full)
      bares.push(bare)
      report(
        `  ronda ${round}: API → PROCESADO ${seconds(full.total)} s, flujo mínimo ${seconds(bare.total)} s, RSS del worker ${full.peakRss.toFixed(0)} MB; CPU: producto ${seconds(full.cpu.app)} + PostgreSQL ${seconds(full.cpu.postgres)} s, flujo mínimo ${seconds(bare.cpu.app)} + ${seconds(bare.cpu.postgres)} s`,
      )
    }
    const [lastPayroll] = await handle.db
      .select({ id: payrolls.id })
      .from(payrolls)
      .where(sql`${payrolls.batchId} is not null`)
      .orderBy(desc(payrolls.id))
      .limit(1)
    const exported = await exportDetails(api, token, lastPayroll.id, apiProcess.pid as number)
    const full = fulls.reduce((a, b) => (b.total < a.total ? b : a))
    const bare = bares.reduce((a, b) => (b.total < a.total ? b : a))
    const peakRss = Math.max(...fulls.map((f) => f.peakRss))
    const ratio = full.total / bare.total
    // However well its work overlapped, the product cannot take less wall time than its CPU time
    // (its processes' and PostgreSQL's) spread over every core.
    const cores = availableParallelism()
    const floor = cpuSum(full.cpu) / cores
    const rowsPerSecond = Math.round(ROWS / (full.total / 1000))

    report(`
Resultados (${formatCount(ROWS)} filas, PostgreSQL + BullMQ; ${ROUNDS === 1 ? 'una ronda' : `la mejor de ${ROUNDS} rondas de cada uno`}):
  API → PROCESADO:  ${seconds(full.total)} s  (${formatCount(rowsPerSecond)} filas/s)
                    API ${seconds(full.accepted)} s, cola ${seconds(full.queued)} s, worker ${seconds(full.worker)} s (lectura y validación con el COPY a la par ${seconds(full.report.readMs ?? 0)} s, cierre de la escritura ${seconds(full.report.writeMs ?? 0)} s)
  flujo mínimo:     ${seconds(bare.total)} s  (lectura exceljs en streaming con el mismo COPY a la par ${seconds(bare.read)} s + cierre ${seconds(bare.total - bare.read)} s, sin API ni cola)
  relación:         ${ratio.toFixed(2)}  (meta ≤ ${TARGETS.ratio})
  CPU:              producto ${seconds(cpuSum(full.cpu))} s (worker y API ${seconds(full.cpu.app)} s, PostgreSQL ${seconds(full.cpu.postgres)} s); flujo mínimo ${seconds(cpuSum(bare.cpu))} s (exceljs ${seconds(bare.cpu.app)} s, PostgreSQL ${seconds(bare.cpu.postgres)} s)
                    con ${cores} núcleos el producto no baja de ${seconds(floor)} s: relación mínima posible ${(floor / bare.total).toFixed(2)}
  RSS del worker:   pico ${peakRss.toFixed(0)} MB durante las cargas (meta ≤ ${TARGETS.workerRssMb} MB); ${idleRss.toFixed(0)} MB en reposo; máximo desde su arranque ${memoryMb(worker.pid, 'hwm').toFixed(0)} MB
  exportación:      detalle de ${formatCount(ROWS)} líneas en ${seconds(exported.ms)} s, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB; RSS de la API ${exported.restRss.toFixed(0)} MB antes, pico ${exported.peakRss.toFixed(0)} MB (+${(exported.peakRss - exported.restRss).toFixed(0)} MB por la exportación) (metas ≤ ${TARGETS.exportSeconds} s, ≤ ${TARGETS.exportRssMb} MB)
`)
    const missed = [
      ratio > TARGETS.ratio && 'relación',
      peakRss > TARGETS.workerRssMb && 'RSS del worker',
      exported.ms > TARGETS.exportSeconds * 1000 && 'tiempo de exportación',
      exported.peakRss > TARGETS.exportRssMb && 'RSS de la exportación',
    ].filter((miss): miss is string => typeof miss === 'string')
    judgeTargets('bench:payroll', missed)
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await Promise.all(
      children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
      ),
    )
    const queue = createBullmqQueue({ url: REDIS_URL, prefix })
    await queue.queue.obliterate({ force: true }).catch(() => undefined)
    await queue.close()
    await handle.close()
    await admin(`drop database if exists ${dbName} with (force)`)
    await rm(filesDir, { recursive: true, force: true })
  }
}

await main()
