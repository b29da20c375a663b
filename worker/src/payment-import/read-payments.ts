import {
  checkPaymentRow,
  FILE_MESSAGES,
  isBlankRow,
  PAYMENT_ISSUE_KIND,
  PAYMENT_LIMITS,
  type PaymentRowValues,
  paymentHeaderProblems,
} from '@planillas/domain'
import { XlsxFileError, type XlsxPackage } from '@planillas/formats/xlsx-package'
import { readSheetRows } from '../sheets/sheet-rows'
import type { PaymentIssue } from './batch-store'
import { bankResultMapper } from './read-bank-result'

export type PaymentRow = PaymentRowValues & { rowNumber: number }

export type ReadPayments = {
  rows: PaymentRow[]
  /** Observations of rows that cannot be used as they are (bad values). */
  rowIssues: PaymentIssue[]
  rowsRead: number
}

/**
 * Streams the payments sheet (exceljs, through the checked package) and checks every row on its
 * own. A file that cannot serve at all (wrong header, no rows, too many rows) throws
 * `XlsxFileError` with the clerk's message.
 */
export async function readPayments(
  pkg: XlsxPackage,
  onProgress: (rowsRead: number, total: number) => Promise<void>,
): Promise<ReadPayments> {
  // Only a progress total: styled blank rows are counted there, never against the limit.
  const total = Math.max(1, pkg.rowElements - 1)
  const inSheet = (message: string) =>
    pkg.sheetCount > 1 ? FILE_MESSAGES.inSheet(pkg.sheetName, message) : message
  const rows: PaymentRow[] = []
  const rowIssues: PaymentIssue[] = []
  let rowsRead = 0
  let header = true
  const hiddenRows: number[] = []
  // The bank's result report is read through a mapper to the template's cells.
  let bankResult: ReturnType<typeof bankResultMapper> = null
  for await (const row of readSheetRows(pkg)) {
    if (isBlankRow(row.cells)) continue
    if (header) {
      header = false
      const texts = row.cells.map((c) => (c.kind === 'text' ? c.text : ''))
      const problems =
        row.number === 1 ? paymentHeaderProblems(texts) : [FILE_MESSAGES.headerRowAt(row.number)]
      // The bank's result report is read as it comes, its columns mapped by their names.
      bankResult = problems.length && row.number === 1 ? bankResultMapper(texts) : null
      if (problems.length && !bankResult) throw new XlsxFileError(inSheet(problems.join('. ')))
      continue
    }
    if (++rowsRead > PAYMENT_LIMITS.maxRows) throw new XlsxFileError(FILE_MESSAGES.tooManyRows)
    // A clerk hides a row to leave it out: paying it would go against what the sheet shows.
    if (row.hidden) {
      hiddenRows.push(row.number)
      continue
    }
    const mapped = bankResult ? bankResult(row.cells, row.number) : { cells: row.cells }
    if ('notPaid' in mapped) {
      rowIssues.push({
        kind: PAYMENT_ISSUE_KIND.OBSERVATION,
        rowNumber: row.number,
        column: null,
        value: null,
        reason: mapped.notPaid,
      })
      continue
    }
    const { values, problems } = checkPaymentRow(mapped.cells)
    for (const p of problems) {
      rowIssues.push({
        kind: PAYMENT_ISSUE_KIND.OBSERVATION,
        rowNumber: row.number,
        column: p.column,
        value: p.value,
        reason: p.message,
      })
    }
    if (values) rows.push({ ...values, rowNumber: row.number })
    if (rowsRead % 1000 === 0) await onProgress(rowsRead, total)
  }
  if (header) throw new XlsxFileError(inSheet(FILE_MESSAGES.empty))
  if (rowsRead === 0) throw new XlsxFileError(inSheet(FILE_MESSAGES.noDataRows))
  if (hiddenRows.length) throw new XlsxFileError(inSheet(FILE_MESSAGES.hiddenRows(hiddenRows)))
  return { rows, rowIssues, rowsRead }
}
