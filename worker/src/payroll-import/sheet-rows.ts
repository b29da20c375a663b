import { rowReaderInput, XlsxFileError, type XlsxPackage } from '@planillas/db/xlsx-package'
import { FILE_MESSAGES, type SheetCell } from '@planillas/domain'
import ExcelJS from 'exceljs'

export type SheetRow = { number: number; cells: SheetCell[] }

/**
 * The rows of a checked package's first sheet, streamed by exceljs (STACK: streaming is the only
 * sane reader), each cell reduced to what the row rules need.
 */
export async function* readSheetRows(pkg: XlsxPackage): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(rowReaderInput(pkg), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  const rows = (async function* () {
    for await (const worksheet of reader) yield* worksheet
  })()
  try {
    for (;;) {
      let next: IteratorResult<ExcelJS.Row>
      try {
        next = await rows.next()
      } catch (error) {
        // XML that exceljs cannot parse is the file's fault: the clerk gets a message, not a retry.
        throw new XlsxFileError(FILE_MESSAGES.unreadable, { cause: error })
      }
      if (next.done) return
      const values = next.value.values as unknown[]
      const cells: SheetCell[] = []
      for (let i = 1; i < values.length; i++) cells.push(toCell(values[i]))
      yield { number: next.value.number, cells }
    }
  } finally {
    // The consumer stopped early (a wrong header): let exceljs' generators unwind.
    await rows.return(undefined).catch(() => {})
  }
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
