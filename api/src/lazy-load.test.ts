import { modulesLoadedBy } from '@planillas/testing/processes'
import { describe, expect, it } from 'vitest'

/**
 * An API process at rest holds none of the libraries only some requests need (about 70 MB of RSS
 * together): the upload templates load exceljs on the first download, the receipts check loads
 * pdf-lib with the first receipt, an S3 store loads the AWS SDK with its first call, and a
 * vacancy's details load sanitize-html when first saved, and our xlsx reader (saxes, ssf) loads with
 * the first uploaded workbook. Exports use our own streamed writer
 * (formats/src/xlsx-writer.ts) and need none of them.
 */
const HEAVY = [
  /\/node_modules\/exceljs\//,
  /\/node_modules\/@cantoo\/pdf-lib\//,
  /\/node_modules\/pdf-lib\//,
  /\/node_modules\/@aws-sdk\//,
  /\/node_modules\/sanitize-html\//,
  /\/node_modules\/(saxes|ssf)\//,
]
const heavyAmong = (modules: string[]) => modules.filter((m) => HEAVY.some((pattern) => pattern.test(m)))

describe('what an API process loads before any request', () => {
  it('the whole app (every route module) loads none of them', async () => {
    const loaded = await modulesLoadedBy('api/src/app.ts')
    expect(loaded.some((m) => m.endsWith('/api/src/modules/abonos/receive.ts'))).toBe(true)
    expect(loaded.some((m) => m.endsWith('/api/src/lib/upload-template.ts'))).toBe(true)
    expect(heavyAmong(loaded)).toEqual([])
  }, 60_000)

  it('the modules that use them do load them on first use: the hook sees what this test looks for', async () => {
    expect(heavyAmong(await modulesLoadedBy('formats/src/receipt-pdf.ts')).length).toBeGreaterThan(0)
    expect(heavyAmong(await modulesLoadedBy('storage/src/storage-s3.ts')).length).toBeGreaterThan(0)
    expect(heavyAmong(await modulesLoadedBy('node_modules/sanitize-html/index.js')).length).toBeGreaterThan(0)
    expect(heavyAmong(await modulesLoadedBy('formats/src/xlsx-package.ts')).length).toBeGreaterThan(0)
  }, 60_000)
})
