import { type Database, padronLoads, rowsOf } from '@planillas/db'
import type { PadronReducidoKey } from '@planillas/domain'
import { PADRON_MESSAGES } from '@planillas/domain'
import { eq, sql } from 'drizzle-orm'
import type { WorkerContext } from '../context'
import { lockProcessing } from '../pipeline/row-errors'
import { type ClaimedPadronLoad, PADRON_ERRORS } from './batch-store'
import { closeProcessed } from './finish'
import { type LoadOutcome, readIntoStage } from './read-into'
import type { StageColumn } from './stage'

const COLUMNS: StageColumn[] = [
  ['ruc', 'text not null'],
  ['name', 'text not null'],
  ['state', 'text not null'],
  ['condition', 'text not null'],
  ['ubigeo', 'text'],
  ['load_id', 'integer not null'],
]
const RUC = /^\d{11}$/

/** The fresh table a load of the padrón reducido fills before it becomes `ruc_registry`. */
export const registryStageName = (loadId: number) => `ruc_registry_load_${loadId}`

/**
 * The padrón reducido: every RUC's estado and condición, COPYed into a fresh table that replaces
 * `ruc_registry` by a rename in one transaction (the old one answers until then). The same
 * transaction keeps, for each registered supplier's RUC, what this padrón said of it, dated
 * (`ruc_standings`). A RUC repeated in the file keeps one of its lines.
 */
export async function loadRegistry(
  load: ClaimedPadronLoad,
  stream: AsyncIterable<Buffer>,
  ctx: WorkerContext,
): Promise<LoadOutcome> {
  const { db } = ctx
  const name = registryStageName(load.id)
  const loadId = String(load.id)
  const read = await readIntoStage<PadronReducidoKey>(load, stream, ctx, { name, columns: COLUMNS }, (v) =>
    RUC.test(v.ruc)
      ? [v.ruc, v.name, v.state, v.condition, v.ubigeo && v.ubigeo !== '-' ? v.ubigeo : null, loadId]
      : PADRON_MESSAGES.rucInvalid,
  )
  if ('outcome' in read) return read
  await addPrimaryKey(db, name)
  const swapped = await db.transaction(async (tx) => {
    if (!(await lockProcessing(tx, PADRON_ERRORS, load.id))) return null
    await tx.execute(sql`drop table if exists ruc_registry`)
    await tx.execute(sql.raw(`alter table "${name}" rename to ruc_registry`))
    await tx.execute(sql.raw(`alter index "${name}_pkey" rename to ruc_registry_pkey`))
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::int as count from ruc_registry`),
    )
    const standings = await tx.execute(sql`
      insert into ruc_standings (ruc, load_id, list_date, name, state, condition, created_by)
      select r.ruc, ${load.id}, ${load.listDate}, r.name, r.state, r.condition, ${load.createdBy}
      from ruc_registry r join suppliers s on s.ruc = r.ruc
      on conflict (ruc, load_id) do nothing returning id`)
    await closeProcessed(
      tx,
      load,
      read,
      count,
      `Padrón del RUC reemplazado; estado y condición guardados para ${rowsOf(standings).length} proveedores`,
    )
    return count
  })
  if (swapped === null) {
    await db.execute(sql`drop table if exists ${sql.identifier(name)}`)
    return { outcome: 'skipped' }
  }
  await db.execute(sql`analyze ruc_registry`)
  await db.update(padronLoads).set({ progress: 100 }).where(eq(padronLoads.id, load.id))
  return { outcome: 'processed', rucs: swapped }
}

/**
 * The stage's primary key, built once after the COPY (one sort, faster than an index kept while
 * loading). Repeated RUCs are thinned to one line each first.
 */
async function addPrimaryKey(db: Database, name: string) {
  const t = `"${name}"`
  const add = sql.raw(`alter table ${t} add constraint "${name}_pkey" primary key (ruc)`)
  try {
    await db.execute(add)
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } })?.cause?.code ??
      (error as { code?: string }).code
    if (code !== '23505') throw error
    await db.execute(sql.raw(`delete from ${t} a using ${t} b where a.ruc = b.ruc and a.ctid < b.ctid`))
    await db.execute(add)
  }
}
