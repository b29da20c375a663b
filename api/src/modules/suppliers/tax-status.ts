import { type Executor, taxStatusPeriods as p } from '@planillas/db'
import {
  addDays,
  formatDate,
  TAX_STATUS_FLAGS,
  TAX_STATUS_KIND,
  TAX_STATUS_LABEL,
  type TaxStatus,
  type TaxStatusKind,
  type TaxStatusPeriod,
  taxStatusOn,
} from '@planillas/domain'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'

/**
 * The supplier's tax status as dated periods by RUC (docs/decisions/supplier-tax-status.md): read on
 * the day that matters (today at approval, the payment date in a run or a payment by hand) by the
 * pure `taxStatusOn`; the supplier form's flags open and close MANUAL periods dated today.
 */

/** Today in Lima, as the database sees it. */
const todayInLima = sql`(now() at time zone 'America/Lima')::date`

/** `ruc`'s status of `kind` today, in SQL (the supplier lists, details and export). */
const statusToday = (ruc: unknown, kind: TaxStatusKind) =>
  sql<boolean>`exists (select 1 from ${p} where ${p.ruc} = ${ruc} and ${p.kind} = ${kind}
    and ${p.validFrom} <= ${todayInLima} and (${p.validTo} is null or ${p.validTo} >= ${todayInLima}))`

/** The three flags of a supplier row, as of today. */
export const statusTodayColumns = (ruc: unknown) => ({
  retentionAgent: statusToday(ruc, TAX_STATUS_KIND.RETENTION_AGENT),
  perceptionAgent: statusToday(ruc, TAX_STATUS_KIND.PERCEPTION_AGENT),
  goodTaxpayer: statusToday(ruc, TAX_STATUS_KIND.GOOD_TAXPAYER),
})

/** Every period of these RUCs, by RUC (a RUC without periods has none in the map). */
export async function periodsByRuc(
  db: Executor,
  rucs: readonly string[],
): Promise<Map<string, TaxStatusPeriod[]>> {
  const byRuc = new Map<string, TaxStatusPeriod[]>()
  if (!rucs.length) return byRuc
  const rows = await db
    .select({ ruc: p.ruc, kind: p.kind, validFrom: p.validFrom, validTo: p.validTo })
    .from(p)
    .where(inArray(p.ruc, [...new Set(rucs)]))
  for (const { ruc, ...period } of rows) {
    const list = byRuc.get(ruc)
    if (list) list.push(period)
    else byRuc.set(ruc, [period])
  }
  return byRuc
}

/** One RUC's status on `date`. */
export async function taxStatusOfRuc(db: Executor, ruc: string, date: string): Promise<TaxStatus> {
  return taxStatusOn((await periodsByRuc(db, [ruc])).get(ruc) ?? [], date)
}

/** The periods the supplier's details list, newest first. */
export const periodsOfRuc = (db: Executor, ruc: string) =>
  db
    .select({
      kind: p.kind,
      validFrom: p.validFrom,
      validTo: p.validTo,
      source: p.source,
      loadId: p.loadId,
      resolution: p.resolution,
    })
    .from(p)
    .where(eq(p.ruc, ruc))
    .orderBy(asc(p.kind), sql`${p.validFrom} desc`)

/**
 * The supplier form's flags as MANUAL periods dated today (Lima): a flag turned on opens a period from
 * today; turned off, the open MANUAL period ends yesterday (or is removed when it began today). A flag
 * a SUNAT padrón still holds cannot be turned off by hand (400 naming the padrón's period). Answers
 * what changed, for the audit.
 */
export async function setManualStatus(
  tx: Executor,
  ruc: string,
  wanted: TaxStatus,
  today: string,
  actor: string,
  /** A new supplier: only opens (a RUC a padrón lists keeps its status whatever the form says). */
  onlyOpen = false,
): Promise<string[]> {
  const periods = await tx.select().from(p).where(eq(p.ruc, ruc)).for('update')
  const now = taxStatusOn(periods, today)
  const notes: string[] = []
  const problems: string[] = []
  for (const [flag, kind] of TAX_STATUS_FLAGS) {
    if (now[flag] === wanted[flag] || (onlyOpen && !wanted[flag])) continue
    const label = TAX_STATUS_LABEL[kind]
    if (wanted[flag]) {
      await tx.insert(p).values({ ruc, kind, validFrom: today, source: 'MANUAL', createdBy: actor })
      notes.push(`periodo manual de ${label} desde ${formatDate(today)}`)
      continue
    }
    const padron = periods.find(
      (r) =>
        r.kind === kind && r.source === 'PADRON' && r.validFrom <= today && (r.validTo ?? today) >= today,
    )
    if (padron) {
      problems.push(
        `El padrón de SUNAT registra este RUC como ${label} desde el ${formatDate(padron.validFrom)}: no se puede quitar a mano`,
      )
      continue
    }
    const open = periods.find((r) => r.kind === kind && r.source === 'MANUAL' && r.validTo === null)
    if (!open) continue
    if (open.validFrom >= today) {
      await tx.delete(p).where(eq(p.id, open.id))
      notes.push(`periodo manual de ${label} abierto hoy, anulado`)
    } else {
      await tx
        .update(p)
        .set({ validTo: addDays(today, -1) })
        .where(eq(p.id, open.id))
      notes.push(`periodo manual de ${label} cerrado al ${formatDate(addDays(today, -1))}`)
    }
  }
  if (problems.length) throw badRequest(problems)
  return notes
}
