import { startWebServer } from './web-server'

/**
 * The web tier's own process (the `web` role of the image; `npm run start:web` through
 * scripts/start-web.ts): the built Remix app at WEB_PORT, talking to the API at API_URL.
 * In production SESSION_SECRET is mandatory (every web process must share it).
 */
const port = Number(process.env.WEB_PORT ?? 3000)
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`
const web = await startWebServer({ port, apiUrl, host: process.env.WEB_HOST ?? process.env.HOST })
console.log(`Web en ${process.env.WEB_URL ?? web.url} (API en ${apiUrl})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await web.close()
    process.exit(0)
  })
}
