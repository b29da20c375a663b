import { persistentJwtSecret } from '@planillas/api/auth/secret'
import { openDatabase } from '@planillas/db'
import { DEMO_USERS, seedDemo } from '@planillas/db/seed'
import { createStorage } from '@planillas/storage'
import { ensureRemixBuild } from './build-remix'
import { ensurePgliteParent, ensureSessionSecret } from './local-data'
import { startSystem, wantsDevIdp } from './system'

/**
 * `npm start`: the embedded default (DESIGN §2). Builds the web when needed, opens the database
 * (DATABASE_URL, else PGlite in .data/pglite), migrates, loads the demo data and runs the identity
 * provider, the API and the web tier in this one process.
 */
const env = process.env
const ports = {
  web: Number(env.WEB_PORT ?? 3000),
  api: Number(env.API_PORT ?? 3001),
  idp: Number(env.IDP_PORT ?? 3002),
}

ensureRemixBuild()
// A fresh clone has no .data: create what PGlite and the secrets need before anything opens them.
if (!env.DATABASE_URL) ensurePgliteParent(env.PGLITE_DIR)
const jwtSecret = persistentJwtSecret()
if (env.NODE_ENV !== 'production') ensureSessionSecret(env)
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR })
const where =
  handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${env.PGLITE_DIR ?? '.data/pglite'}`
console.log(`Base de datos: ${where}; migraciones al día.`)
console.log(await seedDemo(handle.db, createStorage()))

const devIdp = wantsDevIdp(ports.idp)
const system = await startSystem({
  handle,
  ports,
  host: env.HOST,
  devIdp,
  api: { jwtSecret },
  logger: { level: env.LOG_LEVEL ?? 'warn' },
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
