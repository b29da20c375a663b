import { persistentClientAddressSecret, persistentJwtSecret } from '@planillas/api/auth/secret'
import { loadConfig } from '@planillas/api/config'
import { openDatabase } from '@planillas/db'
import { DEMO_USERS, seedDemo } from '@planillas/db/seed'
import { configOrExit } from '@planillas/domain/env'
import { loadWebConfig } from '@planillas/remix/server/config'
import { createStorage } from '@planillas/storage'
import { ensureRemixBuild } from './build-remix'
import { loadStartConfig } from './config'
import { ensurePgliteParent, ensureSessionSecret } from './local-data'
import { startSystem, wantsDevIdp } from './system'

/**
 * `npm start`: the embedded default (docs/architecture.md). Builds the web when needed, opens the database
 * (DATABASE_URL, else PGlite in .data/pglite), migrates, loads the demo data and runs the identity
 * provider, the API and the web tier in this one process.
 */
const env = process.env
// The environment is read once, here, for the launcher and the API it runs (the web tier checks
// its own as it starts, after the session secret below): a bad value ends the start in Spanish.
const config = configOrExit(() => {
  loadConfig()
  return loadStartConfig()
})
const ports = { web: config.WEB_PORT, api: config.API_PORT, idp: config.IDP_PORT }

ensureRemixBuild()
// A fresh clone has no .data: create what PGlite and the secrets need before anything opens them.
if (!config.DATABASE_URL) ensurePgliteParent(config.PGLITE_DIR)
const jwtSecret = persistentJwtSecret()
const clientAddressSecret = persistentClientAddressSecret()
if (config.NODE_ENV !== 'production') ensureSessionSecret(env)
configOrExit(() => loadWebConfig())
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DIR })
const where =
  handle.kind === 'postgres'
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite en ${config.PGLITE_DIR ?? '.data/pglite'}`
console.log(`Base de datos: ${where}; migraciones al día.`)
const seeded = await seedDemo(handle.db, createStorage())
if (seeded) console.log(seeded)

const devIdp = wantsDevIdp(ports.idp)
const system = await startSystem({
  handle,
  ports,
  host: config.HOST,
  devIdp,
  api: { jwtSecret, clientAddressSecret },
  logger: { level: config.LOG_LEVEL },
}).catch(async (error) => {
  await handle.close()
  throw error
})

console.log(`
Planillas está listo: ${system.webUrl}
  API:                    ${system.apiUrl}/api/v1 (documentación en ${system.webUrl}/api/docs)
  Proveedor de identidad: ${system.issuer}${devIdp ? ' (desarrollo)' : ''}
`)
if (devIdp) {
  console.log('Usuarios de demostración:')
  for (const u of DEMO_USERS)
    console.log(`  ${u.email.padEnd(24)} contraseña: ${u.password.padEnd(8)} ${u.name}`)
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return
    stopping = true
    console.log('\nDeteniendo…')
    await system.close()
    await handle.close()
    process.exit(0)
  })
}
