import { watchHealth } from '@planillas/testing/api/app'
import { createPaymentTestApp } from '@planillas/testing/api/payments'
import { constanciasForm, sunatFile, unmatchedSunatRows } from '@planillas/testing/constancia-fixtures'
import { silentLogger } from '@planillas/worker/context'
import { processConstanciaImport } from '@planillas/worker/processors/constancia-import'
import { gateOnLoad, judgeTargets, report } from './load-gate'

/**
 * `npm run bench:constancias`: SUNAT's constancias file at the upload's bound (BENCH_LINES, 300,000
 * lines, none matching a voucher) uploaded through the API and processed by the worker's job in the
 * same process (harsher than production, where the worker is a process of its own), while one
 * client asks `/api/health` every 20 ms. Targets: the upload answered in under 10 s, the health
 * check's p95 under 100 ms while the job runs. Exits 2 when one is missed, 3 on a busy machine
 * (load-gate.ts), 1 without DATABASE_URL.
 */
const LINES = Number(process.env.BENCH_LINES ?? 300_000)
const ACCEPT_TARGET_MS = 10_000
const HEALTH_P95_TARGET_MS = 100

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:constancias necesita DATABASE_URL (un PostgreSQL donde crear su propia base de datos).',
  )
  process.exit(1)
}
gateOnLoad('bench:constancias')

const { t } = await createPaymentTestApp()
const file = sunatFile(unmatchedSunatRows(LINES - 2))
const watch = watchHealth(t.app, (status) => {
  if (status >= 500) throw new Error(`/api/health respondió ${status}`)
})
const started = performance.now()
const res = await t.call('tesoreria', {
  method: 'POST',
  url: '/api/v1/constancia-batches',
  ...constanciasForm(file),
})
const acceptedMs = performance.now() - started
if (res.status !== 200) throw new Error(`la carga fue rechazada: ${JSON.stringify(res.body)}`)
const outcome = await processConstanciaImport(
  { batchId: res.body.payload.id },
  { db: t.handle.db, storage: t.storage(), log: silentLogger },
)
const processedS = (performance.now() - started) / 1000
const health = await watch.stop()
await t.close()

health.sort((a, b) => a - b)
const at = (share: number) => health[Math.min(health.length - 1, Math.ceil(share * health.length) - 1)]
report(
  `constancias ${LINES.toLocaleString('es-PE')} líneas (${(file.length / 1024 / 1024).toFixed(1)} MB):`,
  `aceptado en ${acceptedMs.toFixed(0)} ms, procesado en ${processedS.toFixed(1)} s (${JSON.stringify(outcome)});`,
  `/api/health p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, máx. ${health.at(-1)?.toFixed(1)} ms en ${health.length} consultas`,
)
const missed: string[] = []
if (acceptedMs >= ACCEPT_TARGET_MS)
  missed.push(`aceptado en ${acceptedMs.toFixed(0)} ms (meta < ${ACCEPT_TARGET_MS})`)
if (at(0.95) >= HEALTH_P95_TARGET_MS)
  missed.push(`/api/health p95 ${at(0.95).toFixed(1)} ms (meta < ${HEALTH_P95_TARGET_MS})`)
judgeTargets('bench:constancias', missed)
