import { z } from 'zod'
import { idNumber } from '../common/fields'
import { IdParamsSchema, type Wire } from '../common/wire'

/** What the boletas API answers (`/payroll/:id/boletas…`, `/employees/:id/boletas`, `/boletas/…`). */

/** The boleta state of payroll lines, for the payroll's details page (a page of lines at a time). */
export const BoletaLinesQuerySchema = z.object({
  lineIds: z
    .union([idNumber(), z.array(idNumber())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).max(100, 'Consulte como máximo 100 líneas a la vez')),
})

export const BoletaLineStatusSchema = z.object({
  lineId: z.number(),
  /** `boletaState` code. */
  state: z.number(),
  dueDate: z.string().nullable(),
  late: z.boolean(),
  deliveredAt: z.date().nullable(),
  /** `boletaDeliveryMethod` code. */
  method: z.number().nullable(),
  deliveredBy: z.string().nullable(),
  email: z.string().nullable(),
  acknowledgedAt: z.date().nullable(),
  /** Whether the worker has an e-mail to send it to. */
  hasEmail: z.boolean(),
})
export type BoletaLineStatus = z.infer<typeof BoletaLineStatusSchema>
export type BoletaLineStatusWire = Wire<typeof BoletaLineStatusSchema>

/** A payroll's boletas as one background job (kind 1 the ZIP, 2 the e-mails). */
export const BoletaRunSchema = z.object({
  kind: z.number(),
  /** 1 PENDIENTE, 2 PROCESANDO, 3 TERMINADO, 4 CON ERRORES. */
  status: z.number(),
  progress: z.number(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  message: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.date(),
  finishedAt: z.date().nullable(),
  hasFile: z.boolean(),
})
export type BoletaRun = z.infer<typeof BoletaRunSchema>
export type BoletaRunWire = Wire<typeof BoletaRunSchema>

export const boletaRunStatus = {
  1: { key: 'PENDING', label: 'PENDIENTE' },
  2: { key: 'PROCESSING', label: 'PROCESANDO' },
  3: { key: 'DONE', label: 'TERMINADO' },
  4: { key: 'FAILED', label: 'CON ERRORES' },
} as const
export const BOLETA_RUN_KIND = { ZIP: 1, EMAIL: 2 } as const

/** The payroll's boletas in totals: delivered, acknowledged and pending, and those past the deadline. */
export const PayrollBoletasSchema = z.object({
  lines: z.number(),
  delivered: z.number(),
  deliveredLate: z.number(),
  acknowledged: z.number(),
  pending: z.number(),
  overdue: z.number(),
  withoutEmail: z.number(),
  mailConfigured: z.boolean(),
  runs: BoletaRunSchema.array(),
})
export type PayrollBoletas = z.infer<typeof PayrollBoletasSchema>
export type PayrollBoletasWire = Wire<typeof PayrollBoletasSchema>

export const BoletaRunBodySchema = z.object({
  kind: z.coerce
    .number({ error: 'Elija qué hacer con las boletas' })
    .refine((k) => k === 1 || k === 2, 'Elija qué hacer con las boletas'),
})

/** One worker's boletas by period, for their details page. */
export const EmployeeBoletaSchema = z.object({
  lineId: z.number(),
  payrollId: z.number(),
  payrollCode: z.string(),
  payrollName: z.string(),
  period: z.string(),
  amount: z.string(),
  paidDate: z.string().nullable(),
  state: z.number(),
  dueDate: z.string().nullable(),
  late: z.boolean(),
  deliveredAt: z.date().nullable(),
  acknowledgedAt: z.date().nullable(),
})

/** The public acknowledgement page's token (`/boletas/acuse/<token>`): 43 base64url characters. */
export const AckParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'El enlace no es válido'),
})

export const AckSchema = z.object({
  workerName: z.string(),
  period: z.string(),
  payrollCode: z.string(),
  acknowledgedAt: z.date().nullable(),
  /** True when this request did not record it: it had been acknowledged before. */
  already: z.boolean(),
})

/** Boletas past their deadline and not delivered, for the dashboard. */
export const OverdueBoletasSchema = z.object({
  total: z.number(),
  payrolls: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), overdue: z.number() })),
})

export const PayrollLineBoletaParamsSchema = IdParamsSchema.extend({
  lineId: z.coerce.number({ error: 'El identificador debe ser numérico' }).int().positive(),
})
