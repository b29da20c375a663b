import { buildApp } from '@planillas/api/app'
import { type ApiConfig, loadConfig } from '@planillas/api/config'
import type { DatabaseHandle } from '@planillas/db'
import { type DevIdp, startDevIdp } from '@planillas/dev-idp'
import { startWebServer } from '@planillas/remix/server/web-server'
import type { FastifyServerOptions } from 'fastify'
import { startJobs } from './jobs'

export type SystemOptions = {
  handle: DatabaseHandle
  ports: { web: number; api: number; idp: number }
  host?: string
  /** Start the development identity provider (no OIDC_ISSUER elsewhere). */
  devIdp: boolean
  /** Overrides of the API configuration (the JWT secret, for one). */
  api?: Partial<ApiConfig>
  logger?: FastifyServerOptions['logger']
}

export type RunningSystem = { webUrl: string; apiUrl: string; issuer: string; close: () => Promise<void> }

/** Whether OIDC_ISSUER is unset or names the development provider's own address. */
export function wantsDevIdp(idpPort: number, issuer = process.env.OIDC_ISSUER): boolean {
  if (!issuer) return true
  return [`http://localhost:${idpPort}`, `http://127.0.0.1:${idpPort}`].includes(issuer.replace(/\/$/, ''))
}

/**
 * The whole product in one process: the development identity provider, the API and the web tier,
 * on one database (the embedded default of docs/architecture.md, and the end-to-end tests).
 */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { ports, host = '127.0.0.1' } = options
  const webUrl = process.env.WEB_URL ?? `http://localhost:${ports.web}`
  const apiUrl = `http://127.0.0.1:${ports.api}`
  // The Remix server code and the API read these; set them before either loads.
  process.env.WEB_URL = webUrl
  process.env.IDP_PORT = String(ports.idp)
  if (options.devIdp) process.env.OIDC_ISSUER = `http://localhost:${ports.idp}`

  const closers: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined)
  }
  try {
    let idp: DevIdp | undefined
    if (options.devIdp) {
      idp = await startDevIdp({ port: ports.idp, host, webUrls: [webUrl] })
      closers.push(idp.close)
    }
    const config = loadConfig({ port: ports.api, host, ...options.api })
    // The API app is built here: in-process job queues and other wiring go right after this line.
    const jobs = await startJobs(options.handle, config)
    closers.push(jobs.close)
    const api = await buildApp({
      db: options.handle.db,
      config,
      logger: options.logger ?? false,
      jobs: jobs.queue,
    })
    await api.listen({ port: ports.api, host })
    closers.push(() => api.close())

    const web = await startWebServer({ port: ports.web, host, apiUrl })
    closers.push(web.close)
    return { webUrl, apiUrl, issuer: idp?.issuer ?? config.oidc.issuer, close }
  } catch (error) {
    await close()
    throw error
  }
}
