import {
  decimalToCents,
  LINE_REVIEW_MESSAGES,
  PAYMENT_FILE_COLUMNS,
  PAYMENT_ISSUE_KIND,
  PAYMENT_ROW_MESSAGES,
  type PaymentColumnKey,
  receiptKey,
} from '@planillas/domain'
import type { PaymentIssue } from './batch-store'
import type { PaymentRow } from './read-payments'

/** A payroll line as the match sees it, with the payment that already paid it, if any. */
export type LineState = {
  id: number
  identifierType: number
  identifier: string
  amount: string
  paidBatchId: number | null
  paidOperation: string | null
  /** Flagged for review (bank data, SIN CONTRATO) and not confirmed: it may not be paid yet. */
  awaitingReview?: boolean
  /** Why it cannot be paid now, for a reason of its own source (a supplier's voucher no longer APROBADO). */
  blockedReason?: string | null
}

/** How the observations name what a row should pay: payroll's by default, or a supplier run's. */
export type MatchMessages = {
  notFound: string
  amountDiffers: (paid: string, expected: string) => string
}

export type ReceiptRef = { id: number; fileName: string; matchKey: string }

/** A row that pays its line. */
export type Payment = {
  lineId: number
  rowNumber: number
  operationNumber: string
  amount: string
  receiptId: number | null
}

/** What the rows that name a receipt say about it: the stamp of its pages and its place in the merge. */
export type ReceiptUse = { firstRow: number; documents: string[]; operations: string[] }

export type MatchResult = {
  payments: Payment[]
  issues: PaymentIssue[]
  unmatched: number
  mismatched: number
  receiptUses: Map<number, ReceiptUse>
}

export const lineKey = (identifierType: number, identifier: string) => `${identifierType}|${identifier}`

const header = (key: PaymentColumnKey) => PAYMENT_FILE_COLUMNS.find((c) => c.key === key)?.header ?? key

/**
 * Matches every usable row to its payroll line, in file order. A row pays its line only when the
 * document is in the payroll, appears once in the file, the line is not paid yet, the amount is
 * the line's and the receipt it names was uploaded; anything else is an observation with its
 * reason, tied to the line when there is one. Receipts no row uses are observed too.
 */
export function matchPayments(input: {
  payrollCode: string
  rows: PaymentRow[]
  messages?: MatchMessages
  lines: ReadonlyMap<string, LineState>
  receipts: readonly ReceiptRef[]
}): MatchResult {
  const byKey = new Map(input.receipts.map((r) => [r.matchKey, r]))
  const firstRowOf = new Map<string, number>()
  const payments: Payment[] = []
  const issues: PaymentIssue[] = []
  const receiptUses = new Map<number, ReceiptUse>()
  let unmatched = 0
  let mismatched = 0
  const messages: MatchMessages = input.messages ?? {
    notFound: PAYMENT_ROW_MESSAGES.notInPayroll(input.payrollCode),
    amountDiffers: PAYMENT_ROW_MESSAGES.amountDiffers,
  }

  for (const row of input.rows) {
    const observe = (column: PaymentColumnKey, value: string, reason: string, lineId: number | null) => {
      issues.push({
        kind: PAYMENT_ISSUE_KIND.OBSERVATION,
        rowNumber: row.rowNumber,
        column: header(column),
        value,
        reason,
        payrollLineId: lineId,
      })
    }
    const receipt = row.receipt
      ? byKey.get(row.receipt)
      : (byKey.get(receiptKey(row.identifier)) ?? byKey.get(receiptKey(row.operationNumber)))
    if (receipt) {
      const use = receiptUses.get(receipt.id) ?? { firstRow: row.rowNumber, documents: [], operations: [] }
      use.documents.push(row.identifier)
      use.operations.push(row.operationNumber)
      receiptUses.set(receipt.id, use)
    }

    const key = lineKey(row.identifierType, row.identifier)
    const line = input.lines.get(key)
    const firstRow = firstRowOf.get(key)
    if (firstRow === undefined) firstRowOf.set(key, row.rowNumber)
    if (!line) {
      unmatched++
      observe('identifier', row.identifier, messages.notFound, null)
      continue
    }
    mismatched++
    if (firstRow !== undefined) {
      observe('identifier', row.identifier, PAYMENT_ROW_MESSAGES.repeated(firstRow), line.id)
    } else if (line.paidBatchId !== null) {
      observe(
        'identifier',
        row.identifier,
        PAYMENT_ROW_MESSAGES.alreadyPaid(line.paidBatchId, line.paidOperation ?? ''),
        line.id,
      )
    } else if (line.awaitingReview) {
      observe('identifier', row.identifier, LINE_REVIEW_MESSAGES.awaitingReview, line.id)
    } else if (line.blockedReason) {
      observe('identifier', row.identifier, line.blockedReason, null)
    } else if (decimalToCents(row.amount) !== decimalToCents(line.amount)) {
      observe('amount', row.amount, messages.amountDiffers(row.amount, line.amount), line.id)
    } else if (row.receipt && !receipt) {
      observe('receipt', row.receipt, PAYMENT_ROW_MESSAGES.receiptMissing(row.receipt), line.id)
    } else {
      mismatched--
      payments.push({
        lineId: line.id,
        rowNumber: row.rowNumber,
        operationNumber: row.operationNumber,
        amount: row.amount,
        receiptId: receipt?.id ?? null,
      })
    }
  }

  for (const r of input.receipts) {
    if (receiptUses.has(r.id)) continue
    issues.push({
      kind: PAYMENT_ISSUE_KIND.OBSERVATION,
      rowNumber: null,
      column: 'Constancias',
      value: r.fileName,
      reason: PAYMENT_ROW_MESSAGES.receiptUnused(r.fileName),
    })
  }
  return { payments, issues, unmatched, mismatched, receiptUses }
}
