import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiPool, mayRetry, neverReached } from './api-pool.server'
import { exchange } from './api-transport.server'

/**
 * The web process's pool of API addresses against real HTTP servers on loopback: one that answers,
 * one that is stopped (connection refused) and one that takes the request and drops the connection
 * without answering (a process killed while it worked on it).
 */
const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** An address nothing listens on: a server started and stopped. */
async function stoppedUrl() {
  const { url, server } = await serve(() => undefined)
  servers.pop()
  await new Promise((resolve) => server.close(resolve))
  return url
}

function counting(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: string[] = []
  return {
    seen,
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(`${req.method} ${req.url}`)
      answer(req, res)
    },
  }
}

const ok = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('{"status":"OK"}')
/** Reads the request, then drops the connection without a word. */
const dies = (req: http.IncomingMessage, res: http.ServerResponse) => {
  req.resume()
  req.on('end', () => res.socket?.destroy())
}

const call = (method: string, body?: string) => (baseUrl: string) =>
  exchange(`${baseUrl}/api/v1/x`, { method, headers: { 'Content-Type': 'application/json' }, body })

describe('the pool of API addresses', () => {
  it('sends a read and a write to the next API when one is stopped, and spreads calls in turn', async () => {
    const healthy = counting(ok)
    const { url } = await serve(healthy.handler)
    const pool = createApiPool([await stoppedUrl(), url])
    for (let i = 0; i < 4; i++) {
      expect((await pool.run('GET', call('GET'))).status).toBe(200)
      expect((await pool.run('POST', call('POST', '{"a":1}'))).status).toBe(200)
    }
    // Every call answered, each once: the refused ones never reached any API.
    expect(healthy.seen).toHaveLength(8)
  })

  it('repeats a read the API dropped, never a write it may have done', async () => {
    const dying = counting(dies)
    const healthy = counting(ok)
    const first = await serve(dying.handler)
    const second = await serve(healthy.handler)
    const pool = createApiPool([first.url, second.url], { downForMs: 0 })
    // The read reached the dying API, was dropped, and was answered by the other one.
    expect((await pool.run('GET', call('GET'))).status).toBe(200)
    expect(dying.seen).toEqual(['GET /api/v1/x'])
    // The write reached the dying API (a fresh pool starts at the first address): it is not sent
    // again; the failure is the caller's.
    const fresh = createApiPool([first.url, second.url], { downForMs: 0 })
    await expect(fresh.run('POST', call('POST', '{"pagar":1}'))).rejects.toThrow()
    expect(dying.seen).toEqual(['GET /api/v1/x', 'POST /api/v1/x'])
    expect(healthy.seen).toEqual(['GET /api/v1/x'])
  })

  it('tries an address that failed last until it has had time to come back', async () => {
    let clock = 0
    const stopped = await stoppedUrl()
    const healthy = counting(ok)
    const { url } = await serve(healthy.handler)
    const refused: string[] = []
    const pool = createApiPool([stopped, url], { downForMs: 1000, now: () => clock })
    const attempt = (baseUrl: string) => {
      if (baseUrl === stopped) refused.push(baseUrl)
      return call('GET')(baseUrl)
    }
    await pool.run('GET', attempt)
    await pool.run('GET', attempt)
    await pool.run('GET', attempt)
    // Refused once, then left aside while it is down.
    expect(refused).toHaveLength(1)
    clock = 1500
    await pool.run('GET', attempt)
    await pool.run('GET', attempt)
    expect(refused).toHaveLength(2)
  })

  it('tells a request that never left from one that may have arrived', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
    const fetchRefused = new TypeError('fetch failed', { cause: refused })
    expect(neverReached(refused)).toBe(true)
    expect(neverReached(fetchRefused)).toBe(true)
    expect(neverReached(reset)).toBe(false)
    expect(mayRetry('POST', refused)).toBe(true)
    expect(mayRetry('POST', reset)).toBe(false)
    expect(mayRetry('get', reset)).toBe(true)
    // A streamed upload is sent once, whatever happened.
    expect(mayRetry('POST', refused, false)).toBe(false)
  })
})
