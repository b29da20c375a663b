import { rowReaderInput, XlsxFileError, type XlsxPackage } from '@planillas/db/xlsx-package'
import { FILE_MESSAGES, type SheetCell } from '@planillas/domain'
import type ExcelJS from 'exceljs'
// Only the streaming reader: the whole library (writers, zip, csv) weighs ~8 MB more per process.
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js'

export type SheetRow = { number: number; cells: SheetCell[] }

/**
 * The rows of a checked package's first sheet, streamed by exceljs (STACK: streaming is the only
 * sane reader) over the once-inflated, counted parts of `rowReaderInput`, each cell reduced to
 * what the row rules need, in batches (the rows of one parsed chunk: one await per batch, not per
 * row). `onProgress` gets the fraction of the sheet read so far.
 */
export async function* readSheetRowBatches(
  pkg: XlsxPackage,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<SheetRow[]> {
  const input = rowReaderInput(pkg, onProgress)
  const reader = new WorkbookReader(input.stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  // exceljs' own per-chunk event batches, below its row-by-row iterator.
  const batches = (async function* () {
    for await (const worksheet of reader) {
      const parse = (
        worksheet as unknown as { parse(): AsyncIterable<{ eventType: string; value: ExcelJS.Row }[]> }
      ).parse()
      for await (const events of parse) yield events
    }
  })()
  // A bomb, a DTD or corrupt data cut the input short: that, not the reader's complaint, is news.
  const failed = (error?: unknown) =>
    input.failure() ?? new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
  try {
    for (;;) {
      let next: IteratorResult<{ eventType: string; value: ExcelJS.Row }[]>
      try {
        next = await batches.next()
      } catch (error) {
        throw failed(error)
      }
      if (next.done) {
        if (input.failure()) throw failed()
        return
      }
      const rows: SheetRow[] = []
      for (const { eventType, value } of next.value) {
        if (eventType !== 'row') continue
        const values = value.values as unknown[]
        const cells: SheetCell[] = []
        for (let i = 1; i < values.length; i++) cells.push(toCell(values[i]))
        rows.push({ number: value.number, cells })
      }
      if (rows.length) yield rows
    }
  } finally {
    // The consumer stopped early (a wrong header): let exceljs' generators unwind.
    await batches.return(undefined).catch(() => {})
    input.stream.destroy()
  }
}

/** The same rows one by one. */
export async function* readSheetRows(
  pkg: XlsxPackage,
  onProgress?: (fraction: number) => void,
): AsyncGenerator<SheetRow> {
  for await (const batch of readSheetRowBatches(pkg, onProgress)) yield* batch
}

const EMPTY: SheetCell = { kind: 'empty' }

export function toCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return EMPTY
  if (typeof value === 'string') return value === '' ? EMPTY : { kind: 'text', text: value }
  if (typeof value === 'number') return { kind: 'number', value }
  if (typeof value === 'boolean') return { kind: 'boolean', value }
  if (value instanceof Date)
    return { kind: 'date', text: Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10) }
  const object = value as Record<string, unknown>
  if ('formula' in object || 'sharedFormula' in object) {
    return { kind: 'formula', text: `=${String(object.formula ?? object.sharedFormula ?? '')}` }
  }
  if ('error' in object) return { kind: 'error', text: String(object.error) }
  if (Array.isArray(object.richText)) {
    return { kind: 'text', text: object.richText.map((run: { text?: string }) => run.text ?? '').join('') }
  }
  if ('text' in object) return toCell(object.text)
  return EMPTY
}
