import { rowsOf } from '@planillas/db'
import {
  dayMonthYear,
  PADRON_MESSAGES,
  PADRON_TAX_STATUS,
  type PadronKind,
  type PadronListKey,
  padronDate,
} from '@planillas/domain'
import { sql } from 'drizzle-orm'
import type { WorkerContext } from '../context'
import { lockProcessing } from '../pipeline/row-errors'
import { type ClaimedPadronLoad, PADRON_ERRORS } from './batch-store'
import { closeProcessed } from './finish'
import { type LoadOutcome, readIntoStage } from './read-into'
import type { StageColumn } from './stage'

const COLUMNS: StageColumn[] = [
  ['ruc', 'text not null'],
  ['valid_from', 'date not null'],
  ['resolution', 'text'],
  ['line', 'integer not null'],
]
const RUC = /^\d{11}$/

/**
 * One of the three lists (agentes de retención, de percepción, buenos contribuyentes): read into a
 * stage table, then, in one transaction, it replaces that list's PADRON periods as
 * docs/decisions/supplier-tax-status.md settles: a listed RUC keeps its open PADRON period or gets
 * one from its 'a partir del' date; an open PADRON period whose RUC is no longer listed is closed on
 * the load's date (removed when it had not started yet). MANUAL periods are not touched.
 */
export async function loadList(
  load: ClaimedPadronLoad,
  stream: AsyncIterable<Buffer>,
  ctx: WorkerContext,
): Promise<LoadOutcome> {
  const { db } = ctx
  const kind = PADRON_TAX_STATUS[load.kind as Exclude<PadronKind, 'REDUCIDO'>]
  const name = `padron_list_load_${load.id}`
  let line = 0
  const read = await readIntoStage<PadronListKey>(load, stream, ctx, { name, columns: COLUMNS }, (v) => {
    line++
    if (!RUC.test(v.ruc)) return PADRON_MESSAGES.rucInvalid
    const from = padronDate(v.from)
    if (!from) return PADRON_MESSAGES.dateInvalid
    return [v.ruc, from, v.resolution || null, String(line)]
  })
  if ('outcome' in read) return read
  const stageTable = sql.identifier(name)
  const result = await db.transaction(async (tx) => {
    if (!(await lockProcessing(tx, PADRON_ERRORS, load.id))) return null
    // One line per RUC: its first in the file.
    await tx.execute(sql`create temporary table padron_listed on commit drop as
      select distinct on (ruc) ruc, valid_from, resolution from ${stageTable} order by ruc, line`)
    await tx.execute(sql`create index on padron_listed (ruc)`)
    const open = sql`source = 'PADRON' and kind = ${kind} and valid_to is null`
    const removed = await tx.execute(sql`
      delete from tax_status_periods p where ${open} and p.valid_from > ${load.listDate}
        and not exists (select 1 from padron_listed l where l.ruc = p.ruc) returning p.id`)
    const closed = await tx.execute(sql`
      update tax_status_periods p set valid_to = ${load.listDate}, updated_at = now()
      where ${open} and not exists (select 1 from padron_listed l where l.ruc = p.ruc) returning p.id`)
    const kept = await tx.execute(sql`
      update tax_status_periods p set load_id = ${load.id}, resolution = coalesce(l.resolution, p.resolution),
        updated_at = now()
      from padron_listed l where l.ruc = p.ruc and p.source = 'PADRON' and p.kind = ${kind}
        and p.valid_to is null returning p.id`)
    const opened = await tx.execute(sql`
      insert into tax_status_periods (ruc, kind, valid_from, source, load_id, resolution, created_by)
      select l.ruc, ${kind}, l.valid_from, 'PADRON', ${load.id}, l.resolution, ${load.createdBy}
      from padron_listed l
      where not exists (select 1 from tax_status_periods p where p.ruc = l.ruc and ${open}) returning id`)
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::int as count from padron_listed`),
    )
    await tx.execute(sql`drop table ${stageTable}`)
    const n = (r: unknown) => rowsOf(r).length
    await closeProcessed(
      tx,
      load,
      read,
      count,
      `Periodos del padrón: ${n(opened)} abiertos, ${n(kept)} vigentes, ${n(closed)} cerrados al ${dayMonthYear(load.listDate)}, ${n(removed)} retirados antes de empezar`,
    )
    return count
  })
  if (result === null) {
    await db.execute(sql`drop table if exists ${stageTable}`)
    return { outcome: 'skipped' }
  }
  return { outcome: 'processed', rucs: result }
}
