import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { compression } from './compression'
import { loadWebConfig } from './config'
import { webOriginCheck } from './origin-check'
import { remixHandler } from './remix-handler'
import { lastErrorHandler, requestGuard } from './request-guard'
import { withRouteFailures } from './route-errors'
import { createTimedServer, cspNonceOf, securityHeaders } from './security'
import { tokenRefresh } from './token-refresh'

export const REMIX_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The web build served: `remix/build`, or `REMIX_BUILD_DIR` under `remix/` (the end-to-end tests' own). */
export const REMIX_BUILD = path.join(REMIX_DIR, process.env.REMIX_BUILD_DIR ?? 'build')

export type WebServerOptions = { port: number; apiUrl: string; host?: string }
export type WebServer = { url: string; close: () => Promise<void> }

const HOP_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'keep-alive',
  'transfer-encoding',
])

/** Passes /api/docs (OpenAPI UI and document) through to the API, one click from the app. */
function apiDocsProxy(apiUrl: string) {
  return async (req: express.Request, res: express.Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).end()
    try {
      const upstream = await fetch(new URL(req.originalUrl, apiUrl), {
        method: req.method,
        headers: { accept: req.headers.accept ?? '*/*' },
        redirect: 'manual',
      })
      res.status(upstream.status)
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) res.setHeader(name, value)
      })
      if (!upstream.body) return res.end()
      Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).pipe(res)
    } catch {
      res.status(502).type('text/plain').send('La API no está disponible en este momento.')
    }
  }
}

/**
 * The web tier: the built Remix app on express, its static files, the API docs proxy and the
 * token refresh middleware. Needs `npm run build` first (the launchers' scripts/build-remix.ts does it when stale).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  // Checked before the app loads: in production a weak SESSION_SECRET stops the start here.
  loadWebConfig()
  // The Remix server code reads the API's address from the environment when it loads.
  process.env.API_URL = options.apiUrl
  const build = withRouteFailures(
    (await import(pathToFileURL(path.join(REMIX_BUILD, 'server/index.js')).href)) as ServerBuild,
  )
  const app = express()
  app.disable('x-powered-by')
  app.use(securityHeaders())
  app.use(requestGuard())
  app.use(compression())
  app.use(
    '/assets',
    express.static(path.join(REMIX_BUILD, 'client/assets'), { immutable: true, maxAge: '1y' }),
  )
  // A missing asset (an older build's file name) is a plain 404, not a page.
  app.use('/assets', (_req, res) => res.status(404).end())
  // Public files (favicon.ico) all have an extension and pages never do: a page does not stat
  // the disk before Remix renders it (a stat per page was 4 % of a list page's CPU, issue 12).
  const publicFiles = express.static(path.join(REMIX_BUILD, 'client'), { maxAge: '1h' })
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  app.use('/api/docs', apiDocsProxy(options.apiUrl))
  app.use(webOriginCheck())
  app.use(tokenRefresh(options.apiUrl))
  app.all(
    '*',
    remixHandler(build, process.env.NODE_ENV ?? 'production', (res) => ({ cspNonce: cspNonceOf(res) })),
  )
  app.use(lastErrorHandler())

  const server = await new Promise<Server>((resolve, reject) => {
    const s = createTimedServer(app)
    s.once('error', reject).listen(options.port, options.host ?? '127.0.0.1', () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
