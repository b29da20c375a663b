import { describeChanges, recordAudit } from '@planillas/db'
import { MESSAGES, type RecordStatus, recordStatus } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { listPage } from '../../lib/list-guard'
import { statusChangeHandler } from '../../lib/status-change'
import * as q from './queries'

const tags = ['banks']
const labels = { name: 'Nombre', shortName: 'Nombre corto' }

/**
 * 'Mantenimiento › Bancos': the banks catalogue an administrator completes (issue 11). The code is
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
      const row = await app.db.transaction(async (tx) => {
        const created = await q.insertBank(tx, req.body, req.user.email)
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'banks',
          entityId: created.code,
          actor: req.user.email,
          description: `Creó el banco ${created.code} '${created.name}' (${created.shortName})`,
        })
        return created
      })
      return ok({ code: row.code }, [MESSAGES.saved])
    },
  })

  app.put('/:code', {
    config: { permission: 'bancos_edicion' },
    schema: { tags, ...routeSchema('PUT /banks/:code') },
    handler: async (req) => {
      await app.db.transaction(async (tx) => {
        const before = found(await q.getBank(tx, req.params.code))
        const changes = describeChanges(before, req.body, labels)
        if (changes === 'sin cambios') return
        await q.updateBank(tx, before.code, req.body)
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'banks',
          entityId: before.code,
          actor: req.user.email,
          description: `Actualizó el banco ${before.code}: ${changes}`,
        })
      })
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
