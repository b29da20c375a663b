import { describeChanges, recordAudit } from '@planillas/db'
import {
  BankFilterSchema,
  BankParamsSchema,
  BankSchema,
  BankUpdateSchema,
  MESSAGES,
  PageQuerySchema,
  type RecordStatus,
  recordStatus,
} from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok, pageOf, StatusQuerySchema } from '../../lib/envelope'
import { found } from '../../lib/errors'
import { statusChangeHandler } from '../../lib/status-change'
import * as q from './queries'

const tags = ['banks']
const labels = { name: 'Nombre', shortName: 'Nombre corto' }

export const BankRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  status: z.number(),
  /** 'referencia' (db/reference/banks.csv) or 'usuario' (added or edited by an administrator). */
  source: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

const SavedSchema = envelopeOf(z.object({ code: z.string() }))

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
      response: {
        200: envelopeOf(z.array(z.object({ id: z.string(), name: z.string(), shortName: z.string() }))),
      },
    },
    handler: async () => ok(await q.activeBanks(app.db)),
  })

  app.post('/list', {
    config: { permission: 'bancos_lista' },
    schema: {
      tags,
      querystring: PageQuerySchema,
      body: BankFilterSchema.nullish(),
      response: { 200: envelopeOf(pageOf(BankRowSchema)) },
    },
    handler: async (req) => ok(await q.listBankPage(app.db, req.body ?? {}, req.query)),
  })

  app.get('/:code', {
    config: { permission: ['bancos_lista', 'bancos_edicion'] },
    schema: { tags, params: BankParamsSchema, response: { 200: envelopeOf(BankRowSchema) } },
    handler: async (req) => ok(found(await q.getBank(app.db, req.params.code))),
  })

  app.post('/', {
    config: { permission: 'bancos_edicion' },
    schema: { tags, body: BankSchema, response: { 200: SavedSchema } },
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
    schema: { tags, params: BankParamsSchema, body: BankUpdateSchema, response: { 200: SavedSchema } },
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
    schema: {
      tags,
      params: BankParamsSchema,
      querystring: StatusQuerySchema,
      response: { 200: SavedSchema },
    },
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
