import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MESSAGES } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { createPaymentsTestApp, type PaymentsTestApp } from '@planillas/testing/api/payment-batches'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../lib/errors'

/** The payment upload when what it depends on fails: the file store, the job queue. */
let s: PaymentsTestApp
const faults = { storageBroken: false, queueDown: false }
let brokenStore: FileStorage
let scratch: string

beforeAll(async () => {
  s = await createPaymentsTestApp({
    storage: (working) => ({
      kind: 'local',
      put: (body, meta) => (faults.storageBroken ? brokenStore : working).put(body, meta),
      get: (key) => working.get(key),
      delete: (key) => working.delete(key),
      check: () => (faults.storageBroken ? brokenStore : working).check(),
    }),
    queueDown: () => faults.queueDown,
  })
  // A file where the store's directory should be: every write fails, even as root.
  scratch = await mkdtemp(path.join(tmpdir(), 'planillas-payments-faults-'))
  const notADirectory = path.join(scratch, 'no-es-carpeta')
  await writeFile(notADirectory, 'x')
  brokenStore = createLocalStorage(notADirectory)
})
afterAll(async () => {
  await s?.close()
  await rm(scratch, { recursive: true, force: true })
})
beforeEach(() => {
  faults.storageBroken = false
  faults.queueDown = false
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

  it('Redis down: the batch is kept and the answer says it is queued', async () => {
    faults.queueDown = true
    const response = await s.upload(s.validForm(), await s.excel())
    expect(response.status).toBe(200)
    expect(response.body.messages).toEqual([MESSAGES.uploadQueued])
  })
})
