import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, rowsOf } from '@planillas/db'
import { DEMO_ROLES, formatCount } from '@planillas/domain'
import { adminQuery, signedInToken } from '@planillas/testing/database'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { NGINX, nginxConfig } from '../cluster'
import { ROOT } from '../project-files'
import { buildServers, NODE_FLAGS, serverFile } from '../server-build'
import { gateOnLoad, judgeTargets, report } from './load-gate'
import { processCpuMs, processMemory } from './proc'

/**
 * `npm run bench:list`: a database of its own with BENCH_EMPLOYEES (1,000,000)
 * employees with common Peruvian names and as many audit entries; the API (its own process) and a
 * bare Fastify + node-postgres server running the same page query (bare-list-server.ts, its own
 * process), loaded side by side by autocannon over loopback for each case: first page, broad and
 * narrow searches, a DNI prefix, filters, a deep page, sorted by a column, the audit log. Prints req/s and latency
 * percentiles of both and their ratio; then 50 connections on the API, which must not time out.
 * Exits with 2 when a target is missed, 3 on a busy machine (scripts/bench/load-gate.ts). Needs DATABASE_URL (it creates and drops its database).
 */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)
/** Runs of each case on each server, alternating between them; the best one counts (as bench:payroll). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2))
/** BENCH_ONLY: run only the cases whose name contains one of these comma-separated words. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean)
const PAGES_DIR = process.env.BENCH_PAGES_DIR
const ADMIN_URL = process.env.DATABASE_URL
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3411)
const BARE_PORT = API_PORT + 1
const WEB_PORT = API_PORT + 2
const BARE_PAGE_PORT = API_PORT + 3
const SECOND_WEB_PORT = API_PORT + 4
const PROXY_PORT = API_PORT + 5
/** BENCH_PROXY=0 skips the run through nginx and two web processes (skipped anyway without nginx). */
const PROXY = process.env.BENCH_PROXY !== '0' && existsSync(NGINX)
const PROXY_CONNECTIONS = Number(process.env.BENCH_PROXY_CONNECTIONS ?? 10)
/** The bare page's Remix app (scripts/bench/bare-remix), its build under it, served as the web tier is. */
const BARE_REMIX = path.join(import.meta.dirname, 'bare-remix')
const TARGETS = { p95Ms: 50, ratio: 0.7, webRatio: 0.7 }

if (!ADMIN_URL) {
  console.error('bench:list necesita DATABASE_URL (un PostgreSQL donde crear su propia base de datos).')
  process.exit(1)
}
gateOnLoad('bench:list')

// Common Peruvian given names and surnames (RENIEC's most frequent), folded into the SQL below.
const GIVEN = `María Rosa Juan José Luis Carlos Jorge Ana Carmen Julia Pedro Miguel Jesús Víctor Elena Sofía
  Manuel César Raúl Teresa Lucía Martha Gloria Elizabeth Diana Ricardo Fernando Alberto Walter Hugo
  Flor Norma Silvia Patricia Milagros Yolanda Edwin Wilber Percy Richard Juana Nancy Roxana Marleny
  Javier Daniel Alejandro Andrea Valeria Camila Ximena Diego Mateo Santiago`.split(/\s+/)
const SURNAMES = `Quispe Flores Sánchez Rodríguez García Mamani Huamán Chávez Rojas Ramos Díaz Torres
  Mendoza Vásquez Castillo Gonzales Espinoza López Pérez Ramírez Gutiérrez Vargas Cruz Romero Condori
  Ccori Huanca Choque Ticona Apaza Cusi Poma Yupanqui Inga Cáceres Salazar Paredes Zapata Aguilar Medina
  Silva Herrera Núñez Castro Morales Ortiz Reyes Ruiz Vega Cárdenas Palomino Villanueva Alvarado Ñahui
  Huarcaya Chambi Coaquira Pari Laura Tito Ccallo`.split(/\s+/)

// BENCH_DATABASE keeps a seeded database between runs (created and seeded when missing, never dropped).
const KEEP = process.env.BENCH_DATABASE
if (KEEP && !/^[a-z_][a-z0-9_]*$/.test(KEEP)) {
  console.error('BENCH_DATABASE: solo minúsculas, dígitos y _.')
  process.exit(1)
}
const dbName = KEEP ?? `planillas_benchlist_${randomBytes(4).toString('hex')}`
const secret = randomBytes(32).toString('hex')
const sessionSecret = randomBytes(32).toString('hex')
const children: ChildProcess[] = []

const admin = (statement: string) => adminQuery(String(ADMIN_URL), statement)

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`)

/** Employees and audit entries by set-based SQL, their indexes built after the rows (much faster). */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`
    insert into areas (description) select 'Área ' || n from generate_series(1, 12) n;
    insert into positions (description) select 'Cargo ' || n from generate_series(1, 40) n;
    insert into companies (ruc, name, address)
      values ('20131312955', 'Andina S.A.C.', 'Av. Lima 1'), ('20512333797', 'Costa S.A.', 'Av. Grau 2'),
             ('20100047218', 'Sierra S.A.A.', 'Jr. Cusco 3')`)
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select indexname as name, indexdef as def from pg_indexes
      where tablename in ('employees', 'audit_logs') and indexname not like '%pkey' and indexdef not like '%UNIQUE%'`),
  )
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`))
  const given = textArray(GIVEN)
  const surnames = textArray(SURNAMES)
  await db.execute(sql`
    insert into employees (identifier_type, identifier, name, surname, company_id, area_id, position_id, status, created_by)
    select 1, (10000000 + n * 37 % 89999999)::text,
      g[1 + n % ${GIVEN.length}] || case when n % 3 = 0 then ' ' || g[1 + (n / 7) % ${GIVEN.length}] else '' end,
      s[1 + (n / 3) % ${SURNAMES.length}] || ' ' || s[1 + (n * 13 / 11) % ${SURNAMES.length}],
      1 + n % 3, 1 + n % 12, 1 + n % 40, case when n % 10 = 0 then 1 else 2 end, 'bench'
    from generate_series(1, ${EMPLOYEES}) n, (select ${given} as g, ${surnames} as s) names`)
  await db.execute(sql`
    insert into audit_logs (action, entity, entity_id, actor, description, created_at)
    select 'UPDATE', 'employees', n::text, 'usuario' || n % 50 || '@planillas.pe',
      'Actualizó al colaborador COL-' || lpad(n::text, 6, '0'), now() - n * interval '1 minute'
    from generate_series(1, ${EMPLOYEES}) n`)
  for (const index of indexes) await db.execute(sql.raw(index.def))
  // A table in service has been vacuumed by autovacuum: its visibility map lets index-only scans
  // (the deep page's ids, a filter's count) skip the heap. Just seeded, it has not, and autovacuum
  // would start in the middle of the measurement.
  await db.execute(sql`vacuum analyze employees`)
  await db.execute(sql`vacuum analyze audit_logs`)
}

/**
 * The web tier's session cookie for an access token, sealed as the web tier seals it (same secret).
 * The token has 15 minutes: the web tier's refresh (a minute before expiry) is not reached.
 */
async function sessionCookie(accessToken: string): Promise<string> {
  const { sessionStorage, storeTokens } = await import('../../remix/app/session.server')
  const session = await sessionStorage.getSession()
  storeTokens(session, { accessToken, refreshToken: 'sin-uso-en-el-banco' })
  return (await sessionStorage.commitSession(session)).split(';')[0]
}

/**
 * Builds the bare page's app (a few seconds): always, since it bundles the product's loader code
 * and a stale copy would measure other code than the product's.
 */
function buildBareRemix() {
  const result = spawnSync('npx', ['react-router', 'build', BARE_REMIX], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    throw new Error('No se pudo compilar la página base (scripts/bench/bare-remix)')
  }
}

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(child)
  return child
}

/** A child's resident memory now and at its peak. */
function memoryOf(child: ChildProcess): string {
  const memory = processMemory(child.pid)
  return memory
    ? `${Math.round(memory.rss)} MB (pico ${Math.round(memory.hwm)} MB)`
    : 'sin datos (no hay /proc)'
}

async function waitFor(url: string, method = 'POST') {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url, {
      method,
      body: method === 'POST' ? '{}' : undefined,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    })
      .then((r) => r.status < 500)
      .catch(() => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No responde: ${url}`)
}

/** `page`: the web tier's URL query for the same list (employees only). */
type Case = { name: string; path: string; query?: string; body: object; bare: boolean; page?: string }

/** The value below which `share` of the sorted values lie (nearest rank). */
const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : Number.NaN

/**
 * autocannon's run, plus the p95 of its 2xx answers: its histogram reports p90 and p97.5 but not
 * the p95 the target names, so every response time is kept (a few thousand numbers per case).
 */
async function load(
  url: string,
  body: object | null,
  connections: number,
  headers: Record<string, string> = {},
  duration = SECONDS,
) {
  const times: number[] = []
  const options = {
    url,
    method: body ? ('POST' as const) : ('GET' as const),
    connections,
    duration,
    timeout: 10,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)))
    run.on('response', (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) times.push(time)
    })
  })
  times.sort((x, y) => x - y)
  return { ...result, p95: Math.round(percentile(times, 0.95)) }
}

async function main() {
  const exists = await admin(`select 1 from pg_database where datname = '${dbName}'`)
  const fresh = exists.length === 0
  if (fresh) await admin(`create database ${dbName}`)
  const url = new URL(ADMIN_URL as string)
  url.pathname = `/${dbName}`
  const dbUrl = url.toString()
  const handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  let failed = false
  try {
    const seeding = Date.now()
    report(
      `Preparando ${formatCount(EMPLOYEES)} colaboradores y ${formatCount(EMPLOYEES)} entradas de auditoría…`,
    )
    if (fresh) await seed(handle.db)
    report(
      `  listo en ${((Date.now() - seeding) / 1000).toFixed(0)} s${fresh ? '' : ` (${dbName} ya existía)`}`,
    )
    const env = { DATABASE_URL: dbUrl, JWT_SECRET: secret, FILES_DIR: path.join(ROOT, '.data/bench-files') }
    // BENCH_API_NODE_ARGS: extra node flags for the API (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
    const apiArgs = process.env.BENCH_API_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []
    // As deployed (start:api, compose, Dockerfile): the built JavaScript, the same node flags.
    await buildServers()
    const apiProcess = start([...NODE_FLAGS.api, ...apiArgs, serverFile('api')], {
      ...env,
      API_PORT: String(API_PORT),
    })
    const bareProcess = start(['--import', 'tsx', 'scripts/bench/bare-list-server.ts'], {
      ...env,
      BARE_PORT: String(BARE_PORT),
    })
    // The web tier as deployed (Dockerfile, compose, the cluster): the built server with its
    // NODE_FLAGS serving the web app's build (made first when stale), in production mode.
    // Imported here: it loads the web tier's session module, which reads SESSION_SECRET once.
    process.env.SESSION_SECRET = sessionSecret
    const { ensureRemixBuild } = await import('../build-remix')
    ensureRemixBuild()
    // BENCH_WEB_NODE_ARGS: the same for the web tier.
    const webArgs = process.env.BENCH_WEB_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []
    const webEnv = {
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      // Production requires it (remix/server/config.ts); the API here is not in production.
      CLIENT_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      API_URL: `http://127.0.0.1:${API_PORT}`,
    }
    const webProcess = start([...NODE_FLAGS.web, ...webArgs, serverFile('web')], {
      ...webEnv,
      WEB_PORT: String(WEB_PORT),
    })
    // The bare page: the same web server (middleware, session, API client, document render) serving
    // a one-route app instead of the product's (REMIX_BUILD_DIR is read relative to remix/).
    buildBareRemix()
    const barePageProcess = start([...NODE_FLAGS.web, serverFile('web')], {
      ...webEnv,
      WEB_PORT: String(BARE_PAGE_PORT),
      REMIX_BUILD_DIR: path.relative(path.join(ROOT, 'remix'), path.join(BARE_REMIX, 'build')),
    })
    const api = `http://127.0.0.1:${API_PORT}/api/v1`
    const bare = `http://127.0.0.1:${BARE_PORT}`
    const web = `http://127.0.0.1:${WEB_PORT}`
    const barePage = `http://127.0.0.1:${BARE_PAGE_PORT}`
    await waitFor(`${api}/employees/list`)
    await waitFor(`${bare}/list`)
    await waitFor(`${web}/assets/no-existe`, 'GET')
    await waitFor(`${barePage}/assets/no-existe`, 'GET')
    const bench = { email: 'bench@planillas.pe', name: 'Bench', roles: [...DEMO_ROLES.admin] }
    const token = await signedInToken(handle.db, secret, bench)
    const auth = { authorization: `Bearer ${token}` }
    const webCookie = await sessionCookie(token)
    const [sample] = rowsOf<{ identifier: string; name: string; surname: string }>(
      await handle.db.execute(
        sql`select identifier, name, surname from employees where id = ${Math.floor(EMPLOYEES / 2)}`,
      ),
    )
    const cases: Case[] = [
      { name: 'primera página', path: '/employees/list', body: {}, bare: true, page: '' },
      {
        name: 'búsqueda amplia',
        path: '/employees/list',
        body: { search: 'quispe' },
        bare: true,
        page: '?search=quispe',
      },
      {
        name: 'búsqueda precisa',
        path: '/employees/list',
        body: { search: `${sample.name} ${sample.surname}` },
        bare: true,
        page: `?${new URLSearchParams({ search: `${sample.name} ${sample.surname}` })}`,
      },
      {
        name: 'prefijo de DNI',
        path: '/employees/list',
        body: { search: sample.identifier.slice(0, 5) },
        bare: true,
        page: `?search=${sample.identifier.slice(0, 5)}`,
      },
      {
        name: 'filtros',
        path: '/employees/list',
        body: { status: 2, areaIds: [1, 2] },
        bare: true,
        page: '?status=2&areaIds=1&areaIds=2',
      },
      {
        name: 'página profunda',
        path: '/employees/list',
        query: '?page=5000&size=10',
        body: {},
        bare: true,
        // The page URL is 1-based.
        page: '?page=5001&size=10',
      },
      // Sorted by a column header: a walk of employees_surname_es_sort_idx backwards, and one of
      // employees_area_status_names_idx per area under areas and a status; no base server (it
      // pages by id only).
      {
        name: 'orden por apellido',
        path: '/employees/list',
        query: '?sort=surname,desc',
        body: {},
        bare: false,
        page: '?sort=surname,desc',
      },
      {
        name: 'orden y filtros',
        path: '/employees/list',
        query: '?sort=name,asc',
        body: { status: 1, areaIds: [1, 2] },
        bare: false,
        page: '?sort=name,asc&status=1&areaIds=1&areaIds=2',
      },
      // The other filters under the sorts the screen's headers offer (name, status): a walk of the
      // sort's index filtered as it goes, or the page cut from up to 20,000 matches.
      {
        name: 'orden y empresa',
        path: '/employees/list',
        query: '?sort=name,asc',
        body: { companyId: 2 },
        bare: false,
        page: '?sort=name,asc&companyId=2',
      },
      {
        name: 'orden y cargo',
        path: '/employees/list',
        query: '?sort=name,desc',
        body: { roleIds: [7] },
        bare: false,
        page: '?sort=name,desc&roleIds=7',
      },
      {
        name: 'orden y búsqueda',
        path: '/employees/list',
        query: '?sort=name,asc',
        body: { search: 'quispe' },
        bare: false,
        page: '?sort=name,asc&search=quispe',
      },
      {
        name: 'orden por estado y áreas',
        path: '/employees/list',
        query: '?sort=status,desc',
        body: { areaIds: [3, 4] },
        bare: false,
        page: '?sort=status,desc&areaIds=3&areaIds=4',
      },
      { name: 'auditoría, búsqueda', path: '/audit-logs/list', body: { search: 'usuario7@' }, bare: false },
    ]
    if (ONLY) cases.splice(0, cases.length, ...cases.filter((c) => ONLY.some((w) => c.name.includes(w))))
    const row = (...cells: (string | number)[]) =>
      cells
        .map((c, i) =>
          String(c)
            .padStart(i === 0 ? 0 : 8)
            .padEnd(i === 0 ? 20 : 0),
        )
        .join(' ')
    /** Load for SECONDS after an unmeasured warm-up (JIT, caches, pool connections): the steady state. */
    const measure = async (server: ChildProcess, url: string, body: object | null, headers = {}) => {
      await load(url, body, 10, headers, WARMUP)
      const before = processCpuMs(server.pid) ?? Number.NaN
      const result = await load(url, body, 10, headers)
      return {
        result,
        cpuPerRequest:
          ((processCpuMs(server.pid) ?? Number.NaN) - before) / Math.max(1, result.requests.total),
      }
    }
    type Measured = Awaited<ReturnType<typeof measure>>
    /**
     * The best of ROUNDS runs of each server, their runs alternating: on two shared cores a burst
     * of work elsewhere (autovacuum, another process) lowers one run, not the comparison.
     */
    const bestOf = async (...servers: (() => Promise<Measured>)[]) => {
      const best: (Measured | undefined)[] = servers.map(() => undefined)
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, run] of servers.entries()) {
          const measured = await run()
          const kept = best[i]
          if (!kept || measured.result.requests.average > kept.result.requests.average) best[i] = measured
        }
      }
      return best as Measured[]
    }
    const apiRates = new Map<string, number>()
    report(
      `\n10 conexiones, ${SECONDS} s por caso, la mejor de ${ROUNDS} rondas alternadas (latencias en ms;`,
    )
    report(
      'CPU: ms de CPU del proceso servidor por respuesta, lo que menos depende de la carga de la máquina):',
    )
    report(
      row('caso', 'API req/s', 'p50', 'p95', 'p99', 'CPU', 'base req/s', 'p50', 'p95', 'CPU', 'relación'),
    )
    for (const c of cases) {
      const [{ result: a, cpuPerRequest: aCpu }, measured = null] = await bestOf(
        () => measure(apiProcess, `${api}${c.path}${c.query ?? ''}`, c.body, auth),
        ...(c.bare ? [() => measure(bareProcess, `${bare}/list${c.query ?? ''}`, c.body)] : []),
      )
      const b = measured?.result
      apiRates.set(c.name, a.requests.average)
      const ratio = b ? a.requests.average / b.requests.average : Number.NaN
      const bad = a.non2xx > 0 || a.p95 > TARGETS.p95Ms || (b !== undefined && ratio < TARGETS.ratio)
      failed ||= bad
      report(
        row(
          c.name,
          a.requests.average.toFixed(0),
          a.latency.p50,
          a.p95,
          a.latency.p99,
          aCpu.toFixed(2),
          b ? b.requests.average.toFixed(0) : '—',
          b ? b.latency.p50 : '—',
          b ? b.p95 : '—',
          measured ? measured.cpuPerRequest.toFixed(2) : '—',
          b ? ratio.toFixed(2) : '—',
        ) +
          (bad ? '  ✗' : '') +
          (a.non2xx ? ` (${a.non2xx} respuestas no 2xx)` : ''),
      )
    }
    // The web tier: the employees' list page (SSR, the list's API call plus the catalogues' version)
    // and the bare page (the same server and list call, a plain table: scripts/bench/bare-remix) for
    // the same query, alternating; the page must keep up with the bare page, the API is for reference.
    const webCases = cases.filter((c) => c.page !== undefined)
    if (PAGES_DIR) mkdirSync(PAGES_DIR, { recursive: true })
    const pageSizes: string[] = []
    if (webCases.length) {
      report(
        `\nCapa web (/colaboradores con sesión, 10 conexiones): la página del producto, la página base (una tabla sin kit) y sus relaciones; meta: web ≥ ${TARGETS.webRatio}× la base:`,
      )
      report(
        row(
          'caso',
          'web req/s',
          'p50',
          'p95',
          'p99',
          'CPU',
          'base req/s',
          'p95',
          'CPU',
          'web/base',
          'web/API',
        ),
      )
      for (const c of webCases) {
        // Both pages show the same employees (their codes, in the same order).
        const codes: string[] = []
        const sizes: number[] = []
        for (const server of [web, barePage]) {
          const probe = await fetch(`${server}/colaboradores${c.page}`, {
            headers: { cookie: webCookie },
            redirect: 'manual',
          })
          if (probe.status !== 200) {
            report(`  ${c.name}: ${server} respondió ${probe.status} ${probe.headers.get('location') ?? ''}`)
          }
          const html = await probe.text()
          codes.push([...new Set(html.match(/COL-\d+/g))].join(' '))
          sizes.push(Buffer.byteLength(html))
          // BENCH_PAGES_DIR: each page's document kept there (to compare a change's output).
          if (PAGES_DIR) {
            const file = `${server === web ? 'web' : 'base'}-${c.name.replaceAll(' ', '-')}.html`
            writeFileSync(path.join(PAGES_DIR, file), html)
          }
        }
        if (codes[0] !== codes[1]) {
          report(
            `  ${c.name}: las páginas muestran otras filas:\n    web:  ${codes[0]}\n    base: ${codes[1]}`,
          )
          failed = true
        }
        pageSizes.push(
          `${c.name}: web ${(sizes[0] / 1024).toFixed(1)} KB, base ${(sizes[1] / 1024).toFixed(1)} KB`,
        )
        const headers = { cookie: webCookie }
        const [{ result: w, cpuPerRequest }, { result: b, cpuPerRequest: bCpu }] = await bestOf(
          () => measure(webProcess, `${web}/colaboradores${c.page}`, null, headers),
          () => measure(barePageProcess, `${barePage}/colaboradores${c.page}`, null, headers),
        )
        const ratio = w.requests.average / b.requests.average
        const apiRatio = w.requests.average / (apiRates.get(c.name) ?? Number.NaN)
        const bad = w.non2xx > 0 || b.non2xx > 0 || !(ratio >= TARGETS.webRatio)
        failed ||= bad
        report(
          row(
            c.name,
            w.requests.average.toFixed(0),
            w.latency.p50,
            w.p95,
            w.latency.p99,
            cpuPerRequest.toFixed(2),
            b.requests.average.toFixed(0),
            b.p95,
            bCpu.toFixed(2),
            ratio.toFixed(2),
            apiRatio.toFixed(2),
          ) +
            (bad ? '  ✗' : '') +
            (w.non2xx || b.non2xx ? ` (${w.non2xx} + ${b.non2xx} respuestas no 2xx)` : ''),
        )
      }
    }
    if (pageSizes.length) report(`Documentos (sin comprimir): ${pageSizes.join('; ')}`)
    if (webCases.length)
      report(
        `Memoria de los procesos web tras sus casos: la página ${memoryOf(webProcess)}; la página base ${memoryOf(barePageProcess)}`,
      )
    if (webCases.length && PROXY) {
      // As deployed on several copies (scripts/cluster.ts): nginx in front of two web processes, the
      // first one above and another like it; no target, the figure is pages per second per core.
      start([...NODE_FLAGS.web, ...webArgs, serverFile('web')], {
        ...webEnv,
        WEB_PORT: String(SECOND_WEB_PORT),
      })
      const dir = mkdtempSync(path.join(tmpdir(), 'planillas-benchlist-nginx-'))
      for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub))
      writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, PROXY_PORT, [WEB_PORT, SECOND_WEB_PORT]))
      children.push(
        spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
          stdio: ['ignore', 'inherit', 'inherit'],
        }),
      )
      const proxy = `http://127.0.0.1:${PROXY_PORT}`
      await waitFor(`http://127.0.0.1:${SECOND_WEB_PORT}/assets/no-existe`, 'GET')
      await waitFor(`${proxy}/assets/no-existe`, 'GET')
      const cores = availableParallelism()
      report(
        `\nnginx y dos procesos web (${proxy}/colaboradores, ${PROXY_CONNECTIONS} conexiones, ${cores} núcleos en la máquina, la mejor de ${ROUNDS} rondas):`,
      )
      report(row('caso', 'req/s', 'p50', 'p95', 'p99', 'por núcleo'))
      for (const c of webCases) {
        let best: Awaited<ReturnType<typeof load>> | undefined
        for (let round = 0; round < ROUNDS; round++) {
          const url = `${proxy}/colaboradores${c.page}`
          await load(url, null, PROXY_CONNECTIONS, { cookie: webCookie }, WARMUP)
          const result = await load(url, null, PROXY_CONNECTIONS, { cookie: webCookie })
          if (!best || result.requests.average > best.requests.average) best = result
        }
        if (!best) continue
        const bad = best.non2xx > 0
        failed ||= bad
        report(
          row(
            c.name,
            best.requests.average.toFixed(0),
            best.latency.p50,
            best.p95,
            best.latency.p99,
            (best.requests.average / cores).toFixed(0),
          ) + (bad ? `  ✗ (${best.non2xx} respuestas no 2xx)` : ''),
        )
      }
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    }
    report(`\n50 conexiones en la API (no debe haber tiempos agotados):`)
    for (const c of cases) {
      const a = await load(`${api}${c.path}${c.query ?? ''}`, c.body, 50, auth)
      const bad = a.timeouts > 0 || a.non2xx > 0
      failed ||= bad
      report(
        `  ${c.name.padEnd(20)} ${a.requests.average.toFixed(0).padStart(6)} req/s, p99 ${a.latency.p99} ms, ${a.timeouts} tiempos agotados, ${a.non2xx} no 2xx${bad ? '  ✗' : ''}`,
      )
    }
    report(
      `\nMetas: p95 ≤ ${TARGETS.p95Ms} ms y ≥ ${TARGETS.ratio}× el servidor base con 10 conexiones; la página web ≥ ${TARGETS.webRatio}× la página base; sin tiempos agotados con 50.`,
    )
    judgeTargets('bench:list', failed ? ['las marcadas con ✗'] : [])
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await Promise.all(
      children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
      ),
    )
    await handle.close()
    if (!KEEP) await admin(`drop database if exists ${dbName} with (force)`)
  }
}

await main()
