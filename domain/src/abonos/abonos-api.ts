import { z } from 'zod'
import { idNumber } from '../common/fields'
import type { Wire } from '../common/wire'

/** What the payment uploads API answers (`/payment-batches`). */

/** A payment-made batch (id, uploadDate, createdBy, status, file) with the job's state and counts. */
export const PaymentBatchRowSchema = z.object({
  id: z.number(),
  /** 'PAYROLL' (payrollId set) or 'VOUCHERS' (orderId, a supplier payment run, set). */
  source: z.string(),
  payrollId: z.number().nullable(),
  orderId: z.number().nullable(),
  /** The payroll's code, or the run's number, as typed. */
  payrollNumber: z.string(),
  payrollDesc: z.string().nullable(),
  paymentDate: z.string(),
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  matchedCount: z.number(),
  unmatchedCount: z.number(),
  mismatchedCount: z.number(),
  issueCount: z.number(),
  receiptCount: z.number(),
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
})

export const PaymentIssueSchema = z.object({
  id: z.number(),
  /** 1 OBSERVACIÓN, 2 ERROR. */
  kind: z.number(),
  rowNumber: z.number().nullable(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  reason: z.string(),
})

/**
 * Whether a payments upload could name this payroll, asked by the upload form with JavaScript
 * while it holds the files back for other problems, so that every problem shows at once.
 */
export const PayrollCheckQuerySchema = z.object({ number: z.string().trim().min(1).max(100) })
export const PayrollCheckSchema = z.object({ problem: z.string().nullable() })

/** The payment state of payroll lines, for the payroll's details page. */
export const LineStatusQuerySchema = z.object({
  payrollId: idNumber('Planilla inválida'),
  lineIds: z
    .union([idNumber(), z.array(idNumber())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).max(100, 'Consulte como máximo 100 líneas a la vez')),
})

export const LineStatusSchema = z.object({
  lineId: z.number(),
  paid: z.boolean(),
  batchId: z.number().nullable(),
  paymentDate: z.string().nullable(),
  operationNumber: z.string().nullable(),
  amountPaid: z.number().nullable(),
  receiptId: z.number().nullable(),
  receiptName: z.string().nullable(),
  /** Where the receipt is downloaded (API path); null without a receipt. */
  receiptUrl: z.string().nullable(),
  /** For a pending line: the latest observation that left it unpaid, or that no upload named it yet. */
  pendingReason: z.string().nullable(),
})

export type PaymentBatchRow = Wire<typeof PaymentBatchRowSchema>
export type PaymentIssue = Wire<typeof PaymentIssueSchema>
export type LineStatus = Wire<typeof LineStatusSchema>
