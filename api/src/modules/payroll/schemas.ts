import { z } from 'zod'

export const PayrollRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  period: z.string(),
  name: z.string(),
  type: z.number(),
  status: z.number(),
  collaborators: z.number(),
  totalAmount: z.number(),
  /** 'Abonados': lines paid so far (SPEC's `paid`). */
  paid: z.number(),
  totalPaid: z.number(),
  progress: z.number(),
  batchId: z.number().nullable(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
})

export const PayrollOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  period: z.string(),
  type: z.number(),
})

export const PayrollLineSchema = z.object({
  id: z.number(),
  rowNumber: z.number(),
  employeeId: z.number(),
  identifierType: z.number(),
  identifier: z.string(),
  fullName: z.string(),
  bankCode: z.string(),
  bankAccount: z.string(),
  bankInterAccount: z.string().nullable(),
  amount: z.number(),
  paid: z.boolean(),
  paidDate: z.string().nullable(),
  operationNumber: z.string().nullable(),
  /** Review flags (domain LINE_REVIEW bits) and who confirmed them; reasons spelled out. */
  reviewFlags: z.number(),
  reviewReasons: z.array(z.string()),
  reviewConfirmedBy: z.string().nullable(),
  reviewConfirmedAt: z.date().nullable(),
  /** When the payroll's latest payment file went to the bank (all its lines are in it). */
  sentAt: z.date().nullable(),
  /** 1 PENDIENTE, 2 ENVIADO, 3 ABONADO, 4 OBSERVADO. */
  state: z.number(),
})
