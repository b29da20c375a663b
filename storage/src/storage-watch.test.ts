import { Readable } from 'node:stream'
import { type LocalS3, startLocalS3 } from '@planillas/testing/s3-server'
import { startTcpProxy, type TcpProxy } from '@planillas/testing/tcp-proxy'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createStorage, type FileStorage, StorageUnavailableError } from './storage'
import { STORAGE_DOWN, STORAGE_UP, watchStorage } from './storage-watch'

/**
 * An S3 server that stops or hangs while a file is being uploaded to it: the upload fails within
 * seconds (the clerk is answered within 5 s), and the outage is one log line when it starts and one
 * when it ends, however many uploads it fails.
 */
let s3: LocalS3
let proxy: TcpProxy | undefined
beforeAll(async () => {
  s3 = await startLocalS3('planillas-outage')
})
afterEach(async () => {
  await proxy?.close()
})
afterAll(() => s3?.close())

const MiB = 1024 * 1024
const meta = { name: 'grande.zip', contentType: 'application/zip' }

function recorder() {
  const lines: { message: string; details?: Record<string, unknown> }[] = []
  return {
    lines,
    log: { warn: (message: string, details?: Record<string, unknown>) => lines.push({ message, details }) },
  }
}

/** A stream of `chunks` MiB that hands out one chunk every 50 ms, as a browser's upload arrives. */
const slowUpload = (chunks: number) =>
  Readable.from(
    (async function* () {
      for (let i = 0; i < chunks; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        yield Buffer.alloc(MiB, i + 1)
      }
    })(),
  )

async function storeBehindProxy() {
  proxy = await startTcpProxy(Number(new URL(s3.endpoint).port))
  return createStorage({ ...s3.env, S3_ENDPOINT: proxy.endpoint })
}

async function timedFailure(work: Promise<unknown>) {
  const started = Date.now()
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  return { error, ms: Date.now() - started }
}

describe('S3 outages', () => {
  it('a server stopped mid-upload: StorageUnavailableError within 5 s, one line for the outage', async () => {
    const { lines, log } = recorder()
    const storage = watchStorage(await storeBehindProxy(), log, { probeEveryMs: 60_000 })
    // Working: a small file goes through.
    await storage.put(Buffer.from('hola'), { name: 'a.pdf', contentType: 'application/pdf' })
    const upload = storage.put(slowUpload(12), meta)
    // Stopped once the first part (5 MiB) is on its way.
    while ((proxy as TcpProxy).forwarded() < MiB) await new Promise((resolve) => setTimeout(resolve, 20))
    await (proxy as TcpProxy).stop()
    const first = await timedFailure(upload)
    expect(first.error).toBeInstanceOf(StorageUnavailableError)
    expect(first.ms).toBeLessThan(5_000)
    // Further uploads fail at once; the outage was told once, with its cause.
    const second = await timedFailure(storage.put(Buffer.from('otra'), meta))
    expect(second.error).toBeInstanceOf(StorageUnavailableError)
    expect(second.ms).toBeLessThan(5_000)
    expect(lines).toEqual([{ message: STORAGE_DOWN, details: { error: expect.any(String) } }])
    expect(storage.available).toBe(false)
    storage.close()
  })

  it('a server that hangs mid-upload (no byte either way): StorageUnavailableError within 5 s', async () => {
    const { lines, log } = recorder()
    const storage = watchStorage(await storeBehindProxy(), log, { probeEveryMs: 60_000 })
    const upload = storage.put(slowUpload(12), meta)
    ;(proxy as TcpProxy).freeze(2 * MiB)
    const hung = await timedFailure(upload)
    expect(hung.error).toBeInstanceOf(StorageUnavailableError)
    expect(hung.ms).toBeLessThan(5_000)
    expect(lines.map((l) => l.message)).toEqual([STORAGE_DOWN])
    storage.close()
  })

  it('says when the store is back: once, seen by a probe even when nobody uploads', async () => {
    const { lines, log } = recorder()
    const good = createStorage(s3.env)
    let broken = true
    const failing = () => Promise.reject(new StorageUnavailableError('S3 ECONNREFUSED'))
    const flaky: FileStorage = {
      ...good,
      put: (body, m) => (broken ? failing() : good.put(body, m)),
      check: () => (broken ? failing() : good.check()),
    }
    const storage = watchStorage(flaky, log, { probeEveryMs: 50 })
    for (let i = 0; i < 3; i++)
      await expect(storage.put(Buffer.from('x'), meta)).rejects.toBeInstanceOf(StorageUnavailableError)
    broken = false
    const deadline = Date.now() + 5_000
    while (!storage.available && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(storage.available).toBe(true)
    await storage.put(Buffer.from('x'), meta)
    expect(lines.map((l) => l.message)).toEqual([STORAGE_DOWN, STORAGE_UP])
    expect(lines[0].details).toEqual({ error: 'No se pudo guardar el archivo (S3 ECONNREFUSED)' })
    storage.close()
  })
})
