import type { IncomingMessage, ServerResponse } from 'node:http'
import { CLIENT_ADDRESS_HEADER } from '@planillas/domain'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'

/** The port the browser used: X-Forwarded-Host's, else Host's (as @remix-run/express reads it). */
function portOf(req: IncomingMessage): string {
  for (const header of [req.headers['x-forwarded-host'], req.headers.host]) {
    const port = Number.parseInt(String(header ?? '').split(':')[1], 10)
    if (Number.isSafeInteger(port)) return `:${port}`
  }
  return ''
}

/** The Fetch request Remix reads; aborted when the browser leaves before the answer is sent. */
export function remixRequest(req: ExpressRequest, res: ServerResponse): Request {
  const headers = new Headers()
  for (const name in req.headers) {
    const value = req.headers[name]
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value) headers.set(name, value)
  }
  // The browser's address as this server saw it, never what the browser claims (client-address.ts).
  headers.set(CLIENT_ADDRESS_HEADER, req.ip ?? req.socket.remoteAddress ?? '')
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => {
    controller = null
  })
  res.on('close', () => controller?.abort())
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new Request(`${req.protocol}://${req.hostname}${portOf(req)}${req.originalUrl}`, init)
}

/**
 * Remix's answer onto the node response: headers added to those set before (security, cookie
 * refresh); a route's own Cache-Control replaces the default `no-store` (./security.ts).
 */
export async function sendResponse(res: ServerResponse, response: Response) {
  res.statusCode = response.status
  res.statusMessage = response.statusText
  for (const [name, value] of response.headers) {
    if (name === 'cache-control') res.setHeader(name, value)
    else if (name !== 'set-cookie') res.appendHeader(name, value)
  }
  for (const cookie of response.headers.getSetCookie()) res.appendHeader('Set-Cookie', cookie)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body) return void res.end()
  try {
    // A rendered document is a single chunk (remix/app/entry.server.tsx): one write.
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
    res.end()
  } catch (error) {
    res.destroy(error as Error)
    throw error
  }
}

/**
 * The Remix app as express's last handler: what @remix-run/express does, with fewer steps per
 * request: the headers copied once, the answer written without a web-stream reader loop.
 */
export function remixHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (res: ExpressResponse) => AppLoadContext,
) {
  const handle = createRequestHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      await sendResponse(res, await handle(remixRequest(req, res), loadContext(res)))
    } catch (error) {
      next(error)
    }
  }
}
