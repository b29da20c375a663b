import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type BoletaData, boletaFileName } from '@planillas/domain'
import { boletaPdf } from '@planillas/formats/boleta-pdf'
import { zipEntries } from '@planillas/formats/zip-writer'
import { createLocalStorage } from '@planillas/storage'
import { JUNE_2026_BOLETA } from '@planillas/testing/boleta-fixtures'
import { BOLETAS_PER_PAGE } from '@planillas/worker/boletas/boleta-run'
import { describeLoad, gateOnLoad, judgeTargets, readLoad, report } from './load-gate'

/**
 * `npm run bench:boletas`: a payroll's boletas as the worker's ZIP job makes them (the same
 * renderer, `boletaPdf`, and the same streamed ZIP, `zipEntries`, into the file store), for
 * `BENCH_BOLETAS` workers (100,000 by default): half with the worked June concepts, half without
 * (older payrolls), each with its own name and document. The job's database reads are not in it
 * (docs/performance.md). Prints the time, boletas per second, the peak RSS and what was held then,
 * and the load; exits 2 when a target is missed, 3 on a busy machine (scripts/bench/load-gate.ts).
 */
const COUNT = Number(process.env.BENCH_BOLETAS ?? 100_000)
const TARGET_PER_SECOND = 400
const TARGET_RSS_MB = 300
gateOnLoad('bench:boletas')

function boletaOf(i: number): BoletaData {
  return {
    ...JUNE_2026_BOLETA,
    lineId: i + 1,
    worker: {
      ...JUNE_2026_BOLETA.worker,
      fullName: `APELLIDO ${i}, NOMBRE ${i}`,
      identifier: String(10_000_000 + i),
    },
    concepts: i % 2 === 0 ? JUNE_2026_BOLETA.concepts : [],
    amountCents: i % 2 === 0 ? JUNE_2026_BOLETA.amountCents : 150_050 + i,
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-boletas-'))
const storage = createLocalStorage(dir)
let peak = process.memoryUsage()
const sample = () => {
  const now = process.memoryUsage()
  if (now.rss > peak.rss) peak = now
}
// What the process holds at its peak, by kind: V8's heap, or buffers outside it (docs/performance.md).
const sampler = setInterval(sample, 50)
const started = performance.now()
let done = 0
async function* files() {
  for (let i = 0; i < COUNT; i++) {
    const boleta = boletaOf(i)
    yield { name: boletaFileName(boleta.period, boleta.worker.identifier), data: await boletaPdf(boleta) }
    done++
    // the job yields between pages of lines, as it does when it writes the progress
    if (done % BOLETAS_PER_PAGE === 0) await nextTurn()
  }
}
const key = await storage.put(Readable.from(zipEntries(files())), {
  name: 'boletas.zip',
  contentType: 'application/zip',
})
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
sample()
const peakRss = peak.rss
const size = (await stat(path.join(dir, key))).size
await rm(dir, { recursive: true, force: true })

const perSecond = done / seconds
const rssMb = peakRss / 2 ** 20
report(
  `${done.toLocaleString('en-US')} boletas en ${seconds.toFixed(1)} s: ${perSecond.toFixed(0)} boletas/s` +
    ` (meta ≥ ${TARGET_PER_SECOND}); RSS máximo ${rssMb.toFixed(0)} MB (meta ≤ ${TARGET_RSS_MB});` +
    ` ZIP de ${(size / 2 ** 20).toFixed(0)} MB`,
)
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
console.log(
  `En el máximo: heap usado ${mb(peak.heapUsed)} de ${mb(peak.heapTotal)}, externa ${mb(peak.external)}` +
    ` (ArrayBuffers ${mb(peak.arrayBuffers)})`,
)
console.log(`Carga al terminar: ${describeLoad(readLoad())}`)
const missed: string[] = []
if (perSecond < TARGET_PER_SECOND) missed.push(`${perSecond.toFixed(0)} boletas/s`)
if (rssMb > TARGET_RSS_MB) missed.push(`RSS ${rssMb.toFixed(0)} MB`)
judgeTargets('bench:boletas', missed)
