import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver ships no types; the three calls used here are its documented API.
// @ts-expect-error no declaration file
import S3rver from 's3rver'

/** s3rver accepts one account; requests signed with anything else are refused (403). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type LocalS3 = {
  endpoint: string
  bucket: string
  /** The `STORAGE=s3` settings that reach this server. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A real S3-protocol server (s3rver, from npm) on 127.0.0.1 and a free port, over a temporary
 * directory, with one bucket: what the adapter's tests talk to instead of a mocked client.
 */
export async function startLocalS3(bucket = 'planillas-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'planillas-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
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
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
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
