import { FILE_MESSAGES, PAYROLL_TEMPLATE_HEADERS } from '@planillas/domain'
import { nestedXmlWorkbook, sharedStringsWorkbook } from '@planillas/testing/xlsx-hostile-fixtures'
import { describe, expect, it } from 'vitest'
import { openXlsx, readFirstRow, readSheetRowBatches, XLSX_LIMITS } from './xlsx-package'

/** Reads every row, giving the refusal's message (or 'leído'). */
async function readAll(file: Buffer): Promise<string> {
  try {
    const pkg = await openXlsx(file, { countRows: false })
    for await (const _ of readSheetRowBatches(pkg)) {
      // every row, as the worker does
    }
    return 'leído'
  } catch (error) {
    return (error as Error).message
  }
}

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024

describe('workbooks built to exhaust memory', () => {
  it('refuses two million nested elements from 15 KB of zip, with memory bounded', async () => {
    const file = await nestedXmlWorkbook()
    expect(file.length).toBeLessThan(20_000)
    const before = heapMb()
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, heapMb())
    }, 1)
    const message = await readAll(file)
    clearInterval(sampler)
    peak = Math.max(peak, heapMb())
    expect(message).toBe(FILE_MESSAGES.nested(XLSX_LIMITS.depth))
    expect(message).toContain('más de 64 niveles')
    expect(peak - before).toBeLessThan(64)
  })

  it('reads a real depth: inline rich text and prefixed elements are far from the limit', async () => {
    const file = await nestedXmlWorkbook(XLSX_LIMITS.depth - 8)
    expect(await readFirstRow(await openXlsx(file, { countRows: false }))).toEqual(PAYROLL_TEMPLATE_HEADERS)
    expect(await readAll(file)).toBe('leído')
  })

  it('refuses a shared-string table past its count, naming the limit', async () => {
    const message = await readAll(await sharedStringsWorkbook(XLSX_LIMITS.sharedStrings + 1))
    expect(message).toBe(FILE_MESSAGES.tooManyTexts(XLSX_LIMITS.sharedStrings))
    expect(message).toContain('1,700,000')
  })

  it('refuses shared strings past their total size, naming the limit', async () => {
    const message = await readAll(await sharedStringsWorkbook(31, 1_000_000))
    expect(message).toBe(FILE_MESSAGES.textsTooLong(XLSX_LIMITS.sharedStringChars))
    expect(message).toContain('30,000,000')
  })

  it('reads a table of many distinct texts under both limits', async () => {
    expect(await readAll(await sharedStringsWorkbook(200_000, 20))).toBe('leído')
  })
})
