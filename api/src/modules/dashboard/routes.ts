import { mayUse, type Permission } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '../../lib/envelope'
import * as q from './queries'

const PayrollsSchema = z.object({
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
const UploadsSchema = z.object({
  failedWindowDays: z.number(),
  payroll: Counts.optional(),
  payment: Counts.optional(),
})
const ContractsSchema = z.object({
  count: z.number(),
  next: z.array(
    z.object({ id: z.number(), number: z.string(), fullName: z.string(), finishDate: z.string().nullable() }),
  ),
  endingByMonth: z.array(z.object({ month: z.string(), count: z.number() })),
})

/**
 * GET /dashboard ('Control de pagos'): what needs attention, each part only for a user who may see
 * its module — payrolls not paid in full (planillas_lista), payroll and payment uploads running or
 * failed (planillas_carga, planillas_abonos), contracts about to end (contratos_lista).
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/', {
    config: { permission: 'dashboard' },
    schema: {
      tags: ['Portada'],
      response: {
        200: envelopeOf(
          z.object({
            payrolls: PayrollsSchema.optional(),
            uploads: UploadsSchema.optional(),
            contracts: ContractsSchema.optional(),
          }),
        ),
      },
    },
    handler: async (req) => {
      const may = (...permissions: Permission[]) => mayUse(req.user.roles, permissions)
      const [payrolls, uploads, contracts] = await Promise.all([
        may('planillas_lista') ? q.payrollsToPay(app.db) : undefined,
        may('planillas_carga', 'planillas_abonos')
          ? q.uploadsToWatch(app.db, { payroll: may('planillas_carga'), payment: may('planillas_abonos') })
          : undefined,
        may('contratos_lista') ? q.contractsToRenew(app.db) : undefined,
      ])
      return ok({ payrolls, uploads, contracts })
    },
  })
}
