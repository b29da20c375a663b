import {
  type Database,
  type DatabaseHandle,
  paymentBatches,
  paymentBatchIssues,
  payrollBatchErrors,
  payrollBatches,
} from '@planillas/db'
import {
  BATCH_STATUS,
  FILE_MESSAGES,
  type JobName,
  type JobQueue,
  type JobState,
  PAYMENT_BATCH_STATUS,
} from '@planillas/domain'
import { openTestDatabase } from '@planillas/testing/database'
import { insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepAllBatches } from '../batch-kinds'
import type { Logger } from '../context'
import { silentLogger, type WorkerContext } from '../context'
import { PAYMENT_BATCHES } from '../payment-import/kind'
import { PAYROLL_BATCHES } from '../payroll-import/kind'
import { claimBatch, reportProgress, unfinishedBatchIds } from './batches'
import { type BatchProcessor, runBatchJob } from './run'

/**
 * The batch pipeline shared by payroll and payment uploads: claim, progress, one run of a job
 * with its retries and last-attempt closing, and the sweep that enqueues what no queue holds.
 * The processors plugged in here are stand-ins; the real ones have their own tests.
 */
let handle: DatabaseHandle
let db: Database
let payrollId: number
let codes = 0

beforeAll(async () => {
  handle = await openTestDatabase()
  db = handle.db
  payrollId = (await insertFixturePayroll(db, 'PL-PIPE', [])).id
})
afterAll(async () => {
  await handle?.close()
})

/** What both kinds of batch record of their stored file and uploader. */
const upload = { fileKey: 'no-such-key', fileSize: 10, createdBy: 'rrhh@planillas.pe' }

async function payrollBatch(status: number = BATCH_STATUS.PENDING) {
  const [row] = await db
    .insert(payrollBatches)
    .values({
      code: `PIPE-${++codes}`,
      period: '202611',
      name: 'Planilla del pipeline',
      type: 1,
      status,
      errorCount: 3,
      fileName: 'planilla.xlsx',
      ...upload,
    })
    .returning({ id: payrollBatches.id })
  return row.id
}

async function paymentBatch(status: number = PAYMENT_BATCH_STATUS.PENDING) {
  const [row] = await db
    .insert(paymentBatches)
    .values({
      payrollId,
      payrollNumber: 'PL-PIPE',
      paymentDate: '2026-11-20',
      status,
      fileName: 'abonos.xlsx',
      ...upload,
    })
    .returning({ id: paymentBatches.id })
  return row.id
}

const payrollRow = async (id: number) =>
  (await db.select().from(payrollBatches).where(eq(payrollBatches.id, id)))[0]
const paymentRow = async (id: number) =>
  (await db.select().from(paymentBatches).where(eq(paymentBatches.id, id)))[0]

function recordingLogger() {
  const lines: { level: string; message: string; details?: Record<string, unknown> }[] = []
  const log: Logger = {
    info: (message, details) => lines.push({ level: 'info', message, details }),
    warn: (message, details) => lines.push({ level: 'warn', message, details }),
    error: (message, details) => lines.push({ level: 'error', message, details }),
  }
  return { log, lines }
}

describe('claim and progress, the same for both kinds of batch', () => {
  it('claims a PENDIENTE batch of either table: PROCESANDO, one attempt more, progress and rows from zero', async () => {
    const payroll = await payrollBatch()
    await db.update(payrollBatches).set({ progress: 40, rowsRead: 7 }).where(eq(payrollBatches.id, payroll))
    const claimed = await claimBatch(db, payrollBatches, payroll, PAYROLL_BATCHES.resetOnClaim)
    expect(claimed).toMatchObject({
      id: payroll,
      status: BATCH_STATUS.PROCESSING,
      attempts: 1,
      progress: 0,
      rowsRead: 0,
      errorCount: 0,
    })
    expect(claimed?.startedAt).toBeInstanceOf(Date)

    const payment = await paymentBatch()
    const again = await claimBatch(db, paymentBatches, payment)
    expect(again).toMatchObject({ id: payment, status: PAYMENT_BATCH_STATUS.PROCESSING, attempts: 1 })
    // A crashed attempt left it PROCESANDO: the next one takes it and counts itself.
    expect(await claimBatch(db, paymentBatches, payment)).toMatchObject({ attempts: 2 })
  })

  it('gives null for a finished or unknown batch and leaves the finished one as it was', async () => {
    const done = await payrollBatch(BATCH_STATUS.PROCESSED)
    expect(await claimBatch(db, payrollBatches, done)).toBeNull()
    expect(await payrollRow(done)).toMatchObject({
      status: BATCH_STATUS.PROCESSED,
      attempts: 0,
      errorCount: 3,
    })
    const observed = await paymentBatch(PAYMENT_BATCH_STATUS.OBSERVED)
    expect(await claimBatch(db, paymentBatches, observed)).toBeNull()
    expect(await claimBatch(db, paymentBatches, 999_999)).toBeNull()
  })

  it('reports progress between 0 and 99 while PROCESANDO, and not once the batch is finished', async () => {
    const id = await paymentBatch()
    await claimBatch(db, paymentBatches, id)
    await reportProgress(db, paymentBatches, id, 57.9, 120)
    expect(await paymentRow(id)).toMatchObject({ progress: 57, rowsRead: 120 })
    await reportProgress(db, paymentBatches, id, 100, 130)
    expect(await paymentRow(id)).toMatchObject({ progress: 99, rowsRead: 130 })
    await reportProgress(db, paymentBatches, id, -5, 130)
    expect((await paymentRow(id)).progress).toBe(0)

    const finished = await payrollBatch(BATCH_STATUS.FAILED)
    await reportProgress(db, payrollBatches, finished, 50, 10)
    expect(await payrollRow(finished)).toMatchObject({ progress: 0, rowsRead: 0 })
  })
})

describe('one run of a batch job', () => {
  type Outcome = { outcome: 'done'; seen: number } | { outcome: 'skipped' }
  const stand = (process: BatchProcessor<typeof payrollBatches, Outcome>['process']) => {
    const after: number[] = []
    const processor: BatchProcessor<typeof payrollBatches, Outcome> = {
      kind: PAYROLL_BATCHES,
      process,
      afterwards: async (batchId) => {
        after.push(batchId)
      },
    }
    return { processor, after }
  }
  const context = (log: Logger = silentLogger): WorkerContext => ({
    db,
    storage: null as unknown as WorkerContext['storage'],
    log,
  })

  it('hands the claimed batch to the processor, logs its outcome, then runs what comes after', async () => {
    const id = await payrollBatch()
    const { log, lines } = recordingLogger()
    const { processor, after } = stand(async (batch) => ({ outcome: 'done', seen: batch.attempts }))
    const outcome = await runBatchJob(processor, { batchId: id }, context(log), {
      id: 'j',
      attempt: 2,
      maxAttempts: 5,
    })
    expect(outcome).toEqual({ outcome: 'done', seen: 1 })
    expect(after).toEqual([id])
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'Carga procesada',
        details: expect.objectContaining({ batchId: id, outcome: 'done', attempt: 2 }),
      },
    ])
  })

  it('skips a finished batch without calling the processor, and nothing follows a skipped run', async () => {
    const done = await payrollBatch(BATCH_STATUS.PROCESSED)
    const { log, lines } = recordingLogger()
    const { processor, after } = stand(async () => {
      throw new Error('no debía llamarse')
    })
    expect(await runBatchJob(processor, { batchId: done }, context(log))).toEqual({ outcome: 'skipped' })
    expect(lines.map((l) => l.message)).toEqual(['Carga ya terminada o inexistente: nada que hacer'])

    const lost = await payrollBatch()
    const racing = stand(async () => ({ outcome: 'skipped' }) as const)
    expect(await runBatchJob(racing.processor, { batchId: lost }, context())).toEqual({ outcome: 'skipped' })
    expect([...after, ...racing.after]).toEqual([])
  })

  it('refuses a payload without a batch id before touching any batch', async () => {
    const { processor } = stand(async () => ({ outcome: 'done', seen: 0 }))
    await expect(runBatchJob(processor, { batchId: 'uno' }, context())).rejects.toThrow()
  })

  it('throws an unexpected error for a retry while attempts remain, and leaves the batch PROCESANDO', async () => {
    const id = await payrollBatch()
    const { log, lines } = recordingLogger()
    const { processor } = stand(async () => {
      throw new Error('disco lleno')
    })
    await expect(
      runBatchJob(processor, { batchId: id }, context(log), { id: 'j', attempt: 1, maxAttempts: 3 }),
    ).rejects.toThrow('disco lleno')
    expect((await payrollRow(id)).status).toBe(BATCH_STATUS.PROCESSING)
    expect(lines[0]).toMatchObject({ level: 'error', message: 'Falló la carga', details: { attempt: 1 } })
  })

  it('forgives one worker death, and sets a batch aside CON ERRORES at its second, without reading it again', async () => {
    const id = await payrollBatch()
    const seen: number[] = []
    const { processor } = stand(async (batch) => {
      seen.push(batch.crashes)
      return { outcome: 'done', seen: batch.attempts }
    })
    // Two attempts whose worker died in them: claimed, never closed.
    await claimBatch(db, payrollBatches, id)
    expect(await claimBatch(db, payrollBatches, id)).toMatchObject({ crashes: 1 })
    const { log, lines } = recordingLogger()
    expect(
      await runBatchJob(processor, { batchId: id }, context(log), { id: 'j', attempt: 1, maxAttempts: 3 }),
    ).toEqual({
      outcome: 'rejected',
      errors: 1,
    })
    expect(seen).toEqual([])
    expect(await payrollRow(id)).toMatchObject({ status: BATCH_STATUS.FAILED, crashes: 2, errorCount: 1 })
    const errors = await db.select().from(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, id))
    expect(errors.map((e) => e.message)).toEqual([FILE_MESSAGES.crashed])
    expect(lines[0]).toMatchObject({ level: 'error', details: { batchId: id, crashes: 2 } })

    // One death is forgiven: the next attempt reads the file as usual.
    const once = await payrollBatch()
    await claimBatch(db, payrollBatches, once)
    expect(await runBatchJob(processor, { batchId: once }, context())).toMatchObject({ outcome: 'done' })
    expect(seen).toEqual([1])
  })

  it('does not count an attempt that ended by an error as a death', async () => {
    const id = await payrollBatch()
    const { processor } = stand(async () => {
      throw new Error('red caída')
    })
    for (let attempt = 1; attempt <= 2; attempt++)
      await expect(
        runBatchJob(processor, { batchId: id }, context(), { id: 'j', attempt, maxAttempts: 3 }),
      ).rejects.toThrow('red caída')
    expect(await payrollRow(id)).toMatchObject({ status: BATCH_STATUS.PROCESSING, attempts: 2, crashes: 0 })
  })

  it('on the last attempt closes the batch CON ERRORES through its kind, with the generic message', async () => {
    const payroll = await payrollBatch()
    const { processor } = stand(async () => {
      throw new Error('sin memoria')
    })
    expect(await runBatchJob(processor, { batchId: payroll }, context())).toEqual({
      outcome: 'rejected',
      errors: 1,
    })
    expect(await payrollRow(payroll)).toMatchObject({
      status: BATCH_STATUS.FAILED,
      progress: 100,
      errorCount: 1,
    })
    const errors = await db.select().from(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, payroll))
    expect(errors.map((e) => e.message)).toEqual([FILE_MESSAGES.unexpected])

    const payment = await paymentBatch()
    const { log, lines } = recordingLogger()
    const failing: BatchProcessor<typeof paymentBatches, { outcome: 'done' }> = {
      kind: PAYMENT_BATCHES,
      process: async () => {
        throw new Error('sin memoria')
      },
    }
    expect(await runBatchJob(failing, { batchId: payment }, context(log))).toEqual({
      outcome: 'rejected',
      errors: 1,
    })
    expect(await paymentRow(payment)).toMatchObject({ status: PAYMENT_BATCH_STATUS.FAILED, issueCount: 1 })
    const issues = await db.select().from(paymentBatchIssues).where(eq(paymentBatchIssues.batchId, payment))
    expect(issues.map((i) => i.reason)).toEqual([FILE_MESSAGES.unexpected])
    expect(lines[0]).toMatchObject({ level: 'error', message: 'Falló la carga de abonos' })
  })
})

/** A queue that answers the states it is given and records what the sweep asks of it. */
function fakeQueue(states: Map<string, JobState>) {
  const calls: string[] = []
  const key = (name: JobName, payload: unknown) => `${name}:${(payload as { batchId: number }).batchId}`
  const queue: JobQueue = {
    kind: 'in-process',
    async enqueue(name, payload) {
      calls.push(`enqueue ${key(name, payload)}`)
    },
    async state(name, payload) {
      return states.get(key(name, payload)) ?? 'missing'
    },
    async forget(name, payload) {
      calls.push(`forget ${key(name, payload)}`)
    },
    async close() {},
  }
  return { queue, calls }
}

describe('the sweep', () => {
  it('enqueues what no queue holds, again what completed unfinished, closes what failed, leaves the rest', async () => {
    // Earlier tests left batches unfinished: close them so this one sees only its own.
    await db.update(payrollBatches).set({ status: BATCH_STATUS.FAILED })
    await db.update(paymentBatches).set({ status: PAYMENT_BATCH_STATUS.FAILED })
    const missing = await payrollBatch()
    const completed = await payrollBatch(BATCH_STATUS.PROCESSING)
    const failed = await payrollBatch(BATCH_STATUS.PROCESSING)
    const active = await payrollBatch(BATCH_STATUS.PROCESSING)
    await payrollBatch(BATCH_STATUS.PROCESSED)
    const paymentMissing = await paymentBatch()
    const paymentFailed = await paymentBatch()
    const paymentWaiting = await paymentBatch()
    expect(await unfinishedBatchIds(db, payrollBatches)).toEqual([missing, completed, failed, active])

    const { queue, calls } = fakeQueue(
      new Map<string, JobState>([
        [`payroll-import:${completed}`, 'completed'],
        [`payroll-import:${failed}`, 'failed'],
        [`payroll-import:${active}`, 'active'],
        [`payment-import:${paymentFailed}`, 'failed'],
        [`payment-import:${paymentWaiting}`, 'waiting'],
      ]),
    )
    const { log, lines } = recordingLogger()
    expect(await sweepAllBatches(db, queue, log)).toBe(3)
    expect(calls).toEqual([
      `enqueue payroll-import:${missing}`,
      `forget payroll-import:${completed}`,
      `enqueue payroll-import:${completed}`,
      `enqueue payment-import:${paymentMissing}`,
    ])
    expect((await payrollRow(failed)).status).toBe(BATCH_STATUS.FAILED)
    expect((await payrollRow(active)).status).toBe(BATCH_STATUS.PROCESSING)
    expect((await paymentRow(paymentFailed)).status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect((await paymentRow(paymentWaiting)).status).toBe(PAYMENT_BATCH_STATUS.PENDING)
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'Carga cerrada: su trabajo falló'],
      ['info', 'Cargas pendientes encoladas de nuevo'],
      ['warn', 'Carga de abonos cerrada: su trabajo falló'],
      ['info', 'Cargas de abonos pendientes encoladas de nuevo'],
    ])

    // Once closed, a failed job's batch is no longer swept; the others are while no queue holds them.
    const second = fakeQueue(new Map([[`payroll-import:${completed}`, 'waiting']]))
    expect(await sweepAllBatches(db, second.queue, silentLogger)).toBe(4)
    expect(second.calls).toEqual([
      `enqueue payroll-import:${missing}`,
      `enqueue payroll-import:${active}`,
      `enqueue payment-import:${paymentMissing}`,
      `enqueue payment-import:${paymentWaiting}`,
    ])
  })
})
