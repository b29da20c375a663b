import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '@planillas/api/app'
import { loadConfig } from '@planillas/api/config'
import { seedDemo } from '@planillas/db/seed'
import { DEMO_ROLES } from '@planillas/domain'
import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import { sql } from 'drizzle-orm'
import { ROOT } from '../project-files'
import { processCpuMs } from './proc'

/**
 * What a list page costs the web tier, quietly enough to run beside other work (not a bench: one
 * request at a time, no load; no npm script): a test database with the demo data and the catalogues
 * of `bench:list` (12 areas, 40 positions), the API in this process, the web tier in a process of
 * its own as `npm run start:web` runs it (production build), a signed-in administrator. For each
 * page it prints the document's uncompressed size and the web process's CPU per page over
 * PAGE_COST_REQUESTS (200) sequential requests after 20 of warm-up, read from /proc.
 * PAGE_COST_COMPARE=<build dir under remix/> serves another build (an earlier commit's, say) in a
 * second web process, measured in alternation with the current one, PAGE_COST_ROUNDS (2) times,
 * the lower CPU of each counting. PAGE_COST_DUMP=<dir> keeps each page's document;
 * PAGE_COST_PROFILE=<dir> writes each web process's CPU profile there (node's --cpu-prof).
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/page-cost.ts [/colaboradores …]`.
 */
const REQUESTS = Number(process.env.PAGE_COST_REQUESTS ?? 200)
const ROUNDS = Number(process.env.PAGE_COST_ROUNDS ?? 2)
const API_PORT = Number(process.env.PAGE_COST_PORT ?? 5090)
const COMPARE = process.env.PAGE_COST_COMPARE
const DUMP = process.env.PAGE_COST_DUMP
const PROFILE = process.env.PAGE_COST_PROFILE
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/colaboradores', '/contratos', '/reclutamiento/postulantes', '/pagos', '/auditoria']

const secret = randomBytes(32).toString('hex')
const sessionSecret = randomBytes(32).toString('hex')
process.env.SESSION_SECRET = sessionSecret

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No responde: ${url}`)
}

type Web = { name: string; base: string; process: ChildProcess }

function startWeb(name: string, port: number, buildDir?: string): Web {
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/start-web.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      CLIENT_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      API_URL: `http://127.0.0.1:${API_PORT}`,
      WEB_PORT: String(port),
      LOG_LEVEL: 'warn',
      ...(buildDir ? { REMIX_BUILD_DIR: buildDir } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return { name, base: `http://127.0.0.1:${port}`, process: child }
}

const handle = await openTestDatabase()
const webs: Web[] = []
let api: Awaited<ReturnType<typeof buildApp>> | undefined
try {
  await seedDemo(handle.db)
  await handle.db.execute(sql`
    insert into areas (description) select 'Área ' || n from generate_series(1, 12 - (select count(*) from areas)) n;
    insert into positions (description) select 'Cargo ' || n from generate_series(1, 40 - (select count(*) from positions)) n`)
  api = await buildApp({
    db: handle.db,
    config: loadConfig({ port: API_PORT, jwtSecret: secret }),
    logger: false,
  })
  await api.listen({ port: API_PORT, host: '127.0.0.1' })
  const { ensureRemixBuild } = await import('../build-remix')
  ensureRemixBuild()
  webs.push(startWeb('actual', API_PORT + 1))
  if (COMPARE) webs.push(startWeb(COMPARE, API_PORT + 2, COMPARE))
  for (const web of webs) await waitFor(`${web.base}/assets/no-existe`)
  const token = await signedInToken(handle.db, secret, {
    email: 'costo@planillas.pe',
    name: 'Costo',
    roles: [...DEMO_ROLES.admin],
  })
  const { sessionStorage, storeTokens } = await import('../../remix/app/session.server')
  const session = await sessionStorage.getSession()
  storeTokens(session, { accessToken: token, refreshToken: 'sin-uso' })
  const cookie = (await sessionStorage.commitSession(session)).split(';')[0]
  const get = async (web: Web, page: string) => {
    const response = await fetch(`${web.base}${page}`, { headers: { cookie, 'accept-encoding': 'identity' } })
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${web.name} ${page}: ${response.status}`)
    return body
  }
  console.log(`web\tpágina\tbytes\tCPU ms/página (${REQUESTS} seguidas, la menor de ${ROUNDS})\tcarga`)
  for (const page of PAGES) {
    const best = new Map<Web, number>()
    for (let round = 0; round < ROUNDS; round++)
      for (const web of webs) {
        for (let i = 0; i < 20; i++) await get(web, page)
        const pid = web.process.pid ?? 0
        const before = processCpuMs(pid) ?? Number.NaN
        for (let i = 0; i < REQUESTS; i++) await get(web, page)
        const perPage = ((processCpuMs(pid) ?? Number.NaN) - before) / REQUESTS
        best.set(web, Math.min(best.get(web) ?? Number.POSITIVE_INFINITY, perPage))
      }
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    for (const web of webs) {
      const body = await get(web, page)
      if (DUMP) writeFileSync(path.join(DUMP, `${web.name}${page.replaceAll('/', '_')}.html`), body)
      console.log(`${web.name}\t${page}\t${Buffer.byteLength(body)}\t${best.get(web)?.toFixed(2)}\t${load}`)
    }
  }
} finally {
  for (const web of webs) web.process.kill()
  await api?.close()
  await handle.close()
}
