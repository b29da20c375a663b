import { MESSAGES, type RecordStatus, recordStatus } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import { listPage } from '../../lists/guard'
import * as q from './queries'
import { createBank, updateBank } from './service'

const tags = ['banks']

/**
 * 'Mantenimiento › Bancos': the banks catalogue an administrator completes. The code is
 * the key and the CCIs' prefix: set on creation, never edited; a bank is suspended, never deleted
 * (employees, accounts and payroll lines refer to it).
 */
export async function bankRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // The forms' dropdown (employee, company accounts): any signed-in user, active banks only.
  app.get('/', {
    schema: {
      tags,
      description: 'Bancos activos; el id es el código de 3 dígitos con el que empiezan sus CCI.',
      ...routeSchema('GET /banks'),
    },
    handler: async () => ok(await q.activeBanks(app.db)),
  })

  app.post('/list', {
    config: { permission: 'bancos_lista' },
    schema: {
      tags,
      ...routeSchema('POST /banks/list'),
    },
    handler: async (req) => ok(await q.listBankPage(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/:code', {
    config: { permission: ['bancos_lista', 'bancos_edicion'] },
    schema: { tags, ...routeSchema('GET /banks/:code') },
    handler: async (req) => ok(found(await q.getBank(app.db, req.params.code))),
  })

  app.post('/', {
    config: { permission: 'bancos_edicion' },
    schema: { tags, ...routeSchema('POST /banks') },
    handler: async (req) => {
      const code = await createBank(app.db, req.user.email, req.body)
      return ok({ code }, [MESSAGES.saved])
    },
  })

  app.put('/:code', {
    config: { permission: 'bancos_edicion' },
    schema: { tags, ...routeSchema('PUT /banks/:code') },
    handler: async (req) => {
      await updateBank(app.db, req.user.email, req.params.code, req.body)
      return ok({ code: req.params.code }, [MESSAGES.saved])
    },
  })

  app.put('/:code/status', {
    config: { permission: 'bancos_edicion' },
    schema: { tags, ...routeSchema('PUT /banks/:code/status') },
    handler: statusChangeHandler<q.BankRow, string, 'code'>(app, {
      entity: 'banks',
      noun: 'el banco',
      statuses: recordStatus,
      param: 'code',
      get: q.getBank,
      set: (tx, code, status) => q.setBankStatus(tx, code, status as RecordStatus),
      name: (row) => `${row.code} '${row.name}'`,
    }),
  })
}
