import { configOrExit } from '@planillas/domain/env'
import { loadWebConfig } from './config'
import { startWebServer } from './web-server'

/**
 * The web tier's own process (the `web` role of the image; `npm run start:web` through
 * scripts/start-web.ts): the built Remix app at WEB_PORT, talking to the API at API_URL.
 * In production SESSION_SECRET is mandatory, long and not a public one (config.ts).
 */
const config = configOrExit(() => loadWebConfig())
const { apiUrl } = config
const web = await startWebServer({ port: config.WEB_PORT, apiUrl, host: config.host, config })
console.log(`Web en ${config.WEB_URL ?? web.url} (API en ${apiUrl})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await web.close()
    process.exit(0)
  })
}
