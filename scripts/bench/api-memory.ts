import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, rowsOf } from '@planillas/db'
import { seedDemo } from '@planillas/db/seed'
import {
  CLIENT_ADDRESS_HEADER,
  DEMO_ROLES,
  formatCount,
  paymentDateRange,
  periodOptions,
  WEB_TIER_SECRET_HEADER,
} from '@planillas/domain'
import { createLocalStorage } from '@planillas/storage/storage-local'
import { adminQuery, signedInToken } from '@planillas/testing/database'
import { insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import {
  ensureFixtureBanks,
  insertFixtureEmployees,
  payrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { sql } from 'drizzle-orm'
import { ROOT } from '../project-files'
import { buildServers, NODE_FLAGS, serverFile } from '../server-build'
import { gateOnLoad, judgeTargets, report } from './load-gate'
import { processMemory } from './proc'

/**
 * `npm run bench:api-memory` (the API's memory once grew from 192 to about 400 MB over an hour of
 * varied use). The API as deployed (its own process, its `NODE_FLAGS`) on a
 * PostgreSQL database of its own with the demo data, driven for BENCH_MINUTES (4) by BENCH_CLERKS
 * (4) concurrent clerks over loopback through a varied working day: every list with changing
 * searches, filters, sorts and pages, details and 404s, option lists, spreadsheet exports of the
 * lists, both templates, now and then a payroll upload (a small valid workbook, multipart) and a
 * payment file generated and downloaded, sign-in attempts and refreshes from many addresses, and
 * the health check. The API's RSS is read from /proc/<pid>/status every second (VmRSS, with its
 * anonymous and file-backed parts); the API has no route that reports process.memoryUsage(), and
 * none is added for this.
 *
 * Prints RSS after the warm-up (BENCH_WARMUP_SECONDS, 30), at the end and at its peak, and the
 * growth rate over the second half (MB per 10 min, least-squares slopes). RSS alone is a saw with
 * teeth of minutes: V8 keeps free pages of its heap (up to the 256 MB cap) and returns them when it
 * sees fit, 50–90 MB at a time. So the API runs with `--trace-gc` (its standard output comes
 * here): at each full collection it notes the heap still live after it, the heap V8 has reserved
 * and the anonymous memory outside it (RssAnon minus the reserved heap: Buffers, malloc, the
 * threads' arenas; an estimate, as V8 also pools freed pages). The targets of a plateau: the live
 * heap grows at most 10 MB per 10 min over the second half, and the highest RSS of the second half
 * is at most 10 MB above the highest of the first (after the warm-up); the API just started, at
 * rest (BENCH_REST_SECONDS, 15, after its first answer), at most 150 MB. Exits with 2 when one is missed or a request failed unexpectedly, 3 on a busy
 * machine (scripts/bench/load-gate.ts), 1 without
 * DATABASE_URL (it creates and drops its database).
 *
 * To find what grows: BENCH_SKIP=exports,uploads,payments,signin leaves those actions out;
 * BENCH_API_ENV='MALLOC_ARENA_MAX=4' adds variables to the API's environment only (as a
 * Dockerfile ENV would), BENCH_API_NODE_ARGS adds node flags (e.g. '--heap-prof'),
 * BENCH_API_STDOUT names a file for the API's standard output (its GC trace among it).
 */
const MINUTES = Number(process.env.BENCH_MINUTES ?? 4)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30)
const CLERKS = Math.max(1, Number(process.env.BENCH_CLERKS ?? 4))
const SKIP = new Set(process.env.BENCH_SKIP?.split(',').filter(Boolean) ?? [])
const ADMIN_URL = process.env.DATABASE_URL
const API_PORT = Number(process.env.BENCH_API_PORT ?? 11000)
/** Where sign-ins go: a loopback port nothing listens on (the provider is down: 503 at once). */
const IDP_PORT = API_PORT + 1
const TARGET_MB_PER_10_MIN = 10
/** docs/performance.md: the API at rest, just started, holds at most this much. */
const TARGET_IDLE_RSS_MB = 150
/**
 * How long the API is left alone before its RSS at rest is read, just started and after the day:
 * at its first answer it may still hold heap pages of its start-up (migrations, reference data)
 * that V8 gives back when it sees fit. Both figures are printed (docs/performance.md).
 */
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 15)
/** A bound on the requests of a run, whatever the duration (loops bounded in count and in time). */
const MAX_REQUESTS = 2_000_000

if (!ADMIN_URL) {
  console.error('bench:api-memory necesita DATABASE_URL (un PostgreSQL donde crear su propia base de datos).')
  process.exit(1)
}
gateOnLoad('bench:api-memory')

const dbName = `planillas_benchmem_${randomBytes(4).toString('hex')}`
const secret = randomBytes(32).toString('hex')
const addressSecret = randomBytes(32).toString('hex')
const MB = 1024 * 1024

const admin = (statement: string) => adminQuery(String(ADMIN_URL), statement)

/** The API's memory, in MB: resident, its anonymous and file parts, peak. It must still be running. */
function memory(pid: number) {
  const reading = processMemory(pid)
  if (!reading) throw new Error(`bench:api-memory: no hay /proc/${pid} (¿terminó la API?)`)
  return reading
}

/** Least-squares slope of (t in s, mb) points, in MB per second. */
function slope(points: { t: number; mb: number }[]) {
  const n = points.length
  if (n < 2) return Number.NaN
  const mt = points.reduce((s, p) => s + p.t, 0) / n
  const mm = points.reduce((s, p) => s + p.mb, 0) / n
  let num = 0
  let den = 0
  for (const p of points) {
    num += (p.t - mt) * (p.mb - mm)
    den += (p.t - mt) ** 2
  }
  return num / den
}

/** The floor (lowest sample) of each WINDOW_SECONDS of `points`, at the window's middle. */
const WINDOW_SECONDS = 30
function windowFloors(points: { t: number; mb: number }[]) {
  const floors = new Map<number, { t: number; mb: number }>()
  for (const p of points) {
    const w = Math.floor(p.t / WINDOW_SECONDS)
    const kept = floors.get(w)
    if (!kept || p.mb < kept.mb) floors.set(w, { t: (w + 0.5) * WINDOW_SECONDS, mb: p.mb })
  }
  return [...floors.values()]
}

const LISTS = [
  'areas',
  'positions',
  'companies',
  'suppliers',
  'payments',
  'expense-lines',
  'project-types',
  'reject-reasons',
  'banks',
  'employees',
  'contracts',
  'audit-logs',
  'job-openings',
  'applicants',
  'payroll',
  'payroll-batch',
  'payment-batches',
]
/** Lists with a spreadsheet export (`POST /<list>/xlsx`, the list's filter as body). */
const EXPORTS = [
  'areas',
  'positions',
  'companies',
  'suppliers',
  'payments',
  'employees',
  'contracts',
  'audit-logs',
  'job-openings',
  'applicants',
  'payroll',
]
const DETAILS = [
  'areas',
  'positions',
  'companies',
  'suppliers',
  'payments',
  'employees',
  'contracts',
  'job-openings',
  'applicants',
  'payroll',
  'payroll-batch',
  'payment-batches',
]
const WORDS = ['quispe', 'maría', 'lima', 'sac', 'admin', 'ope', 'flores', 'ventas', 'nov', '2026', 'a', 'zz']

async function main() {
  await admin(`create database ${dbName}`)
  const url = new URL(ADMIN_URL as string)
  url.pathname = `/${dbName}`
  const dbUrl = url.toString()
  const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-mem-'))
  const handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  let api: ChildProcess | undefined
  let failed = false
  try {
    report('Preparando los datos de demostración…')
    report(
      `  ${(await seedDemo(handle.db, createLocalStorage(filesDir))) ?? 'Datos de demostración ya cargados.'}`,
    )
    // A payroll with lines for the payment file, and employees the uploaded workbooks name.
    await ensureFixtureBanks(handle.db)
    await insertFixtureEmployees(handle.db, 200)
    const payroll = await insertFixturePayroll(
      handle.db,
      'PL-BENCH-MEM',
      Array.from({ length: 200 }, (_, i) => ({ employee: i, amount: (1000 + i).toFixed(2) })),
    )
    const [account] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`select id from company_bank_accounts order by id limit 1`),
    )

    const apiArgs = process.env.BENCH_API_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []
    const apiEnv = Object.fromEntries(
      (process.env.BENCH_API_ENV?.split(/\s+/).filter(Boolean) ?? []).map((kv) => kv.split('=', 2)),
    )
    // As deployed (start:api, compose, Dockerfile): the built JavaScript, the same heap limit. No
    // REDIS_URL: uploads stay PENDIENTE (the worker is not what this measures).
    await buildServers()
    api = spawn(process.execPath, [...NODE_FLAGS.api, '--trace-gc', ...apiArgs, serverFile('api')], {
      cwd: ROOT,
      env: {
        ...process.env,
        REDIS_URL: '',
        ...apiEnv,
        DATABASE_URL: dbUrl,
        JWT_SECRET: secret,
        CLIENT_ADDRESS_SECRET: addressSecret,
        FILES_DIR: filesDir,
        API_PORT: String(API_PORT),
        OIDC_ISSUER: `http://127.0.0.1:${IDP_PORT}`,
        OIDC_INTERNAL_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const pid = api.pid as number
    const copy = process.env.BENCH_API_STDOUT ? createWriteStream(process.env.BENCH_API_STDOUT) : null
    /** At each full collection: seconds into the run, heap live after it, heap reserved, RssAnon. */
    const collections: { t: number; live: number; reserved: number; anon: number }[] = []
    let measuring = 0
    let pending = ''
    api.stdout?.on('data', (chunk: Buffer) => {
      copy?.write(chunk)
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const gc = line.match(/Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/)
        if (!gc || !measuring) continue
        const anon = memory(pid).anon
        collections.push({
          t: (Date.now() - measuring) / 1000,
          live: Number(gc[1]),
          reserved: Number(gc[2]),
          anon,
        })
      }
    })
    const base = `http://127.0.0.1:${API_PORT}/api/v1`
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${API_PORT}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
      if (up) break
      if (i > 600 || api.exitCode !== null) throw new Error('La API no arrancó')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const firstAnswer = memory(pid)
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000))
    const started = memory(pid)
    const signIn = (role: keyof typeof DEMO_ROLES, who: string) =>
      signedInToken(handle.db, secret, {
        email: `bench-${who}@planillas.pe`,
        name: `Bench ${who}`,
        roles: [...DEMO_ROLES[role]],
      })
    const tokens = await Promise.all(
      (['admin', 'rrhh', 'auditor', 'lector', 'tesoreria'] as const).map((role) => signIn(role, role)),
    )
    // Each clerk is an administrator of their own (the API allows two exports at a time per user).
    const clerkTokens = await Promise.all(
      Array.from({ length: CLERKS }, (_, c) => signIn('admin', `admin-${c}`)),
    )

    // Counted answers: by action and status; an unexpected status (5xx, or 4xx where none is due) fails.
    const counts = new Map<string, number>()
    const unexpected = new Map<string, number>()
    let requests = 0
    let bytes = 0
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)

    async function call(
      action: string,
      pathAndQuery: string,
      init: {
        method?: string
        token: string | null
        json?: unknown
        body?: FormData
        headers?: Record<string, string>
        expect?: number[]
      },
    ) {
      requests++
      const headers: Record<string, string> = { ...init.headers }
      const token = init.token
      if (token) headers.authorization = `Bearer ${token}`
      if (init.json !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(pathAndQuery.startsWith('http') ? pathAndQuery : `${base}${pathAndQuery}`, {
        method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
        headers,
        body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
        signal: AbortSignal.timeout(60_000),
      })
      const body = await res.arrayBuffer()
      bytes += body.byteLength
      count(counts, `${action} ${res.status}`)
      const expected = init.expect ?? [200]
      if (!expected.includes(res.status)) {
        count(unexpected, `${action} ${res.status}`)
        if ((unexpected.get(`${action} ${res.status}`) ?? 0) === 1)
          report(
            `  inesperado: ${action} ${pathAndQuery} → ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`,
          )
      }
      return { status: res.status, body }
    }

    const period = periodOptions()[1]
    const paymentDate = paymentDateRange().to
    let uploads = 0
    let lastOrder: number | undefined
    const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

    /** Step `n` of clerk `c`: one action of the day, the mix fixed by n (varied, reproducible). */
    async function step(c: number, n: number) {
      // `kind` picks the action, `m` varies it (kind alone would fix the parity of n).
      const kind = n % 20
      const m = Math.floor(n / 20)
      // One word, a number, or two or three words, as people type them into a search box.
      const words = [
        WORDS[m % WORDS.length],
        WORDS[(m * 7 + 3) % WORDS.length],
        WORDS[(m * 5 + 1) % WORDS.length],
      ]
      const word =
        m % 5 === 0 ? `${words[0]}${m}` : words.slice(0, m % 3 === 1 ? 2 : m % 7 === 2 ? 3 : 1).join(' ')
      // Mostly the administrator; now and then the other roles (some of their calls are refused).
      const own = clerkTokens[c]
      const token = m % 3 ? own : tokens[m % tokens.length]
      if (kind === 12 && !SKIP.has('exports')) {
        const list = EXPORTS[m % EXPORTS.length]
        return call('exportación', `/${list}/xlsx`, {
          json: m % 2 ? { search: word } : {},
          token: own,
        })
      }
      if (kind === 13 && !SKIP.has('exports')) {
        if (m % 3 === 0)
          return call('exportación', `/payroll/${payroll.id}/lines/xlsx`, { json: {}, token: own })
        return call('plantilla', m % 2 ? '/payroll-batch/template/xlsx' : '/payment-batches/template/xlsx', {
          token: own,
        })
      }
      if (kind === 14 && !SKIP.has('signin')) {
        // Sign-in attempts and refreshes from many browsers, as the web tier passes them on.
        const headers = { [WEB_TIER_SECRET_HEADER]: addressSecret, [CLIENT_ADDRESS_HEADER]: address(n) }
        if (m % 2)
          return call('ingreso', '/auth', {
            token: null,
            headers,
            json: { code: `c${n}`, codeVerifier: `v${n}`.padEnd(43, 'x'), nonce: `n${n}` },
            expect: [503, 429],
          })
        return call('renovación', '/auth/refresh-token', {
          token: null,
          headers,
          json: { refreshToken: `r${n}`.padEnd(40, 'y') },
          expect: [401, 429],
        })
      }
      if (kind === 15 && c === 0 && m % 2 === 0 && !SKIP.has('uploads')) {
        // A new file each time (the API refuses a file identical to an earlier upload's).
        uploads++
        const rows = Array.from({ length: 20 }, (_, i) => validRow(i, 1000 + uploads + i))
        const form = new FormData()
        for (const [k, v] of Object.entries({ code: `MEM-${uploads}`, period, name: 'Memoria', type: '1' }))
          form.append(k, v)
        const file = await payrollWorkbook(rows)
        form.append('file', new Blob([new Uint8Array(file)]), `planilla-${uploads}.xlsx`)
        return call('carga', '/payroll-batch', { body: form, token: own })
      }
      if (kind === 16 && c === 0 && m % 2 === 0 && !SKIP.has('payments')) {
        // One clerk generates the payroll's payment file, each replacing the last, and downloads it.
        const res = await call('archivo de pago', '/payment-orders', {
          json: {
            payrollId: payroll.id,
            companyAccountId: account.id,
            format: 'BCP',
            paymentDate,
            reference: `Memoria ${n}`,
            ...(lastOrder ? { replacesOrderId: lastOrder, confirmReplace: true } : {}),
          },
          token: own,
        })
        if (res.status !== 200) return res
        lastOrder = (JSON.parse(Buffer.from(res.body).toString()) as { payload: { id: number } }).payload.id
        return call('archivo de pago', `/payment-orders/${lastOrder}/file?payrollId=${payroll.id}`, {
          token: own,
        })
      }
      if (kind === 10) {
        const entity = DETAILS[m % DETAILS.length]
        // Ids past the demo data answer 404, as a stale link does.
        return call('detalle', `/${entity}/${1 + (m % 40)}`, { token, expect: [200, 404, 403] })
      }
      if (kind === 11) return call('inexistente', `/no-existe/${n}`, { token, expect: [404] })
      if (kind === 17) {
        const options = [
          '/areas',
          '/companies',
          '/banks',
          '/countries',
          '/dashboard',
          '/auth/me',
          `/employees?search=${word}`,
          `/ubigeos/districts?search=${word.slice(0, 3)}`,
          '/payment-orders/formats',
        ]
        return call('opciones', options[m % options.length], { token, expect: [200, 403] })
      }
      if (kind === 18 && m % 4 === 0)
        return call('salud', `http://127.0.0.1:${API_PORT}/api/health`, { token: null })
      if (kind === 19) {
        const entity = DETAILS[(m + 3) % DETAILS.length]
        return call('detalle', `/${entity}/${1 + ((m * 7) % 30)}`, { token: own, expect: [200, 404] })
      }
      // The rest: the lists, with changing searches, filters, sorts, pages and sizes.
      const list = LISTS[(n + m) % LISTS.length]
      const body =
        list === 'employees' && m % 3 === 0
          ? {
              status: 1 + (m % 2),
              areaIds: [1 + (m % 12), 1 + ((m + 5) % 12)],
              search: m % 2 ? word : undefined,
            }
          : (n + m) % 4 === 0
            ? {}
            : { search: word }
      const sort = list === 'employees' && m % 7 === 0 ? '&sort=surname,desc' : ''
      return call('lista', `/${list}/list?page=${m % 6}&size=${[10, 20, 50][n % 3]}${sort}`, {
        json: body,
        token,
        expect: [200, 403],
      })
    }

    const samples: { t: number; mb: number; anon: number; file: number }[] = []
    const startedAt = Date.now()
    measuring = startedAt
    const endAt = startedAt + MINUTES * 60_000
    const sampler = setInterval(() => {
      const m = memory(pid)
      const t = (Date.now() - startedAt) / 1000
      samples.push({ t, mb: m.rss, anon: m.anon, file: m.file })
      if (samples.length % 30 === 0)
        report(
          `  ${t.toFixed(0).padStart(4)} s  RSS ${m.rss.toFixed(0)} MB (anónima ${m.anon.toFixed(0)}, archivos ${m.file.toFixed(0)})  ${formatCount(requests)} solicitudes`,
        )
    }, 1000)
    report(
      `\n${CLERKS} usuarios durante ${MINUTES} min (API en el puerto ${API_PORT}, pid ${pid}; RSS al arrancar ${started.rss.toFixed(0)} MB)` +
        (SKIP.size ? `, sin: ${[...SKIP].join(', ')}` : '') +
        (process.env.BENCH_API_ENV ? `, entorno de la API: ${process.env.BENCH_API_ENV}` : ''),
    )
    let next = 0
    await Promise.all(
      Array.from({ length: CLERKS }, async (_, c) => {
        while (Date.now() < endAt && requests < MAX_REQUESTS && api?.exitCode === null) {
          await step(c, next++)
        }
      }),
    )
    clearInterval(sampler)
    if (api.exitCode !== null) throw new Error(`La API terminó (código ${api.exitCode})`)
    const end = memory(pid)
    const seconds = (Date.now() - startedAt) / 1000
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000))
    const restedAfter = memory(pid)
    const warm = samples.find((s) => s.t >= WARMUP_SECONDS) ?? samples[0]
    const secondHalf = samples.filter((s) => s.t >= seconds / 2)
    // RSS is a saw: garbage piles up in V8's heap until a full collection returns it (40–50 MB
    // here). A straight line through every sample turns where the run ends on the saw into a
    // slope; the floor of each WINDOW_SECONDS (what is left after the collections) grows only
    // when something is kept, so the rate is the slope of the floors.
    const floors = windowFloors(secondHalf)
    const rate = slope(floors) * 600
    const anonRate = slope(windowFloors(secondHalf.map((s) => ({ t: s.t, mb: s.anon })))) * 600
    const rawRate = slope(secondHalf) * 600
    const gcs = collections.filter((c) => c.t >= seconds / 2)
    const liveRate = slope(gcs.map((c) => ({ t: c.t, mb: c.live }))) * 600
    const outsideRate = slope(gcs.map((c) => ({ t: c.t, mb: c.anon - c.reserved }))) * 600
    const peak = Math.max(end.hwm, ...samples.map((s) => s.mb))

    report(
      `\n${formatCount(requests)} solicitudes en ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s, ${(bytes / MB).toFixed(0)} MB recibidos):`,
    )
    const byAction = new Map<string, string[]>()
    for (const [key, n] of [...counts].sort()) {
      const [action, status] = [key.slice(0, key.lastIndexOf(' ')), key.slice(key.lastIndexOf(' ') + 1)]
      byAction.set(action, [...(byAction.get(action) ?? []), `${formatCount(n)}×${status}`])
    }
    for (const [action, parts] of byAction) report(`  ${action.padEnd(16)} ${parts.join(', ')}`)
    report(`\nRSS de la API (MB):`)
    const idleMet = started.rss <= TARGET_IDLE_RSS_MB
    report(
      `  al arrancar              ${started.rss.toFixed(0)}  (en reposo ${REST_SECONDS} s; meta ≤ ${TARGET_IDLE_RSS_MB})${idleMet ? '' : '  ✗'}; ${firstAnswer.rss.toFixed(0)} a su primera respuesta`,
    )
    report(`  tras el calentamiento    ${warm.mb.toFixed(0)}  (${warm.t.toFixed(0)} s)`)
    report(
      `  al final                 ${end.rss.toFixed(0)}  (anónima ${end.anon.toFixed(0)}, archivos ${end.file.toFixed(0)})`,
    )
    report(`  pico                     ${peak.toFixed(0)}`)
    report(`  en reposo tras el día    ${restedAfter.rss.toFixed(0)}  (${REST_SECONDS} s sin solicitudes)`)
    // The ceiling RSS reaches (V8's free pages included) must not rise from one half to the next.
    const firstCeiling = Math.max(
      ...samples.filter((x) => x.t >= WARMUP_SECONDS && x.t < seconds / 2).map((x) => x.mb),
    )
    const secondCeiling = Math.max(...secondHalf.map((x) => x.mb))
    const ceilingMet = secondCeiling - firstCeiling <= TARGET_MB_PER_10_MIN
    const liveMet = liveRate <= TARGET_MB_PER_10_MIN
    const met = ceilingMet && liveMet && idleMet
    const first = collections.find((c) => c.t >= WARMUP_SECONDS) ?? collections[0]
    const last = collections.at(-1)
    const mb = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(0))
    report(`\nTras cada recolección completa (${collections.length}; tras el calentamiento → al final, MB):`)
    report(`  montón vivo de V8                ${mb(first?.live)} → ${mb(last?.live)}`)
    report(`  montón reservado por V8          ${mb(first?.reserved)} → ${mb(last?.reserved)}`)
    report(
      `  anónima fuera del montón         ${mb(first && first.anon - first.reserved)} → ${mb(last && last.anon - last.reserved)}`,
    )
    report(`\nCrecimiento en la segunda mitad:`)
    report(
      `  montón vivo                      ${liveRate.toFixed(1)} MB por 10 min  (meta ≤ ${TARGET_MB_PER_10_MIN})${liveMet ? '' : '  ✗'}`,
    )
    report(
      `  techo del RSS                    ${firstCeiling.toFixed(0)} → ${secondCeiling.toFixed(0)} MB de una mitad a la otra  (meta ≤ +${TARGET_MB_PER_10_MIN})${ceilingMet ? '' : '  ✗'}`,
    )
    report(
      `  sin meta (el montón libre de V8 las mueve 50–90 MB): anónima fuera del montón ${outsideRate.toFixed(1)} MB por 10 min;`,
    )
    report(
      `  RSS ${rawRate.toFixed(1)} MB por 10 min por todas las muestras, ${rate.toFixed(1)} por los mínimos de cada ${WINDOW_SECONDS} s (${floors.map((f) => f.mb.toFixed(0)).join(' ')}; anónima ${anonRate.toFixed(1)})`,
    )
    if (!met) failed = true
    if (unexpected.size) {
      failed = true
      report(`Respuestas inesperadas: ${[...unexpected].map(([k, n]) => `${k} ×${n}`).join(', ')}  ✗`)
    }
    judgeTargets('bench:api-memory', failed ? ['las marcadas con ✗'] : [])
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once('exit', resolve))
      api.kill('SIGTERM')
      await exited
    }
    await handle.close()
    await admin(`drop database if exists ${dbName} with (force)`)
    await rm(filesDir, { recursive: true, force: true })
  }
}

await main()
