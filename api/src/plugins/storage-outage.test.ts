import { createStorage, type FileStorage, STORAGE_DOWN, STORAGE_UP } from '@planillas/storage'
import { createPaymentsTestApp, type PaymentsTestApp } from '@planillas/testing/api/payment-batches'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { type LocalS3, startLocalS3 } from '@planillas/testing/s3-server'
import { startTcpProxy, type TcpProxy } from '@planillas/testing/tcp-proxy'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { STORAGE_UNAVAILABLE_MESSAGE } from '../lib/errors'

/**
 * The clerk uploading while the S3 server stops or hangs: a Spanish 503 within 5 s, nothing
 * recorded, and the API's log says it once when the outage starts and once when it ends.
 */
let s: PaymentsTestApp
let s3: LocalS3
let proxy: TcpProxy
const use: { store: FileStorage | null } = { store: null }

beforeAll(async () => {
  s3 = await startLocalS3('planillas-api-outage')
  s = await createPaymentsTestApp({
    storage: (working) => ({
      kind: 's3',
      put: (body, meta) => (use.store ?? working).put(body, meta),
      get: (key) => (use.store ?? working).get(key),
      delete: (key) => (use.store ?? working).delete(key),
      check: () => (use.store ?? working).check(),
      sweepTemporaries: (olderThanMs) => working.sweepTemporaries(olderThanMs),
    }),
  })
})
afterAll(async () => {
  await s?.close()
  await proxy?.close()
  await s3?.close()
})

const behindProxy = async () => {
  proxy = await startTcpProxy(Number(new URL(s3.endpoint).port))
  return createStorage({ ...s3.env, S3_ENDPOINT: proxy.endpoint })
}

async function timedUpload() {
  const started = Date.now()
  const big = Buffer.concat([await receiptPdf('x'), Buffer.alloc(300_000, 0x20)])
  const response = await s.upload(s.validForm(), await s.excel(), [{ name: 'grande.pdf', content: big }])
  return { response, ms: Date.now() - started }
}

describe('an S3 outage during an upload', () => {
  it('stopped or hung mid-upload: 503 in Spanish within 5 s, nothing recorded, one log line each way', async () => {
    const warn = vi.spyOn(s.t.app.log, 'warn')
    const batches = await s.batchCount()
    use.store = await behindProxy()

    // Stopped once the first bytes of the upload reached it.
    const stopping = (async () => {
      while (proxy.forwarded() === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      await proxy.stop()
    })()
    const stopped = await timedUpload()
    await stopping
    expect(stopped.response.status).toBe(503)
    expect(stopped.response.body.messages).toEqual([STORAGE_UNAVAILABLE_MESSAGE])
    expect(stopped.ms).toBeLessThan(5_000)

    // A server that takes the first bytes and then says nothing: the same, within 5 s.
    use.store = await behindProxy()
    proxy.freeze(1_000)
    const hung = await timedUpload()
    expect(hung.response.status).toBe(503)
    expect(hung.ms).toBeLessThan(5_000)
    expect(await s.batchCount()).toBe(batches)

    // Back: the upload goes through, and the log told the outage once when it began and once now.
    use.store = createStorage(s3.env)
    const back = await timedUpload()
    expect(back.response.status).toBe(200)
    const told = warn.mock.calls.map((call) => call[1])
    expect(told).toEqual([STORAGE_DOWN, STORAGE_UP])
  })
})
