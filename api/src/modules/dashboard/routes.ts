import { mayUse, type Permission } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import * as q from './queries'

/**
 * GET /dashboard ('Control de pagos'): what needs attention, each part only for a user who may see
 * its module — payrolls not paid in full (planillas_lista), payroll and payment uploads running or
 * failed (planillas_carga, planillas_abonos), contracts about to end (contratos_lista),
 * supplier vouchers by step and what is owed (pagos_lista_lista).
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/', {
    config: { permission: 'dashboard' },
    schema: {
      tags: ['Portada'],
      ...routeSchema('GET /dashboard'),
    },
    handler: async (req) => {
      const may = (...permissions: Permission[]) => mayUse(req.user.roles, permissions)
      const [payrolls, uploads, contracts, payments] = await Promise.all([
        may('planillas_lista') ? q.payrollsToPay(app.db) : undefined,
        may('planillas_carga', 'planillas_abonos')
          ? q.uploadsToWatch(app.db, { payroll: may('planillas_carga'), payment: may('planillas_abonos') })
          : undefined,
        may('contratos_lista') ? q.contractsToRenew(app.db) : undefined,
        may('pagos_lista_lista') ? q.supplierPayments(app.db) : undefined,
      ])
      return ok({ payrolls, uploads, contracts, payments })
    },
  })
}
