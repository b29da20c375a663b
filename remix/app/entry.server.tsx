import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceContext } from './nonce'

declare module 'react-router' {
  interface AppLoadContext {
    /** The CSP nonce of this request, from the web server (remix/server/security.ts). */
    cspNonce?: string
  }
}

const ABORT_DELAY = 5_000

/** How long React Router waits for data a page would defer (none does) before it rejects it. */
export const streamTimeout = ABORT_DELAY

/**
 * The document, rendered whole and sent as one buffer, with the request's CSP nonce on every inline
 * script: the hydration context and route imports (<Scripts>, <ScrollRestoration> in root.tsx,
 * through NonceContext) and the single-fetch data (RemixServer's `nonce`). No page defers data, so
 * streaming showed nothing earlier; it cost a web stream and a socket write per 2 KB chunk (* docs/decisions/web-tier-cpu.md). A page that defers data would want `onShellReady` and a stream again.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    document.on('finish', () => {
      clearTimeout(timeout)
      responseHeaders.set('Content-Type', 'text/html')
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(document)
        },
        onShellError(error: unknown) {
          clearTimeout(timeout)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell reject and are logged by Remix; these came later (a failed boundary).
          if (shellRendered) console.error(error)
        },
      },
    )
    const timeout = setTimeout(abort, ABORT_DELAY)
  })
}
