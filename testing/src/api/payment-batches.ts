import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { paymentBatches } from '@planillas/db'
import { type JobQueue, type JobState, todayInLima } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { insertFixturePayroll, paymentsWorkbook } from '@planillas/testing/payment-fixtures'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { count } from 'drizzle-orm'
import { expect } from 'vitest'
import { createTestApp } from './app'

export type FilePart = { name: string; content: Buffer | Uint8Array }
export const AMOUNTS = ['1500.00', '2300.50', '980.25', '1200.00']
export const TODAY = todayInLima()

/** A payments row for fixture employee n: DNI, amount, operation, receipt. */
export const row = (n: number, amount: number, operation: string, receipt: string | null = null) => [
  1,
  fixtureDni(n),
  amount,
  operation,
  receipt,
]

/**
 * An API with a recording queue and its own storage directory, fixture employees 0–11 and a
 * payroll 'PL-ABONOS-1' of four lines (employees 0–3, AMOUNTS), and the steps of the tests.
 */
export async function createPaymentsTestApp(
  faults: {
    /** Wraps the store the API gets (a store that fails, for one). */
    storage?: (working: FileStorage) => FileStorage
    /** While it answers true, enqueuing fails as with Redis down. */
    queueDown?: () => boolean
  } = {},
) {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-api-payments-'))
  const local = createLocalStorage(filesDir)
  // Every byte handed to the storage, kept or deleted later: what an upload wrote to disk.
  let bytesWritten = 0
  const storage: FileStorage = {
    ...local,
    kind: local.kind,
    put: (body, meta) => {
      if (Buffer.isBuffer(body)) {
        bytesWritten += body.length
        return local.put(body, meta)
      }
      async function* counted() {
        for await (const chunk of body) {
          bytesWritten += (chunk as Buffer).length
          yield chunk
        }
      }
      return local.put(Readable.from(counted()), meta)
    },
  }
  const enqueued: number[] = []
  const jobs: { name: string; batchId: number }[] = []
  /** What the queue says of every batch's import job (a test sets the batch's status itself). */
  const importJob = { state: 'completed' as JobState }
  const queue: JobQueue = {
    kind: 'in-process',
    enqueue: async (name, payload) => {
      if (faults.queueDown?.()) throw new Error('Redis caído')
      enqueued.push((payload as { batchId: number }).batchId)
      jobs.push({ name, batchId: (payload as { batchId: number }).batchId })
    },
    // Upload jobs are as `importJob` says; a merge job is waiting once enqueued (the API asks
    // before adding one).
    state: async (name, payload) =>
      name === 'payment-import'
        ? importJob.state
        : name !== 'payment-receipts' ||
            jobs.some((j) => j.name === name && j.batchId === (payload as { batchId: number }).batchId)
          ? 'waiting'
          : 'missing',
    forget: async () => {},
    available: async () => !faults.queueDown?.(),
    close: async () => {},
  }
  const t = await createTestApp({}, { jobs: queue, storage: faults.storage?.(storage) ?? storage })
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 12)
  const lines = AMOUNTS.map((amount, employee) => ({ employee, amount }))
  const payroll = { code: 'PL-ABONOS-1', ...(await insertFixturePayroll(t.handle.db, 'PL-ABONOS-1', lines)) }

  const multipart = async (form: Record<string, string>, file?: FilePart, records: FilePart[] = []) => {
    const data = new FormData()
    for (const [key, value] of Object.entries(form)) data.append(key, value)
    if (file) data.append('file', new Blob([new Uint8Array(file.content)]), file.name)
    for (const r of records) data.append('records', new Blob([new Uint8Array(r.content)]), r.name)
    const encoded = new Response(data)
    return {
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    }
  }
  let workbooks = 0
  const upload = async (
    form: Record<string, string>,
    file?: FilePart,
    records: FilePart[] = [],
    who: 'rrhh' | 'lector' = 'rrhh',
  ) =>
    t.call(who, { method: 'POST', url: '/api/v1/payment-batches', ...(await multipart(form, file, records)) })

  return {
    t,
    payroll,
    enqueued,
    /** Every job enqueued, with its name. */
    jobs,
    importJob,
    storage,
    bytesWritten: () => bytesWritten,
    upload,
    validForm: () => ({ payrollNumber: payroll.code, payrollDesc: 'Quincena', paymentDate: TODAY }),
    // Each default workbook its own operation number: the same bytes again for the payroll are a
    // repeated upload, which the API refuses unless confirmed.
    excel: async (rows = [row(0, 1500, `7001-${++workbooks}`)]) => ({
      name: 'abonos.xlsx',
      content: await paymentsWorkbook(rows),
    }),
    batchCount: async () => (await t.handle.db.select({ n: count() }).from(paymentBatches))[0].n,
    storedFiles: async () => (await readdir(filesDir, { recursive: true })).filter((f) => /\.\w+$/.test(f)),
    close: async () => {
      await t.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}
export type PaymentsTestApp = Awaited<ReturnType<typeof createPaymentsTestApp>>

/** Refused with exactly these messages, in the envelope and in payload.messages. */
export function expectRefused(
  response: { status: number; body: { messages: string[]; payload: { messages: string[] } } },
  messages: string[],
) {
  expect(response.status).toBe(400)
  expect(response.body.messages).toEqual(messages)
  expect(response.body.payload.messages).toEqual(messages)
}
