import { type Database, recordAudit } from '@planillas/db'
import { found, withUniqueMessages } from '../../lib/errors'
import { type CatalogTable, catalogQueries } from './queries'

/** Who saves, through which database (the routes pass theirs; tests may pass their own). */
export type CatalogSaveContext = { db: Database; actor: string }

export type CatalogSaveOptions = {
  table: CatalogTable
  /** The audit entity, e.g. 'areas'. */
  entity: string
  /** Spanish noun with its article, e.g. 'el área'. */
  noun: string
  /** The Spanish message of each unique constraint a save may break. */
  uniqueMessages: Record<string, string>
}

/**
 * Creating and renaming a described catalogue's record (areas, positions), each with its audit
 * entry in the same transaction; a duplicate description is a 400 with the catalogue's message.
 */
export function catalogSaves({ table, entity, noun, uniqueMessages }: CatalogSaveOptions) {
  const q = catalogQueries(table)
  return {
    /** The new record's id. */
    create: (ctx: CatalogSaveContext, description: string): Promise<number> =>
      withUniqueMessages(
        () =>
          ctx.db.transaction(async (tx) => {
            const created = await q.create(tx, description, ctx.actor)
            await recordAudit(tx, {
              action: 'CREATE',
              entity,
              entityId: created.id,
              actor: ctx.actor,
              description: `Creó ${noun} ${created.code} '${created.description}'`,
            })
            return created.id
          }),
        uniqueMessages,
      ),

    /** Renames the record; an unchanged description writes no audit entry. */
    update: (ctx: CatalogSaveContext, id: number, description: string): Promise<void> =>
      withUniqueMessages(
        () =>
          ctx.db.transaction(async (tx) => {
            const before = found(await q.get(tx, id))
            const after = await q.update(tx, before.id, description)
            if (before.description === after.description) return
            await recordAudit(tx, {
              action: 'UPDATE',
              entity,
              entityId: after.id,
              actor: ctx.actor,
              description: `Actualizó ${noun} ${after.code}: Descripción '${before.description}' → '${after.description}'`,
            })
          }),
        uniqueMessages,
      ),
  }
}
