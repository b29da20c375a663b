import { randomBytes } from 'node:crypto'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import { answerClientError } from './request-guard'

/** The request's CSP nonce: the Remix document marks its inline hydration scripts with it. */
export const cspNonceOf = (res: Response): string => res.locals.cspNonce as string

/**
 * Security headers of the web tier (helmet): no framing, nosniff, a same-origin referrer and a
 * Content-Security-Policy whose scripts are our own files plus the inline scripts Remix writes for
 * hydration, which carry a fresh nonce per request (remix/app/entry.server.tsx, root.tsx). Styles
 * allow inline attributes (React's `style`, the rich-text editor's sanitized HTML). Forms may post
 * to the identity provider too: Chrome applies form-action to the redirect after the sign-in form.
 * The API docs proxy passes the API's own policy through.
 */
export function securityHeaders(env: { WEB_URL?: string; OIDC_ISSUER?: string }) {
  const https = (env.WEB_URL ?? '').startsWith('https:')
  const provider = () => {
    try {
      return env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : []
    } catch {
      return []
    }
  }
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as Response)}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...provider()],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000 } : false,
  })
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    headers(req, res, next)
  }
}

/**
 * The web tier's HTTP server with a whole-request deadline (REQUEST_TIMEOUT_SECONDS, as the API's):
 * a body dribbled slower than the timeout is cut off (408) instead of holding a socket. Node checks the deadline on an interval and
 * only when the headers timeout is not longer, hence the three numbers.
 */
export function createTimedServer(handler: RequestListener, timeoutMs: number): Server {
  const server = createServer(
    {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(60_000, timeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, timeoutMs / 10)),
    },
    handler,
  )
  // 408, 431 and 400 with a Spanish text (Node's own answers have no body).
  server.on('clientError', answerClientError)
  return server
}

/**
 * Pages and downloads are never kept by the browser or a proxy: they carry personal and bank data
 * (names, documents, accounts, amounts), and a shared computer's back button or cache must not show
 * them after sign-out. One place for the web tier, after the static files (which keep their long cache).
 */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store')
  next()
}
