import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compression, MIN_COMPRESSED_BYTES, negotiateEncoding } from './compression'
import { sendResponse } from './remix-handler'

let server: Server
let base = ''
let dir = ''
/** A built asset's worth of JavaScript: repetitive, as bundles are. */
const script = Buffer.from(
  Array.from({ length: 4000 }, (_, i) => `export const valor${i} = "planilla ${i % 37}";\n`).join(''),
)
const page = `<!DOCTYPE html><html lang="es"><body>${'<p>Colaboradores</p>'.repeat(400)}</body></html>`
const image = randomBytes(8000)
/** Sends the event stream's second event when the test says so. */
let sendSecondEvent: () => void = () => {}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'compression-'))
  writeFileSync(path.join(dir, 'entry.client-ABC123.js'), script)
  writeFileSync(path.join(dir, 'logo.png'), image)
  writeFileSync(path.join(dir, 'tiny.css'), 'body{margin:0}')
  const app = express()
  app.use(compression())
  app.use('/assets', express.static(dir, { immutable: true, maxAge: '1y' }))
  // A Remix document, sent as the web tier sends it (one write, no Content-Length).
  app.get('/page', (_req, res) =>
    sendResponse(res, new Response(page, { headers: { 'Content-Type': 'text/html' } })),
  )
  app.get('/short', (_req, res) =>
    sendResponse(res, new Response('<p>Hola</p>', { headers: { 'Content-Type': 'text/html' } })),
  )
  app.get('/export.xlsx', (_req, res) =>
    sendResponse(
      res,
      new Response(image, {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    ),
  )
  app.get('/events', (_req, res) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: uno\n\n'))
        sendSecondEvent = () => {
          controller.enqueue(new TextEncoder().encode('data: dos\n\n'))
          controller.close()
        }
      },
    })
    void sendResponse(res, new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }))
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

/** The raw answer, bytes as they came over the wire (fetch would decode them). */
function raw(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(
      `${base}${pathname}`,
      { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    ).on('error', reject)
  })
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body

describe('web tier compression', () => {
  it('answers a static asset with brotli when the browser takes br and gzip, decoding to the same bytes', async () => {
    const answer = await raw('/assets/entry.client-ABC123.js', 'gzip, deflate, br')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(answer.headers['content-length']).toBeUndefined()
    expect(answer.headers['cache-control']).toContain('immutable')
    expect(answer.body.length).toBeLessThan(script.length / 5)
    expect(decode('br', answer.body).equals(script)).toBe(true)
  })

  it('answers with gzip when the browser takes only gzip, or prefers it', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip']) {
      const answer = await raw('/assets/entry.client-ABC123.js', accept)
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(answer.body).equals(script)).toBe(true)
    }
  })

  it('compresses a page rendered by Remix, with both encodings decoding to the same document', async () => {
    const br = await raw('/page', 'br, gzip')
    const gzip = await raw('/page', 'gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decode('br', br.body).toString()).toBe(page)
    expect(decode('gzip', gzip.body).toString()).toBe(page)
  })

  it('sends the bytes as they are without Accept-Encoding, still saying they vary by it', async () => {
    const answer = await raw('/assets/entry.client-ABC123.js')
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(Number(answer.headers['content-length'])).toBe(script.length)
    expect(answer.body.equals(script)).toBe(true)
    const refused = await raw('/page', 'br;q=0, gzip;q=0')
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body.toString()).toBe(page)
  })

  it('leaves already-compressed types and tiny bodies alone', async () => {
    const png = await raw('/assets/logo.png', 'br, gzip')
    expect(png.headers['content-encoding']).toBeUndefined()
    expect(png.body.equals(image)).toBe(true)
    const xlsx = await raw('/export.xlsx', 'br, gzip')
    expect(xlsx.headers['content-encoding']).toBeUndefined()
    expect(xlsx.body.equals(image)).toBe(true)
    const css = await raw('/assets/tiny.css', 'br, gzip')
    expect(css.headers['content-encoding']).toBeUndefined()
    expect(css.body.toString()).toBe('body{margin:0}')
    const short = await raw('/short', 'br, gzip')
    expect(short.headers['content-encoding']).toBeUndefined()
    expect(short.body.toString()).toBe('<p>Hola</p>')
    expect('<p>Hola</p>'.length).toBeLessThan(MIN_COMPRESSED_BYTES)
  })

  it('never holds back an event stream: the first event arrives before the stream ends', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; text: string; rest: Promise<string> }>(
      (resolve, reject) => {
        get(`${base}/events`, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
          let text = ''
          const rest = new Promise<string>((done) => res.on('end', () => done(text)))
          res.once('data', (c: Buffer) => {
            text += c.toString()
            res.on('data', (more: Buffer) => {
              text += more.toString()
            })
            resolve({ headers: res.headers, text, rest })
          })
        }).on('error', reject)
      },
    )
    expect(first.headers['content-encoding']).toBeUndefined()
    expect(first.text).toBe('data: uno\n\n')
    sendSecondEvent()
    expect(await first.rest).toBe('data: uno\n\ndata: dos\n\n')
  })

  it('negotiates Accept-Encoding as browsers send it', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('br;q=0, *;q=0.1')).toBe('gzip')
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding(undefined)).toBeNull()
  })
})
