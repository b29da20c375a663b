import { z } from 'zod'
import type { Wire } from '../common/wire'

/** 'Control de pagos' (`GET /dashboard`): each part present only for a user who may see its module. */
export const DashboardPayrollsSchema = z.object({
  count: z.number(),
  pendingLines: z.number(),
  pendingAmount: z.number(),
  recent: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      period: z.string(),
      collaborators: z.number(),
      paid: z.number(),
      totalAmount: z.number(),
      totalPaid: z.number(),
      progress: z.number(),
    }),
  ),
  byWeek: z.array(z.object({ week: z.string(), paid: z.number(), pending: z.number() })),
  period: z.object({
    period: z.string(),
    payrolls: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), progress: z.number() })),
  }),
})
const Counts = z.object({ running: z.number(), failed: z.number() })
export const DashboardUploadsSchema = z.object({
  failedWindowDays: z.number(),
  payroll: Counts.optional(),
  payment: Counts.optional(),
})
export const DashboardContractsSchema = z.object({
  count: z.number(),
  next: z.array(
    z.object({ id: z.number(), number: z.string(), fullName: z.string(), finishDate: z.string().nullable() }),
  ),
  endingByMonth: z.array(z.object({ month: z.string(), count: z.number() })),
})

/** 'Pagos a proveedores', for users with `pagos_lista_lista`; amounts in céntimos. */
export const DashboardPaymentsSchema = z.object({
  toAuthorize: z.object({ count: z.number(), totalCents: z.number() }),
  toApprove: z.object({ count: z.number(), totalCents: z.number() }),
  approvedToPay: z.object({ count: z.number(), netCents: z.number() }),
  overdue: z.object({ count: z.number(), totalCents: z.number() }),
  /** What is still owed: REGISTRADO, AUTORIZADO and APROBADO vouchers, net of their deductions. */
  solesToPayCents: z.number(),
  /** Detracciones of APROBADO or PAGADO vouchers without a Banco de la Nación deposit yet. */
  detractionsToDeposit: z.object({ count: z.number(), amountCents: z.number() }),
  /** Of those, past their deadline: the 5th business day of the month after the voucher's issue. */
  detractionsOverdue: z.object({ count: z.number(), amountCents: z.number() }),
  /** Of those, still within their deadline. */
  detractionsPending: z.object({ count: z.number(), amountCents: z.number() }),
  /** Deposited this month (by the deposit's date, from `since`, the month's first day). */
  detractionsDeposited: z.object({ count: z.number(), amountCents: z.number(), since: z.string() }),
  /** Comprobantes de retención PENDIENTES de envío, and of those past the 7 calendar days after issue. */
  retentionReceiptsToSend: z.object({ count: z.number(), overdue: z.number() }),
})

export const DashboardSchema = z.object({
  payrolls: DashboardPayrollsSchema.optional(),
  uploads: DashboardUploadsSchema.optional(),
  contracts: DashboardContractsSchema.optional(),
  payments: DashboardPaymentsSchema.optional(),
})

export type Dashboard = Wire<typeof DashboardSchema>
