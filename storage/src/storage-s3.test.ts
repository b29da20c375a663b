import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  type LocalS3,
  S3RVER_CREDENTIALS,
  s3Operation,
  startFailingS3,
  startLocalS3,
} from '@planillas/testing/s3-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createStorage,
  FileNotFoundError,
  type FileStorage,
  readAll,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
} from './storage'
import { createS3Storage } from './storage-s3'

/**
 * The S3 adapter against s3rver, a real S3-protocol server started here on 127.0.0.1, through a
 * proxy that records each request it gets (which S3 operations the adapter really made).
 */
let s3: LocalS3
let storage: FileStorage
beforeAll(async () => {
  s3 = await startLocalS3('planillas-test', { countRequests: true })
  storage = createStorage(s3.env)
})
afterAll(() => s3?.close())

const MiB = 1024 * 1024
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

describe('S3 file storage', () => {
  it('is chosen by STORAGE=s3 and stores, gives back and deletes files', async () => {
    expect(storage.kind).toBe('s3')
    const before = s3.requests().length
    const key = await storage.put(Buffer.from('hola'), {
      name: 'Planilla.XLSX',
      contentType: 'application/octet-stream',
    })
    // A small file is one PutObject, not a multipart upload.
    expect(s3.requests().slice(before).map(s3Operation)).toEqual(['PutObject'])
    expect(key).toMatch(STORAGE_KEY_PATTERN)
    expect(key.endsWith('.xlsx')).toBe(true)
    expect((await readAll(await storage.get(key))).toString()).toBe('hola')
    await storage.delete(key)
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError)
    // Deleting twice, or a key that is not ours, is no error / never reaches the server.
    await storage.delete(key)
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError)
    await storage.check()
  })

  it('uploads a stream larger than a part in several parts and reads it back as a stream', async () => {
    // 12 MiB in 1 MiB chunks of different bytes: three 5 MiB parts, order checked by the digest.
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(MiB, i + 1))
    const whole = Buffer.concat(chunks)
    const before = s3.requests().length
    const key = await storage.put(Readable.from(chunks), {
      name: 'grande.zip',
      contentType: 'application/zip',
    })
    // A multipart upload really happened, for this key: created once, three parts, completed once.
    const operations = s3
      .requests()
      .slice(before)
      .filter((r) => r.path === `/${s3.bucket}/${key}`)
      .map(s3Operation)
    expect(operations.filter((o) => o === 'CreateMultipartUpload')).toHaveLength(1)
    expect(operations.filter((o) => o === 'UploadPart').length).toBeGreaterThanOrEqual(3)
    expect(operations.filter((o) => o === 'CompleteMultipartUpload')).toHaveLength(1)
    expect(operations).not.toContain('PutObject')
    const parts = s3
      .requests()
      .slice(before)
      .filter((r) => s3Operation(r) === 'UploadPart')
      .map((r) => Number(r.query.get('partNumber')))
    expect(parts.sort((a, b) => a - b)).toEqual([1, 2, 3])

    const stream = await storage.get(key)
    let received = 0
    let pieces = 0
    const hash = createHash('sha256')
    for await (const piece of stream) {
      received += piece.length
      pieces++
      hash.update(piece)
    }
    expect(received).toBe(whole.length)
    expect(hash.digest('hex')).toBe(sha(whole))
    // Streamed: it arrived in many pieces, not as one 12 MiB buffer.
    expect(pieces).toBeGreaterThan(1)
    await storage.delete(key)
  })

  it('refuses an unknown access key and a missing bucket as StorageUnavailableError', async () => {
    const base = { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true }
    // s3rver knows one access key (it does not verify SigV4 signatures): another is refused, 403.
    const wrong = createS3Storage({
      ...base,
      bucket: s3.bucket,
      accessKeyId: 'OTRA',
      secretAccessKey: 'otra',
    })
    await expect(wrong.put(Buffer.from('x'), { name: 'a.pdf', contentType: 'x' })).rejects.toBeInstanceOf(
      StorageUnavailableError,
    )
    await expect(wrong.check()).rejects.toBeInstanceOf(StorageUnavailableError)
    const noBucket = createS3Storage({ ...base, ...S3RVER_CREDENTIALS, bucket: 'no-existe' })
    await expect(noBucket.check()).rejects.toBeInstanceOf(StorageUnavailableError)
  })

  it('a server that is down or answers 500: StorageUnavailableError, promptly', async () => {
    const failing = await startFailingS3()
    const down = createStorage({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' })
    const broken = createStorage({ ...s3.env, S3_ENDPOINT: failing.endpoint })
    try {
      const started = Date.now()
      await expect(down.put(Buffer.from('x'), { name: 'a.pdf', contentType: 'x' })).rejects.toBeInstanceOf(
        StorageUnavailableError,
      )
      await expect(
        broken.put(Readable.from([Buffer.alloc(6 * MiB, 1)]), { name: 'a.pdf', contentType: 'x' }),
      ).rejects.toBeInstanceOf(StorageUnavailableError)
      await expect(broken.check()).rejects.toBeInstanceOf(StorageUnavailableError)
      expect(failing.requests()).toBeGreaterThan(0)
      expect(Date.now() - started).toBeLessThan(15_000)
    } finally {
      await failing.close()
    }
  })

  it('rejects settings that cannot work at start', () => {
    expect(() => createStorage({ STORAGE: 's3' })).toThrow('S3_BUCKET')
    expect(() => createStorage({ STORAGE: 'nube' })).toThrow('STORAGE')
    expect(() => createStorage({ ...s3.env, S3_FORCE_PATH_STYLE: 'si' })).toThrow('S3_FORCE_PATH_STYLE')
  })
})
