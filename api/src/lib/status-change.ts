import { type Executor, recordAudit, type Transaction } from '@planillas/db'
import { type EnumTable, enumLabel, MESSAGES, ofNoun } from '@planillas/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from './envelope'
import { found } from './errors'

type Stated = { id: number; status: number }

export type StatusChange<Row extends Stated> = {
  entity: string
  /** Noun with article, e.g. 'el área'. */
  noun: string
  statuses: EnumTable
  get: (db: Executor, id: number) => Promise<Row | undefined>
  set: (db: Transaction, id: number, status: number) => Promise<Row>
  /** How the audit entry names the record, e.g. its code. */
  name: (row: Row) => string
}

/**
 * PUT /{resource}/{id}/status?status=N: one transaction that changes the status and writes the
 * audit entry; asking for the status a record already has changes nothing.
 */
export function statusChangeHandler<Row extends Stated>(app: FastifyInstance, change: StatusChange<Row>) {
  return async (req: FastifyRequest<{ Params: { id: number }; Querystring: { status: number } }>) => {
    await app.db.transaction(async (tx) => {
      const before = found(await change.get(tx, req.params.id))
      if (before.status === req.query.status) return
      const after = await change.set(tx, before.id, req.query.status)
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: change.entity,
        entityId: after.id,
        actor: req.user.email,
        description: `Cambió el estado ${ofNoun(change.noun)} ${change.name(after)} a ${enumLabel(change.statuses, after.status)}`,
      })
    })
    return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
  }
}
