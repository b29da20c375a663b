/** The first characters a spreadsheet reads as the start of a formula when a cell is typed: = @ tab CR + - */
const MAY_START_FORMULA = new Set([0x3d, 0x40, 0x09, 0x0d, 0x2b, 0x2d])

/**
 * Text a spreadsheet would evaluate if it were typed into a cell, or a cell holding it were edited
 * and entered again (OWASP formula injection): '=1+1', '@SUM(A1)', '+1+1', '-2+A1', "+cmd|' /C calc'!A0".
 * The streamed writer (xlsx-writer.ts) gives every such cell the quote-prefix style, so the text
 * shows and stays exactly as stored and is never run; `safeCell` is for workbooks exceljs writes.
 */
export const mayEvaluate = (text: string): boolean => MAY_START_FORMULA.has(text.charCodeAt(0))

/** A signed plain number ('-5', '-1,500.50') or dashes ('---', an empty value): nothing to evaluate. */
const INERT = /^(?:-+|[+-]\d[\d,]*(?:\.\d+)?)$/

/**
 * A cell value safe to open for a workbook exceljs writes (upload templates), which has no
 * quote-prefix style: text that may evaluate gets a leading apostrophe, except a signed plain
 * number or dashes; everything else is left as the screens show it.
 */
export function safeCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  return mayEvaluate(value) && !INERT.test(value) ? `'${value}` : value
}
