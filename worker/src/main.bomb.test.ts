import { readFile } from 'node:fs/promises'
import { payrollBatchErrors, payrolls } from '@planillas/db'
import { BATCH_STATUS, FILE_MESSAGES } from '@planillas/domain'
import { streamedPayrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { waitFor } from '@planillas/testing/processes'
import { exited, workerProcessHarness } from '@planillas/testing/worker/process-harness'
import { nestedXmlWorkbook } from '@planillas/testing/xlsx-hostile-fixtures'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Files built to kill the worker. A nested-XML workbook is refused CON ERRORES with the
 * worker's peak memory bounded and the worker alive; a batch whose worker dies twice is set aside
 * CON ERRORES by the third worker without reading it.
 */
const ROWS = 20_000
const workers = workerProcessHarness('bomb', ROWS)

beforeAll(() => workers.setUp(), 120_000)
afterAll(() => workers.tearDown())

/** The peak resident memory of a process so far, in MB (Linux: VmHWM). */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

const recordBatch = (file: Buffer, code: string) => workers.recordBatch(file, code, 'Archivo hostil')

const errorsOf = async (id: number) =>
  (await workers.db.select().from(payrollBatchErrors).where(eq(payrollBatchErrors.batchId, id))).map(
    (e) => e.message,
  )

describe('files built to kill the worker', () => {
  it('refuses the nested-XML workbook CON ERRORES at once, with the worker alive and its memory bounded', async () => {
    const id = await recordBatch(await nestedXmlWorkbook(), 'PL-NESTED')
    const worker = workers.startWorker()
    const done = await waitFor(
      'CON ERRORES',
      async () => {
        const batch = await workers.batchState(id)
        return batch.status !== BATCH_STATUS.PENDING && batch.status !== BATCH_STATUS.PROCESSING && batch
      },
      90_000,
    )
    expect(done).toMatchObject({ status: BATCH_STATUS.FAILED, attempts: 1, crashes: 0 })
    expect(await errorsOf(id)).toEqual([FILE_MESSAGES.nested(64)])
    expect(worker.exitCode).toBeNull()
    expect(await peakRssMb(worker.pid as number)).toBeLessThan(400)
    worker.kill('SIGTERM')
    expect(await exited(worker)).toBe(0)
  }, 120_000)

  it('sets aside a batch whose worker died twice, without a third death', async () => {
    const file = await streamedPayrollWorkbook(ROWS, (i) => validRow(i))
    const id = await recordBatch(file, 'PL-CRASH')
    for (const attempt of [1, 2]) {
      const worker = workers.startWorker()
      await waitFor(
        `intento ${attempt}`,
        async () => {
          const batch = await workers.batchState(id)
          return batch.status === BATCH_STATUS.PROCESSING && batch.attempts === attempt && batch
        },
        90_000,
      )
      worker.kill('SIGKILL')
      await exited(worker)
    }
    const third = workers.startWorker()
    const done = await waitFor(
      'apartada',
      async () => {
        const batch = await workers.batchState(id)
        return batch.status !== BATCH_STATUS.PROCESSING && batch.status !== BATCH_STATUS.PENDING && batch
      },
      90_000,
    )
    expect(done).toMatchObject({ status: BATCH_STATUS.FAILED, attempts: 3, crashes: 2 })
    expect(await errorsOf(id)).toEqual([FILE_MESSAGES.crashed])
    expect((await workers.db.select({ n: count() }).from(payrolls))[0].n).toBe(0)
    expect(third.exitCode).toBeNull()
    third.kill('SIGTERM')
    expect(await exited(third)).toBe(0)
  }, 240_000)
})
