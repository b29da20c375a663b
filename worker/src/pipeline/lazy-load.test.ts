import { modulesLoadedBy } from '@planillas/testing/processes'
import { describe, expect, it } from 'vitest'

/**
 * A worker that only sweeps must not load what reads files (exceljs, pdf-lib, the xlsx reader and
 * its XML parser) nor any processor: they load the first time their job runs (processors/index).
 * Each case imports one module in a fresh Node process (tsx, as `npm run start:worker` does) with
 * a module hook that writes down every module it resolves.
 */
const HEAVY = [
  /\/node_modules\/exceljs\//,
  /\/node_modules\/@cantoo\/pdf-lib\//,
  /\/node_modules\/saxes\//,
  /\/formats\/src\/xlsx-[^/]+\.ts$/,
  /\/formats\/src\/receipt-pdf\.ts$/,
  /\/worker\/src\/processors\/(?!index\.ts$)[^/]+$/,
  // Each kind (kind.ts) and the batch store its `abandon` uses are light: the sweep loads them.
  /\/worker\/src\/payroll-import\/(?!batch-store\.ts$|kind\.ts$)[^/]+$/,
  /\/worker\/src\/payment-import\/(?!batch-store\.ts$|kind\.ts$)[^/]+$/,
]

const heavyAmong = (modules: string[]) => modules.filter((m) => HEAVY.some((pattern) => pattern.test(m)))

describe('what a worker loads before any job runs', () => {
  it('the worker service (sweeps, handlers, schedules) loads no processor and no file reader', async () => {
    const loaded = await modulesLoadedBy('worker/src/service.ts')
    expect(loaded.some((m) => m.endsWith('/worker/src/pipeline/sweep.ts'))).toBe(true)
    expect(loaded.some((m) => m.endsWith('/worker/src/processors/index.ts'))).toBe(true)
    expect(heavyAmong(loaded)).toEqual([])
  }, 60_000)

  it('the all-in-one process’s jobs (scripts/jobs.ts) load none either', async () => {
    expect(heavyAmong(await modulesLoadedBy('scripts/jobs.ts'))).toEqual([])
  }, 60_000)

  it('a processor does load them: the hook sees the modules this test looks for', async () => {
    const heavy = heavyAmong(await modulesLoadedBy('worker/src/processors/payment-import.ts'))
    expect(heavy.some((m) => m.includes('/node_modules/@cantoo/pdf-lib/'))).toBe(true)
    expect(heavy.some((m) => m.includes('/node_modules/saxes/'))).toBe(true)
    expect(heavy.some((m) => m.endsWith('/formats/src/xlsx-package.ts'))).toBe(true)
  }, 60_000)
})
