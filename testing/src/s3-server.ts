import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver ships no types; the three calls used here are its documented API.
// @ts-expect-error no declaration file
import S3rver from 's3rver'

/** s3rver accepts one account; requests signed with anything else are refused (403). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** One request the store received: its method, path and query (`uploads`, `partNumber=3&uploadId=…`). */
export type S3Request = { method: string; path: string; query: URLSearchParams }

export type LocalS3 = {
  endpoint: string
  bucket: string
  /** The `STORAGE=s3` settings that reach this server. */
  env: Record<string, string>
  /** The requests received so far, in order (with `countRequests`; else none). */
  requests(): S3Request[]
  close(): Promise<void>
}

/** The S3 operation a request is, told by its method and query as S3 defines them. */
export function s3Operation(request: S3Request): string {
  const { method, query } = request
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload'
  if (method === 'PUT' && query.has('partNumber') && query.has('uploadId')) return 'UploadPart'
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload'
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload'
  if (method === 'PUT') return 'PutObject'
  return method
}

/**
 * A real S3-protocol server (s3rver, from npm) on 127.0.0.1 and a free port, over a temporary
 * directory, with one bucket: what the adapter's tests talk to instead of a mocked client. With
 * `countRequests`, the endpoint is a small proxy in front of it that records every request (method,
 * path, query) and passes it on as it arrives, bodies streamed both ways.
 */
export async function startLocalS3(
  bucket = 'planillas-test',
  options: { countRequests?: boolean } = {},
): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'planillas-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = (await server.run()) as AddressInfo
  const seen: S3Request[] = []
  const proxy = options.countRequests ? await countingProxy(port, seen) : null
  const endpoint = `http://127.0.0.1:${proxy ? (proxy.address() as AddressInfo).port : port}`
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests: () => [...seen],
    async close() {
      if (proxy) await new Promise<void>((resolve) => proxy.close(() => resolve()))
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** A proxy on a free port to s3rver on `port`, recording each request into `seen`. */
async function countingProxy(port: number, seen: S3Request[]): Promise<Server> {
  const proxy = createServer((req, res) => {
    const url = new URL(String(req.url), 'http://127.0.0.1')
    seen.push({ method: String(req.method), path: url.pathname, query: url.searchParams })
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return proxy
}

/** An HTTP server that answers every request with a 500, like an object store failing inside. */
export async function startFailingS3(): Promise<{
  endpoint: string
  requests: () => number
  close(): Promise<void>
}> {
  let count = 0
  const server: Server = createServer((req, res) => {
    count++
    req.resume()
    res.writeHead(500, { 'content-type': 'application/xml' })
    res.end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>down</Message></Error>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
