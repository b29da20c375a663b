import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { paymentBatches } from '@planillas/db'
import { MESSAGES, PAYMENT_BATCH_STATUS, PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import { createLocalStorage, createStorage, type FileStorage } from '@planillas/storage'
import { createPaymentsTestApp, type PaymentsTestApp, row } from '@planillas/testing/api/payment-batches'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { type LocalS3, startFailingS3, startLocalS3 } from '@planillas/testing/s3-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../lib/errors'

/** The payment upload when what it depends on fails: the file store, the job queue. */
let s: PaymentsTestApp
const faults = { storageBroken: false, queueDown: false, s3: null as FileStorage | null }
let brokenStore: FileStorage
let scratch: string
let s3: LocalS3
let failingS3: Awaited<ReturnType<typeof startFailingS3>>

beforeAll(async () => {
  s = await createPaymentsTestApp({
    storage: (working) => ({
      kind: 'local',
      put: (body, meta) => (faults.s3 ?? (faults.storageBroken ? brokenStore : working)).put(body, meta),
      get: (key) => working.get(key),
      delete: (key) => working.delete(key),
      check: () => (faults.storageBroken ? brokenStore : working).check(),
      sweepTemporaries: (olderThanMs) => working.sweepTemporaries(olderThanMs),
    }),
    queueDown: () => faults.queueDown,
  })
  // A file where the store's directory should be: every write fails, even as root.
  scratch = await mkdtemp(path.join(tmpdir(), 'planillas-payments-faults-'))
  const notADirectory = path.join(scratch, 'no-es-carpeta')
  await writeFile(notADirectory, 'x')
  brokenStore = createLocalStorage(notADirectory)
  s3 = await startLocalS3()
  failingS3 = await startFailingS3()
})
afterAll(async () => {
  await s?.close()
  await s3?.close()
  await failingS3?.close()
  await rm(scratch, { recursive: true, force: true })
})
beforeEach(() => {
  faults.storageBroken = false
  faults.queueDown = false
  faults.s3 = null
})

describe('payment upload faults', () => {
  it('a store that cannot write: 503 saying the file could not be stored, nothing recorded, no hang', async () => {
    faults.storageBroken = true
    const batches = await s.batchCount()
    // Larger than the stream buffers: the copy must stop when the store fails, not wait for ever.
    const big = Buffer.concat([await receiptPdf('x'), Buffer.alloc(300_000, 0x20)])
    const response = await s.upload(s.validForm(), await s.excel(), [{ name: 'grande.pdf', content: big }])
    expect(response.status).toBe(503)
    expect(response.body).toEqual({ status: 'ERROR', payload: null, messages: [STORAGE_UNAVAILABLE_MESSAGE] })
    expect(await s.batchCount()).toBe(batches)
  })

  it('an S3 store that refuses (unknown key, 500s, down): the same 503, nothing recorded', async () => {
    const refusing = [
      createStorage({ ...s3.env, S3_ACCESS_KEY_ID: 'OTRA' }),
      createStorage({ ...s3.env, S3_ENDPOINT: failingS3.endpoint }),
      createStorage({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' }),
    ]
    const batches = await s.batchCount()
    for (const store of refusing) {
      faults.s3 = store
      const big = Buffer.concat([await receiptPdf('x'), Buffer.alloc(300_000, 0x20)])
      const response = await s.upload(s.validForm(), await s.excel(), [{ name: 'grande.pdf', content: big }])
      expect(response.status).toBe(503)
      expect(response.body).toEqual({
        status: 'ERROR',
        payload: null,
        messages: [STORAGE_UNAVAILABLE_MESSAGE],
      })
      expect(await s.batchCount()).toBe(batches)
    }
    // The same store working: the upload goes through.
    faults.s3 = createStorage(s3.env)
    const response = await s.upload(s.validForm(), await s.excel())
    expect(response.status).toBe(200)
    expect(await s.batchCount()).toBe(batches + 1)
  })

  it('Redis down: the batch is kept and the answer says it is queued', async () => {
    faults.queueDown = true
    // Another Excel than the one the store took above (the same bytes again would be a repeat).
    const response = await s.upload(s.validForm(), await s.excel([row(0, 1500, '7009')]))
    expect(response.status).toBe(200)
    expect(response.body.messages).toEqual([MESSAGES.uploadQueued])
  })
})

describe("'Descargar constancias' before the merged PDF is stored", () => {
  // Each upload its own Excel: the same bytes again for the payroll would be refused as a repeat.
  let upload = 0
  const receipts = async () => {
    const operation = `71${String(++upload).padStart(2, '0')}-R`
    const response = await s.upload(s.validForm(), await s.excel([row(0, 1500, operation, 'r.pdf')]), [
      { name: 'r.pdf', content: await receiptPdf('r') },
    ])
    expect(response.status).toBe(200)
    const started = Date.now()
    const answer = await s.t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-batches/${response.body.payload.id}/receipts`,
    })
    return { ...answer, ms: Date.now() - started }
  }

  it('says they are being prepared while the queue and the store work', async () => {
    const answer = await receipts()
    expect(answer.status).toBe(409)
    expect(answer.body.messages).toEqual([PAYMENT_UPLOAD_MESSAGES.receiptsPreparing])
  })

  it('a processed batch: asks the worker for them once its import job is over, not while it still builds them', async () => {
    const upload = await s.upload(s.validForm(), await s.excel([row(0, 1500, '7103', 'r.pdf')]), [
      { name: 'r.pdf', content: await receiptPdf('r') },
    ])
    const id = upload.body.payload.id as number
    await s.t.handle.db
      .update(paymentBatches)
      .set({ status: PAYMENT_BATCH_STATUS.PROCESSED })
      .where(eq(paymentBatches.id, id))
    const download = () => s.t.call('rrhh', { method: 'GET', url: `/api/v1/payment-batches/${id}/receipts` })
    const merges = () => s.jobs.filter((j) => j.name === 'payment-receipts' && j.batchId === id)
    try {
      // The import that processed it is still running its last step, the merge.
      s.importJob.state = 'active'
      expect((await download()).status).toBe(409)
      expect(merges()).toEqual([])
      s.importJob.state = 'completed'
      expect((await download()).status).toBe(409)
      expect((await download()).status).toBe(409)
      expect(merges()).toHaveLength(1)
    } finally {
      s.importJob.state = 'completed'
    }
  })

  it('Redis down: answers at once that nothing can prepare them until it is back', async () => {
    faults.queueDown = true
    const answer = await receipts()
    expect(answer.status).toBe(503)
    expect(answer.body.messages).toEqual([PAYMENT_UPLOAD_MESSAGES.receiptsQueueDown])
    expect(answer.ms).toBeLessThan(2000)
  })

  it('a store that cannot write: says so instead of "se están preparando" for ever', async () => {
    const upload = await s.upload(s.validForm(), await s.excel([row(0, 1500, '7102', 'r.pdf')]), [
      { name: 'r.pdf', content: await receiptPdf('r') },
    ])
    faults.storageBroken = true
    const answer = await s.t.call('rrhh', {
      method: 'GET',
      url: `/api/v1/payment-batches/${upload.body.payload.id}/receipts`,
    })
    expect(answer.status).toBe(503)
    expect(answer.body.messages).toEqual([PAYMENT_UPLOAD_MESSAGES.receiptsStorageDown])
  })
})
