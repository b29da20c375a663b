import { rmSync } from 'node:fs'
import path from 'node:path'
import { type DatabaseHandle, openDatabase } from '@planillas/db'
import { seedDemo } from '@planillas/db/seed'
import { openTestDatabase } from '@planillas/db/testing'
import { startSystem } from './system'

/**
 * The system the end-to-end tests run against (started by playwright.config.ts): a fresh database
 * with the demo data (a new PostgreSQL database when DATABASE_URL is set, else a new PGlite
 * directory under .data/), the development identity provider, the API and the web tier on
 * E2E_PORT_BASE (default 4000), +1 and +2. Everything it created is removed when it stops.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000)
const ports = { web: base, api: base + 1, idp: base + 2 }
process.env.WEB_URL = `http://localhost:${ports.web}`
delete process.env.OIDC_INTERNAL_URL
delete process.env.OIDC_REDIRECT_URI

let handle: DatabaseHandle
let cleanup = () => {}
if (process.env.DATABASE_URL) {
  handle = await openTestDatabase()
} else {
  const dir = path.resolve('.data', `e2e-${process.pid}-${Date.now()}`)
  handle = await openDatabase({ dataDir: dir })
  cleanup = () => rmSync(dir, { recursive: true, force: true })
}
console.log(await seedDemo(handle.db))

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
    cleanup()
    process.exit(0)
  })
}
