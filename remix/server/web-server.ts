import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { createApiPool } from '../app/api-pool.server'
import { handOverWebConfig } from '../app/config.server'
import { compression } from './compression'
import { loadWebConfig, type WebConfig } from './config'
import { webOriginCheck } from './origin-check'
import { remixHandler } from './remix-handler'
import { lastErrorHandler, requestGuard } from './request-guard'
import { withRouteFailures } from './route-errors'
import { createTimedServer, cspNonceOf, noStore, securityHeaders } from './security'
import { tokenRefresh } from './token-refresh'

export const REMIX_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The web build served: `remix/build`, or `REMIX_BUILD_DIR` under `remix/` (the end-to-end tests' own). */
export const remixBuildOf = (dir = 'build') => path.join(REMIX_DIR, dir)

/**
 * Where to listen and the API's address; `config` is the web tier's configuration read at start
 * (unset: read here from the environment, through the same schema).
 */
export type WebServerOptions = { port: number; apiUrl: string; host?: string; config?: WebConfig }
export type WebServer = { url: string; close: () => Promise<void> }

const HOP_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'keep-alive',
  'transfer-encoding',
])

/** Passes /api/docs (OpenAPI UI and document) through to the API, one click from the app. */
function apiDocsProxy(apiUrls: string[]) {
  const api = createApiPool(apiUrls)
  return async (req: express.Request, res: express.Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).end()
    try {
      const upstream = await api.run(req.method, (baseUrl) =>
        fetch(new URL(req.originalUrl, baseUrl), {
          method: req.method,
          headers: { accept: req.headers.accept ?? '*/*' },
          redirect: 'manual',
        }),
      )
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
  // Read before the app loads: in production a weak SESSION_SECRET stops the start here.
  // The API address(es) the launcher gives win over the environment's, for the pool as for the rest.
  const apiUrls = options.apiUrl
    .split(',')
    .map((one) => one.trim().replace(/\/+$/, ''))
    .filter(Boolean)
  const config = { ...(options.config ?? loadWebConfig()), apiUrl: apiUrls.join(','), apiUrls }
  // The Remix server code (session, OIDC, API client) takes this same object when it loads.
  handOverWebConfig(config)
  const REMIX_BUILD = remixBuildOf(config.REMIX_BUILD_DIR)
  const build = withRouteFailures(
    (await import(pathToFileURL(path.join(REMIX_BUILD, 'server/index.js')).href)) as ServerBuild,
  )
  const app = express()
  app.disable('x-powered-by')
  // Behind a reverse proxy the browser's address is in X-Forwarded-For; believed only from the
  // proxies TRUST_PROXY names (express's 'loopback', 'uniquelocal', addresses or subnets).
  if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY)
  app.use(securityHeaders(config))
  app.use(requestGuard())
  app.use(compression())
  app.use(
    '/assets',
    express.static(path.join(REMIX_BUILD, 'client/assets'), { immutable: true, maxAge: '1y' }),
  )
  // A missing asset (an older build's file name) is a plain 404, not a page.
  app.use('/assets', (_req, res) => res.status(404).end())
  // Public files (favicon.ico) all have an extension and pages never do: a page does not stat
  // the disk before Remix renders it (a stat per page was 4 % of a list page's CPU).
  const publicFiles = express.static(path.join(REMIX_BUILD, 'client'), { maxAge: '1h' })
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  app.use(noStore)
  app.use('/api/docs', apiDocsProxy(apiUrls))
  app.use(webOriginCheck(config.WEB_URL))
  app.use(tokenRefresh(config.apiUrl, config.CLIENT_ADDRESS_SECRET))
  app.all(
    '*',
    remixHandler(build, config.NODE_ENV ?? 'production', (res) => ({ cspNonce: cspNonceOf(res) })),
  )
  app.use(lastErrorHandler())

  const server = await new Promise<Server>((resolve, reject) => {
    const s = createTimedServer(app, config.REQUEST_TIMEOUT_SECONDS * 1000)
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
