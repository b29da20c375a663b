import { openDatabase } from '@planillas/db'
import { buildApp } from './app'
import { persistentJwtSecret } from './auth/secret'
import { loadConfig } from './config'

const config = loadConfig({ jwtSecret: persistentJwtSecret() })
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir })
const app = await buildApp({ db: handle.db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } })
await app.listen({ port: config.port, host: config.host })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close()
    await handle.close()
    process.exit(0)
  })
}
