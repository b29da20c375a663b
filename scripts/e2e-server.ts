import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { type DatabaseHandle, openDatabase } from '@planillas/db'
import { seedDemo } from '@planillas/db/seed'
import { createStorage } from '@planillas/storage'
import { insertBoletaPayroll } from '@planillas/testing/boleta-fixtures'
import { openTestDatabase } from '@planillas/testing/database'
import { startTestSmtp } from '@planillas/testing/smtp-server'
import { startSystem } from './system'

/**
 * The system the end-to-end tests run against (started by playwright.config.ts): a fresh database
 * with the demo data (a new PostgreSQL database when DATABASE_URL is set, else a new PGlite
 * directory under .data/e2e-*), the development identity provider, the API and the web tier on
 * E2E_PORT_BASE (default 4000), +1 and +2 (+3 is left to the specs' fake DNI provider), and the
 * tests' SMTP server on +4. Everything it created is removed when it stops.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000)
const ports = { web: base, api: base + 1, idp: base + 2 }
process.env.WEB_URL = `http://localhost:${ports.web}`
delete process.env.OIDC_INTERNAL_URL
// Port base + 3 is where specs serve their stand-in for the external DNI provider (colaboradores).
process.env.DNI_LOOKUP_URL = `http://127.0.0.1:${base + 3}/dni`
delete process.env.DNI_LOOKUP_TOKEN
delete process.env.OIDC_REDIRECT_URI
// A queue of its own (with REDIS_URL): job ids follow batch ids, which a fresh database starts at 1
// again, and a Redis that kept an earlier run's completed jobs would take the new ones as duplicates.
process.env.QUEUE_PREFIX = `e2e-${process.pid}-${Date.now()}`

// Everything this run writes (PGlite data, uploaded files) lives in one folder removed at the end.
const runDir = path.resolve('.data', `e2e-${process.pid}-${Date.now()}`)
mkdirSync(runDir, { recursive: true })
removeAbandonedRuns()
process.env.FILES_DIR = path.join(runDir, 'files')
const handle: DatabaseHandle = process.env.DATABASE_URL
  ? await openTestDatabase()
  : await openDatabase({ dataDir: path.join(runDir, 'pglite') })
const cleanup = () => rmSync(runDir, { recursive: true, force: true })
const seeded = await seedDemo(handle.db, createStorage())
if (seeded) console.log(seeded)
// The boletas' e-mails go to the tests' SMTP server (port base + 4), which stores each message in
// .data/e2e-smtp-<base>/ for e2e/boletas.spec.ts to read; one payroll with concepts per project.
const smtpDir = path.resolve('.data', `e2e-smtp-${base}`)
rmSync(smtpDir, { recursive: true, force: true })
const smtp = await startTestSmtp({ port: base + 4, dir: smtpDir })
process.env.SMTP_URL = smtp.url
process.env.SMTP_FROM = 'Recursos Humanos <rrhh@planillas.pe>'
for (const [i, code] of ['PL-BOLETAS-JS', 'PL-BOLETAS-NOJS'].entries())
  await insertBoletaPayroll(handle.db, { code, workers: 3, from: 900_000 + i * 100 })

const system = await startSystem({
  handle,
  ports,
  devIdp: true,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
})
console.log(`Sistema de pruebas listo en ${system.webUrl}`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return
    stopping = true
    await system.close()
    await handle.close()
    await smtp.stop()
    rmSync(smtpDir, { recursive: true, force: true })
    cleanup()
    process.exit(0)
  })
}

/** Folders of earlier runs whose process is gone (killed before it could clean up). */
function removeAbandonedRuns() {
  for (const name of readdirSync(path.resolve('.data'), { withFileTypes: true })) {
    const pid = Number(/^e2e-(\d+)-\d+$/.exec(name.name)?.[1])
    if (!name.isDirectory() || !pid || isAlive(pid)) continue
    rmSync(path.resolve('.data', name.name), { recursive: true, force: true })
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
