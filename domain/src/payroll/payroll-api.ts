import { z } from 'zod'
import { idNumber } from '../common/fields'
import { IdParamsSchema, type Wire } from '../common/wire'

/** What the payroll API answers (`/payroll`) and its uploads (`/payroll-batch`). */

export const PayrollRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  period: z.string(),
  name: z.string(),
  type: z.number(),
  status: z.number(),
  collaborators: z.number(),
  totalAmount: z.number(),
  /** 'Abonados': lines paid so far (`paid`). */
  paid: z.number(),
  totalPaid: z.number(),
  progress: z.number(),
  batchId: z.number().nullable(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
})

/** The whole filtered list's sums (every page, not only the one shown): its totals row. */
export const PayrollTotalsSchema = z.object({
  collaborators: z.number(),
  totalAmount: z.number(),
  paid: z.number(),
  totalPaid: z.number(),
})

export const PayrollOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  period: z.string(),
  type: z.number(),
})

/** The sums of a payroll's filtered lines (every page, not only the one shown): its totals row. */
export const PayrollLineTotalsSchema = z.object({
  amount: z.number(),
  paid: z.number(),
  paidAmount: z.number(),
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

export const PayrollLineParamsSchema = IdParamsSchema.extend({
  lineId: z.coerce.number({ error: 'El identificador debe ser numérico' }).int().positive(),
})

export const BatchRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  period: z.string(),
  name: z.string(),
  type: z.number(),
  status: z.number(),
  progress: z.number(),
  rowsRead: z.number(),
  errorCount: z.number(),
  /** A payroll batch: the upload date and the file with its download address. */
  uploadDate: z.date(),
  file: z.object({ name: z.string(), url: z.string(), size: z.number() }),
  createdBy: z.string().nullable(),
  finishedAt: z.date().nullable(),
  payrollId: z.number().nullable(),
})

export const BatchErrorSchema = z.object({
  rowNumber: z.number().nullable(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
})

export type PayrollRow = Wire<typeof PayrollRowSchema>
export type PayrollOption = Wire<typeof PayrollOptionSchema>
export type PayrollLine = Wire<typeof PayrollLineSchema>
export type PayrollBatchRow = Wire<typeof BatchRowSchema>
export type PayrollBatchError = Wire<typeof BatchErrorSchema>

/** One concept of a payroll line (PLAME table 22), as imported: amount in céntimos. */
export const PayrollLineConceptSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** 1 ingreso, 2 descuento o aporte del trabajador, 3 aporte del empleador. */
  kind: z.number(),
  amountCents: z.number(),
})

/** A payroll line with what the optional columns of its file gave (all null or empty in an old file). */
export const PayrollLineDetailSchema = PayrollLineSchema.extend({
  daysWorked: z.number().nullable(),
  ordinaryMinutes: z.number().nullable(),
  overtimeMinutes: z.number().nullable(),
  pensionSystem: z.string().nullable(),
  cuspp: z.string().nullable(),
  concepts: z.array(PayrollLineConceptSchema),
})

/** The files declared from a payroll's concepts: PLAME's .rem and .jor, and the AFPnet sheet. */
export const DECLARATION_FILE_KINDS = ['rem', 'jor', 'afpnet'] as const
export type DeclarationFileKind = (typeof DECLARATION_FILE_KINDS)[number]
export const DeclarationFileParamsSchema = IdParamsSchema.extend({
  kind: z.enum(DECLARATION_FILE_KINDS, { error: 'El archivo debe ser rem, jor o afpnet' }),
})
export const DeclarationFileQuerySchema = z.object({
  companyId: idNumber('Elija la empresa que declara'),
})
/** A company's files of a month: every payroll of the period whose workers it employs. */
export const DeclarationMonthParamsSchema = DeclarationFileParamsSchema.pick({ kind: true })
export const DeclarationMonthQuerySchema = DeclarationFileQuerySchema.extend({
  period: z
    .string({ error: 'Indique el periodo' })
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Periodo inválido: use el formato AAAAMM'),
})

export type PayrollLineDetail = Wire<typeof PayrollLineDetailSchema>
export type PayrollLineConcept = Wire<typeof PayrollLineConceptSchema>
