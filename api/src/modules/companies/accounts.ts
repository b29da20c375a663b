import { COMPANY_ACCOUNT_MESSAGES } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import * as q from './queries'
import { addCompanyAccount } from './service'

/** GET/POST /companies/:id/accounts: 'Cuentas de la empresa', audited. */
export async function companyAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/:id/accounts', {
    config: { permission: 'empresas_lista' },
    schema: {
      tags: ['companies'],
      ...routeSchema('GET /companies/:id/accounts'),
    },
    handler: async (req) => ok(await q.companyAccounts(app.db, req.params.id)),
  })

  app.post('/:id/accounts', {
    config: { permission: 'empresas_edicion' },
    schema: {
      tags: ['companies'],
      ...routeSchema('POST /companies/:id/accounts'),
    },
    handler: async (req) => {
      const id = await addCompanyAccount(app.db, req.user.email, req.params.id, req.body)
      return ok({ id }, [COMPANY_ACCOUNT_MESSAGES.created])
    },
  })
}
