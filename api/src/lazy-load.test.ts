import { modulesLoadedBy } from '@planillas/testing/processes'
import { describe, expect, it } from 'vitest'

/**
 * An API process at rest holds neither exceljs nor pdf-lib (about 30 MB of its RSS): the
 * upload templates load exceljs on the first download and the receipts check loads pdf-lib with the
 * first receipt. Exports use our own streamed writer (formats/src/xlsx-writer.ts) and need neither.
 */
const HEAVY = [/\/node_modules\/exceljs\//, /\/node_modules\/@cantoo\/pdf-lib\//, /\/node_modules\/pdf-lib\//]
const heavyAmong = (modules: string[]) => modules.filter((m) => HEAVY.some((pattern) => pattern.test(m)))

describe('what an API process loads before any request', () => {
  it('the whole app (every route module) loads neither exceljs nor pdf-lib', async () => {
    const loaded = await modulesLoadedBy('api/src/app.ts')
    expect(loaded.some((m) => m.endsWith('/api/src/modules/abonos/receive.ts'))).toBe(true)
    expect(loaded.some((m) => m.endsWith('/api/src/lib/upload-template.ts'))).toBe(true)
    expect(heavyAmong(loaded)).toEqual([])
  }, 60_000)

  it('the modules that use them do load them on first use: the hook sees what this test looks for', async () => {
    expect(heavyAmong(await modulesLoadedBy('formats/src/receipt-pdf.ts')).length).toBeGreaterThan(0)
  }, 60_000)
})
