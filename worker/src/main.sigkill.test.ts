import { payrollLines, payrolls } from '@planillas/db'
import { BATCH_STATUS } from '@planillas/domain'
import { streamedPayrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { waitFor } from '@planillas/testing/processes'
import { exited, workerProcessHarness } from '@planillas/testing/worker/process-harness'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The worker process killed with SIGKILL in the middle of an import, then started again: the
 * batch must end PROCESADO with exactly one payroll and all its lines.
 */
const ROWS = 40_000
const workers = workerProcessHarness('sigkill', ROWS)

beforeAll(() => workers.setUp(), 120_000)
afterAll(() => workers.tearDown())

describe('worker killed mid-import', () => {
  it('finishes the batch after a restart with exactly one payroll and every line', async () => {
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    // Recorded PENDIENTE and never enqueued, as when Redis was down: the worker's start-up sweep finds it.
    const id = await workers.recordBatch(file, 'PL-SIGKILL', 'Kill -9')

    const first = workers.startWorker()
    await waitFor(
      'lectura en curso',
      async () => {
        const batch = await workers.batchState(id)
        return batch.status === BATCH_STATUS.PROCESSING && batch.rowsRead > 0 && batch
      },
      90_000,
    )
    first.kill('SIGKILL')
    await exited(first)
    const afterKill = await workers.batchState(id)
    expect(afterKill.status).toBe(BATCH_STATUS.PROCESSING)
    expect((await workers.db.select({ n: count() }).from(payrolls))[0].n).toBe(0)

    const second = workers.startWorker()
    const done = await waitFor(
      'PROCESADO',
      async () => {
        const batch = await workers.batchState(id)
        return batch.status !== BATCH_STATUS.PROCESSING && batch
      },
      90_000,
    )
    expect(done).toMatchObject({ status: BATCH_STATUS.PROCESSED, progress: 100, rowsRead: ROWS })
    expect(done.attempts).toBeGreaterThanOrEqual(2)
    const all = await workers.db.select().from(payrolls)
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ batchId: id, collaborators: ROWS })
    expect((await workers.db.select({ n: count() }).from(payrollLines))[0].n).toBe(ROWS)

    second.kill('SIGTERM')
    expect(await exited(second)).toBe(0)
  }, 240_000)
})
