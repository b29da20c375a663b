import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from './nonce'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce of this request, from the web server (remix/server/security.ts). */
    cspNonce?: string
  }
}

const ABORT_DELAY = 5_000

/**
 * Remix's default document render (streaming; whole for bots), plus the request's CSP nonce on
 * every inline script: the hydration context and route imports (<Scripts>, <ScrollRestoration>
 * in root.tsx, through NonceContext) and the single-fetch data stream (RemixServer's `nonce`).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const ready = () => {
      shellRendered = true
      const body = new PassThrough()
      responseHeaders.set('Content-Type', 'text/html')
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      )
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell reject and are logged by Remix; these came while streaming.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
