import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'

export type ContentEncoding = 'br' | 'gzip'

/**
 * Types worth compressing: text (pages, CSS, JavaScript, CSV), JSON, XML and SVG. Everything else
 * (spreadsheets, PDFs, ZIPs, images, fonts) is already compressed; a server-sent event stream is
 * never buffered by an encoder.
 */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)[\w.+-]+|application\/([\w.-]+\+)?(json|javascript|xml|x-javascript|manifest\+json)|image\/svg\+xml)\s*(;|$)/i

/** Below this many bytes a compressed answer is no smaller once headers and framing are counted. */
export const MIN_COMPRESSED_BYTES = 1024

/**
 * The encoding to answer with, from Accept-Encoding: brotli before gzip when both are equally
 * welcome, `*` for either, `q=0` refuses; none when the browser asks for neither.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null
  const quality = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    if (!token) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    quality.set(token.trim(), q === undefined ? 1 : Number(q) || 0)
  }
  let best: ContentEncoding | null = null
  let bestQ = 0
  for (const encoding of ['br', 'gzip'] as const) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0
    if (q > bestQ) {
      best = encoding
      bestQ = q
    }
  }
  return best
}

/** Brotli at quality 5: close to gzip's speed per request with a smaller answer (quality 11 is for builds). */
function encoder(encoding: ContentEncoding): zlib.Gzip | zlib.BrotliCompress {
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.createGzip({ level: 6 })
}

const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, encoding)
      : Buffer.from(chunk as Uint8Array)

/** `(encoding?, callback?)` after a write's or an end's chunk. */
function argumentsOf(rest: unknown[]): [BufferEncoding | undefined, (() => void) | undefined] {
  const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined
  const callback = rest.find((a): a is () => void => typeof a === 'function')
  return [encoding, callback]
}

/**
 * Compresses the web tier's answers (pages, static assets, public files, the API docs) with brotli
 * or gzip as Accept-Encoding allows, and says `Vary: Accept-Encoding` on every compressible answer.
 * Left as they are: HEAD, 204/304, partial content (Range), an answer that already has a
 * Content-Encoding or says `Cache-Control: no-transform`, types that are already compressed, and
 * bodies under MIN_COMPRESSED_BYTES. Streaming stays streaming: an answer whose headers are sent
 * before its body (an event stream, a proxied body) is decided on its headers, each write goes
 * through the encoder as it comes, and backpressure passes both ways (the socket pauses the encoder,
 * a full encoder asks the writer to wait for 'drain').
 */
export function compression() {
  return (req: Request, res: Response, next: NextFunction) => {
    const wanted = req.method === 'HEAD' ? null : negotiateEncoding(req.headers['accept-encoding'])
    const raw = {
      writeHead: res.writeHead.bind(res) as ServerResponse['writeHead'],
      write: res.write.bind(res) as (chunk: unknown, ...args: unknown[]) => boolean,
      end: res.end.bind(res) as (...args: unknown[]) => Response,
    }
    let decided = false
    let stream: zlib.Gzip | zlib.BrotliCompress | null = null
    let pending: Buffer[] = []
    let pendingBytes = 0

    const compressible = () => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''))
    /** Chooses, while the headers can still change, whether this answer goes through an encoder. */
    const decide = (length: number | null) => {
      if (decided) return
      decided = true
      if (!compressible()) return
      res.vary('Accept-Encoding')
      if (
        !wanted ||
        res.statusCode === 204 ||
        res.statusCode === 206 ||
        res.statusCode === 304 ||
        res.getHeader('Content-Encoding') !== undefined ||
        res.getHeader('Content-Range') !== undefined ||
        /(^|,)\s*no-transform\s*(,|$)/i.test(String(res.getHeader('Cache-Control') ?? '')) ||
        (length !== null && length < MIN_COMPRESSED_BYTES)
      )
        return
      res.setHeader('Content-Encoding', wanted)
      res.removeHeader('Content-Length')
      const etag = res.getHeader('ETag')
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`)
      const encoded = encoder(wanted)
      stream = encoded
      encoded.on('data', (chunk: Buffer) => {
        if (!raw.write(chunk)) encoded.pause()
      })
      encoded.on('end', () => raw.end())
      encoded.on('drain', () => res.emit('drain'))
      encoded.on('error', (error) => res.destroy(error))
      res.on('drain', () => encoded.resume())
      res.on('close', () => {
        if (!res.writableFinished) encoded.destroy()
      })
    }
    const declaredLength = () => {
      const value = res.getHeader('Content-Length')
      return value === undefined ? null : Number(value)
    }
    /** Sends what was held back while the answer was too short to judge. */
    const release = () => {
      const held = pending
      pending = []
      pendingBytes = 0
      for (const chunk of held) stream ? stream.write(chunk) : raw.write(chunk)
    }

    // Every way the headers leave (write, end, flushHeaders) passes here first.
    res.writeHead = ((statusCode: number, ...args: unknown[]) => {
      const headers = args.find((a) => typeof a === 'object' && a !== null) as OutgoingHttpHeaders | undefined
      const message = args.find((a) => typeof a === 'string') as string | undefined
      res.statusCode = statusCode
      if (headers)
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) res.setHeader(name, value)
      decide(declaredLength())
      if (message === undefined) raw.writeHead(res.statusCode)
      else raw.writeHead(res.statusCode, message)
      return res
    }) as Response['writeHead']

    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const [encoding, callback] = argumentsOf(rest)
      const buffer = toBuffer(chunk, encoding)
      if (!decided && !res.headersSent && declaredLength() === null && wanted && compressible()) {
        // Too early to tell a short answer from a long one: hold the bytes until there are enough.
        pending.push(buffer)
        pendingBytes += buffer.length
        if (pendingBytes >= MIN_COMPRESSED_BYTES) {
          decide(pendingBytes)
          release()
        }
        if (callback) process.nextTick(callback)
        return true
      }
      decide(declaredLength())
      release()
      return stream ? stream.write(buffer, callback) : raw.write(buffer, callback)
    }) as Response['write']

    res.end = ((...args: unknown[]) => {
      const chunk = typeof args[0] === 'function' ? undefined : args[0]
      const [encoding, callback] = argumentsOf(typeof args[0] === 'function' ? args : args.slice(1))
      const last = chunk === undefined || chunk === null ? null : toBuffer(chunk, encoding)
      if (!decided) decide(declaredLength() ?? pendingBytes + (last?.length ?? 0))
      release()
      if (stream) {
        if (last) stream.write(last)
        stream.end()
        if (callback) res.once('finish', callback)
        return res
      }
      return last ? raw.end(last, callback) : raw.end(callback)
    }) as Response['end']

    next()
  }
}
