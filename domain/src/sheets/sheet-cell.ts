/**
 * The row-and-cell kit of every spreadsheet upload (payroll, abonos, vouchers): a cell as the reader
 * saw it, its text, the digits a numeric cell certainly holds, a column's letter and a value
 * clipped for a message. Each upload's own rules stand in its subject (`payroll/payroll-row.ts`,
 * `abonos/abono-row.ts`, `vouchers/voucher-file.ts`).
 */

/** One spreadsheet cell as the reader saw it, independent of the spreadsheet library. */
export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /**
   * `format`: the cell's number format code when it is not General (e.g. '0000000000000', '@');
   * `shown`: the value as that format shows it ('1,000' for 999.99 under '#,##0'), null when the
   * reader could not render the format.
   */
  | { kind: 'number'; value: number; format?: string; shown?: string | null }
  | { kind: 'date'; text: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'formula'; text: string }
  | { kind: 'error'; text: string }

export type RowProblem = { column: string; value: string; message: string }

export type Checked<T> = { value: T } | { message: string }

/** The text a cell holds, as a header or a whole row is read (the XLSX reader's rows) and shown. */
export function cellAsText(cell: SheetCell): string {
  switch (cell.kind) {
    case 'empty':
      return ''
    case 'number':
      return String(cell.value)
    case 'boolean':
      return cell.value ? 'VERDADERO' : 'FALSO'
    default:
      return cell.text
  }
}

/** How a cell is shown beside an error: its text, clipped. */
export const cellText = (cell: SheetCell): string => clip(cellAsText(cell))

/**
 * The digits a numeric cell shows when nothing can have been lost: a format of zeros only
 * ('0000000000000') at least as wide as the number pads it to that width, so the padded text is
 * what the clerk sees and typed.
 * Null otherwise (General, '@', '0'…): a leading zero typed into such a cell is gone for good.
 */
export function paddedDigits(cell: { value: number; format?: string }): string | null {
  const { value, format } = cell
  if (!format || !/^0+$/.test(format) || !Number.isSafeInteger(value) || value < 0) return null
  const plain = String(value)
  // The format sets the width ('0' pads nothing: a typed zero would be gone all the same).
  return plain.length <= format.length && format.length > 1 ? plain.padStart(format.length, '0') : null
}

/**
 * A numeric cell in a digit-string column (document, account, operation): its digits when they
 * are certain — padded by a zero format, or exactly `fixedLength` long where no leading zero can
 * be missing — and null when the clerk must type the column as text.
 */
export function certainDigits(cell: { value: number; format?: string }, fixedLength?: number): string | null {
  const padded = paddedDigits(cell)
  if (padded !== null) return padded
  if (!Number.isSafeInteger(cell.value) || cell.value < 0) return null
  const plain = String(cell.value)
  return fixedLength && plain.length === fixedLength ? plain : null
}

/** Spreadsheet column letter of a 0-based index: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rest = (n - 1) % 26
    letters = String.fromCharCode(65 + rest) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

/** The media type of an .xlsx workbook: the uploads stored, the templates and exports sent. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A value short enough to show in a message or store beside an error. */
export function clip(value: string, max = 100): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

/** A row with no value in any cell is skipped, as spreadsheets often carry blank formatted rows. */
export const isBlankRow = (cells: readonly SheetCell[]) =>
  cells.every((c) => c.kind === 'empty' || (c.kind === 'text' && !c.text.trim()))
