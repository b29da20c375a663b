import type { AddressInfo } from 'node:net'
import express from 'express'
import { refuseProduction } from './config'
import { interactionRoutes } from './interactions'
import { createDevProvider } from './provider'
import type { LoginThrottleOptions } from './throttle'

export { DEMO_ACCOUNTS } from './accounts'

export type DevIdpOptions = {
  /** 0 picks a free port (tests). */
  port: number
  /** Base URLs of the web tier allowed to receive the sign-in (`<url>/login/callback`). */
  webUrls: string[]
  host?: string
  /** Defaults to `http://localhost:<port>`. */
  issuer?: string
  clientId?: string
  clientSecret?: string
  /** Wrong passwords allowed per address and window; default from DEV_IDP_LOGIN_* (throttle.ts). */
  loginThrottle?: LoginThrottleOptions
}

export type DevIdp = { issuer: string; port: number; close: () => Promise<void> }

/**
 * The development OpenID Connect provider (oidc-provider) with the five demo users. Its keys,
 * sessions and codes live in memory: a restart signs everyone out of the provider (not of the app).
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  refuseProduction()
  const app = express()
  app.disable('x-powered-by')
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(options.port, options.host ?? '127.0.0.1', () => resolve(s)).once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const issuer = options.issuer ?? `http://localhost:${port}`
  const provider = await createDevProvider({
    issuer,
    clientId: options.clientId ?? process.env.OIDC_CLIENT_ID ?? 'planillas-web',
    clientSecret: options.clientSecret ?? process.env.OIDC_CLIENT_SECRET ?? 'planillas-dev-secret',
    webUrls: options.webUrls,
  })
  // Behind a proxy (docker) the public scheme and host come from X-Forwarded-* headers.
  provider.proxy = true
  app.use('/interaction', interactionRoutes(provider, options.loginThrottle))
  app.use(provider.callback())
  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The web tier's URLs from the environment: WEB_URL, or a comma-separated DEV_IDP_WEB_URLS. */
export function webUrlsFromEnv(env = process.env): string[] {
  const list = env.DEV_IDP_WEB_URLS?.split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  if (list?.length) return list
  const webUrl = env.WEB_URL ?? `http://localhost:${env.WEB_PORT ?? 3000}`
  return [webUrl]
}
