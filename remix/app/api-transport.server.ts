import http from 'node:http'

/** What the API answered: its status and its body as text. */
export type Answer = { status: number; text: string }

export type Exchange = { method: string; headers: Record<string, string>; body?: string }

/** Connections to the API stay open between calls (as fetch's pool kept them). */
const agent = new http.Agent({ keepAlive: true })
/** A silent API gives up after this long, as fetch's own header and body timeouts did. */
const TIMEOUT_MS = 300_000

/**
 * One JSON call to the API over a kept-alive connection. Global fetch wraps each call in web
 * streams and Request/Response objects: about 0.4 ms of CPU per call more than node:http
 * (docs/decisions/web-tier-cpu.md). Rejects when the API cannot be reached.
 */
export function exchange(url: string, { method, headers, body }: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error('La API no respondió a tiempo')))
    outgoing.end(body)
  })
}
