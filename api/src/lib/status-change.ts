import { type Executor, recordAudit, type Transaction } from '@planillas/db'
import { type EnumTable, enumLabel, MESSAGES, ofNoun } from '@planillas/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from './envelope'
import { found } from './errors'

type Stated = { status: number }

export type StatusChange<Row extends Stated, Key extends number | string = number> = {
  entity: string
  /** Noun with article, e.g. 'el área'. */
  noun: string
  statuses: EnumTable
  get: (db: Executor, key: Key) => Promise<Row | undefined>
  set: (db: Transaction, key: Key, status: number) => Promise<Row>
  /** How the audit entry names the record, e.g. its code. */
  name: (row: Row) => string
}

/**
 * PUT /{resource}/{id}/status?status=N: one transaction that changes the status and writes the
 * audit entry; asking for the status a record already has changes nothing.
 */
export function statusChangeHandler<
  Row extends Stated,
  Key extends number | string = number,
  Param extends string = 'id',
>(
  app: FastifyInstance,
  change: StatusChange<Row, Key> & {
    /** The route parameter that names the record: `id` (default), or `code` for a coded catalogue (banks). */
    param?: Param
  },
) {
  const param = (change.param ?? 'id') as Param
  return async (req: FastifyRequest<{ Params: Record<Param, Key>; Querystring: { status: number } }>) => {
    const key = (req.params as Record<Param, Key>)[param]
    await app.db.transaction(async (tx) => {
      const before = found(await change.get(tx, key))
      if (before.status === req.query.status) return
      const after = await change.set(tx, key, req.query.status)
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: change.entity,
        entityId: key,
        actor: req.user.email,
        description: `Cambió el estado ${ofNoun(change.noun)} ${change.name(after)} a ${enumLabel(change.statuses, after.status)}`,
      })
    })
    return ok({ [param]: key } as Record<Param, Key>, [MESSAGES.statusUpdated])
  }
}

/**
 * PUT /{resource}/status?status=N with `{ ids }`: a clerk's selection changes status in
 * one transaction, with an audit entry per record changed; an unknown id refuses the whole
 * selection (404, nothing changed), and records already in that status are left alone. Answers
 * the ids that changed.
 */
export function bulkStatusChangeHandler<Row extends Stated>(app: FastifyInstance, change: StatusChange<Row>) {
  return async (req: FastifyRequest<{ Querystring: { status: number }; Body: { ids: number[] } }>) => {
    const changed: number[] = []
    await app.db.transaction(async (tx) => {
      for (const id of new Set(req.body.ids)) {
        const before = found(await change.get(tx, id))
        if (before.status === req.query.status) continue
        const after = await change.set(tx, id, req.query.status)
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: change.entity,
          entityId: id,
          actor: req.user.email,
          description: `Cambió el estado ${ofNoun(change.noun)} ${change.name(after)} a ${enumLabel(change.statuses, after.status)}`,
        })
        changed.push(id)
      }
    })
    return ok({ ids: changed }, [MESSAGES.statusUpdated])
  }
}
