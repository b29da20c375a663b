import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { openDatabase, padronLoads, rucRegistry } from '@planillas/db'
import { BATCH_STATUS, formatCount } from '@planillas/domain'
import { createLocalStorage } from '@planillas/storage'
import { adminQuery } from '@planillas/testing/database'
import { eq, sql } from 'drizzle-orm'
import { ROOT } from '../project-files'
import { buildServers, NODE_FLAGS, serverFile } from '../server-build'
import { describeLoad, gateOnLoad, judgeTargets, readLoad, report } from './load-gate'
import { padronZip } from './padron-zip'
import { processMemory } from './proc'

/**
 * `npm run bench:padron`: a padrón reducido of `BENCH_PADRON_ROWS` rows (18,000,000 by default) in
 * SUNAT's layout, zipped, loaded by the real padron-load job (COPY into a fresh table, primary key,
 * swap) in the worker started as `npm run start:worker` starts it (built, its heap capped), which
 * picks the load up with its start-up sweep. Prints the job's time (the load's started_at to
 * finished_at) and the worker's peak RSS (VmHWM) with the load;
 * targets under 10 minutes and under 300 MB (docs/performance.md). Exits 2 when a target is missed,
 * 3 on a busy machine (scripts/bench/load-gate.ts). Needs DATABASE_URL (it creates and drops its own
 * database) and Redis.
 */
const ROWS = Number(process.env.BENCH_PADRON_ROWS ?? 18_000_000)
const TARGETS = { seconds: 600, rssMb: 300 }
const ADMIN_URL = process.env.DATABASE_URL
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

if (!ADMIN_URL) {
  console.error('bench:padron necesita DATABASE_URL (un PostgreSQL donde crear su propia base de datos).')
  process.exit(1)
}
gateOnLoad('bench:padron')

const admin = (statement: string) => adminQuery(String(ADMIN_URL), statement)

const dbName = `planillas_bench_${randomBytes(4).toString('hex')}`
await admin(`create database ${dbName}`)
const url = new URL(ADMIN_URL)
url.pathname = `/${dbName}`
const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-padron-'))
const handle = await openDatabase({ url: url.toString(), poolSize: 2 })
try {
  report(`Generando un padrón reducido de ${formatCount(ROWS)} filas en el formato de SUNAT (ZIP)…`)
  const storage = createLocalStorage(filesDir)
  const generated = performance.now()
  const fileKey = await storage.put(Readable.from(padronZip(ROWS)), {
    name: 'padron_reducido_ruc.zip',
    contentType: 'application/zip',
  })
  const size = (await stat(path.join(filesDir, fileKey))).size
  report(
    `ZIP de ${(size / 2 ** 20).toFixed(0)} MB generado en ${((performance.now() - generated) / 1000).toFixed(0)} s`,
  )
  const [load] = await handle.db
    .insert(padronLoads)
    .values({
      kind: 'REDUCIDO',
      listDate: '2026-08-20',
      fileKey,
      fileName: 'padron_reducido_ruc.zip',
      fileSize: size,
      createdBy: 'bench',
    })
    .returning()

  // The worker exactly as `npm run start:worker` runs it (built, heap cap included); its start-up
  // sweep finds the PENDIENTE load and enqueues it.
  await buildServers()
  const worker = spawn(process.execPath, [...NODE_FLAGS.worker, serverFile('worker')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      REDIS_URL,
      QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      FILES_DIR: filesDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let peakMb = 0
  let last = -1
  const sampled = Date.now()
  let row: typeof padronLoads.$inferSelect | undefined
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    if (worker.exitCode !== null) break
    peakMb = Math.max(peakMb, processMemory(worker.pid)?.hwm ?? 0)
    ;[row] = await handle.db.select().from(padronLoads).where(eq(padronLoads.id, load.id))
    if (row && row.status > 2) break
    const tick = Math.floor((Date.now() - sampled) / 30_000)
    if (row && tick !== last) {
      last = tick
      report(`  progreso ${row.progress} %, ${formatCount(row.rowsRead)} filas leídas`)
    }
  }
  worker.kill('SIGTERM')
  if (!row || row.status !== BATCH_STATUS.PROCESSED || !row.startedAt || !row.finishedAt) {
    console.error(`bench:padron: la carga no terminó PROCESADA (estado ${row?.status ?? '---'})`)
    process.exitCode = 1
  } else {
    const [{ count }] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(rucRegistry)
    const seconds = (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000
    report(
      `${formatCount(count)} RUC cargados en ${seconds.toFixed(1)} s (meta < ${TARGETS.seconds} s);` +
        ` RSS máximo del worker ${peakMb.toFixed(0)} MB (meta < ${TARGETS.rssMb} MB)`,
    )
    console.log(`Carga al terminar: ${describeLoad(readLoad())}`)
    const missed: string[] = []
    if (count !== ROWS) missed.push(`${formatCount(count)} RUC de ${formatCount(ROWS)}`)
    if (seconds >= TARGETS.seconds) missed.push(`${seconds.toFixed(0)} s`)
    if (peakMb >= TARGETS.rssMb) missed.push(`RSS ${peakMb.toFixed(0)} MB`)
    judgeTargets('bench:padron', missed)
  }
} finally {
  await handle.close()
  await rm(filesDir, { recursive: true, force: true })
  await admin(`drop database if exists ${dbName}`)
}
