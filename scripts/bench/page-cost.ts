import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '@planillas/api/app'
import { loadConfig } from '@planillas/api/config'
import { seedDemo } from '@planillas/db/seed'
import { DEMO_ROLES } from '@planillas/domain'
import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import { sql } from 'drizzle-orm'

/**
 * What a list page costs the web tier, quietly enough to run beside other work (not a bench: one
 * request at a time, no load): a test database with the demo data and the catalogues of
 * `bench:list` (12 areas, 40 positions), the API in this process, the web tier in a process of its
 * own as `npm run start:web` runs it (production build), a signed-in administrator. For each page it
 * prints the document's uncompressed size and the web process's CPU per page over
 * PAGE_COST_REQUESTS (200) sequential requests after 20 of warm-up, read from /proc.
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/page-cost.ts [/colaboradores …]`.
 */
const REQUESTS = Number(process.env.PAGE_COST_REQUESTS ?? 200)
const API_PORT = Number(process.env.PAGE_COST_PORT ?? 5090)
const WEB_PORT = API_PORT + 1
const ROOT = path.resolve(import.meta.dirname, '../..')
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/colaboradores', '/contratos', '/reclutamiento/postulantes', '/pagos', '/auditoria']

const secret = randomBytes(32).toString('hex')
const sessionSecret = randomBytes(32).toString('hex')
process.env.SESSION_SECRET = sessionSecret

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No responde: ${url}`)
}

const handle = await openTestDatabase()
const web = { pid: 0, kill: () => undefined as unknown }
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-web.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      CLIENT_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      API_URL: `http://127.0.0.1:${API_PORT}`,
      WEB_PORT: String(WEB_PORT),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  web.pid = child.pid ?? 0
  web.kill = () => child.kill()
  const base = `http://127.0.0.1:${WEB_PORT}`
  await waitFor(`${base}/assets/no-existe`)
  const token = await signedInToken(handle.db, secret, {
    email: 'costo@planillas.pe',
    name: 'Costo',
    roles: [...DEMO_ROLES.admin],
  })
  const { sessionStorage, storeTokens } = await import('../../remix/app/session.server')
  const session = await sessionStorage.getSession()
  storeTokens(session, { accessToken: token, refreshToken: 'sin-uso' })
  const cookie = (await sessionStorage.commitSession(session)).split(';')[0]
  const get = async (page: string) => {
    const response = await fetch(`${base}${page}`, { headers: { cookie, 'accept-encoding': 'identity' } })
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`)
    return body.length === 0 ? 0 : Buffer.byteLength(body)
  }
  if (process.env.PAGE_COST_DUMP)
    for (const page of PAGES)
      (await import('node:fs')).writeFileSync(
        `${process.env.PAGE_COST_DUMP}/${page.replaceAll('/', '_')}.html`,
        await fetch(`${base}${page}`, { headers: { cookie } }).then((r) => r.text()),
      )
  console.log(`página\tbytes\tCPU ms/página (${REQUESTS} seguidas)\tcarga`)
  for (const page of PAGES) {
    for (let i = 0; i < 20; i++) await get(page)
    const before = cpuMs(web.pid)
    let bytes = 0
    for (let i = 0; i < REQUESTS; i++) bytes = await get(page)
    const perPage = (cpuMs(web.pid) - before) / REQUESTS
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    console.log(`${page}\t${bytes}\t${perPage.toFixed(2)}\t${load}`)
  }
} finally {
  web.kill()
  await api?.close()
  await handle.close()
}
