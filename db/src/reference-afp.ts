import { readFileSync } from 'node:fs'
import path from 'node:path'
import { AFP_COMMISSION_TYPES, AFP_NAMES, decimalToCents, formatCents, formatDate } from '@planillas/domain'
import { parseCsv } from '@planillas/domain/csv'
import { count, sql } from 'drizzle-orm'
import { recordAudit, SYSTEM_ACTOR } from './audit'
import type { Executor } from './executor'
import { afpRates } from './schema/index'

type AfpRateInsert = typeof afpRates.$inferInsert

const DATE = /^\d{4}-\d{2}-\d{2}$/
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/

/** A percent with two decimals at most as basis points ('1.55' → 155); empty: not known. */
function basisPoints(text: string, file: string, what: string): number | null {
  const value = text.trim()
  if (!value) return null
  if (!PERCENT.test(value) || Number(value) > 100) throw new Error(`${file}: porcentaje inválido en ${what}`)
  return decimalToCents(value) // a percent with two decimals is whole hundredths: basis points
}

/** The AFP rates as dated rows (db/reference/afp-rates.csv); throws on a row that is not one. */
export function readAfpRates(folder: string): AfpRateInsert[] {
  const file = 'afp-rates.csv'
  return parseCsv(readFileSync(path.join(folder, file), 'utf8')).map((r) => {
    const afp = r.afp.trim()
    const commissionType = r.commission_type.trim()
    const validFrom = r.valid_from.trim()
    const validTo = r.valid_to.trim() || null
    const what = `${afp} ${commissionType} ${validFrom}`
    if (!(AFP_NAMES as readonly string[]).includes(afp)) throw new Error(`${file}: AFP inválida '${afp}'`)
    if (!(AFP_COMMISSION_TYPES as readonly string[]).includes(commissionType))
      throw new Error(`${file}: tipo de comisión inválido en ${what}`)
    if (!DATE.test(validFrom) || (validTo !== null && (!DATE.test(validTo) || validTo < validFrom)))
      throw new Error(`${file}: fechas inválidas en ${what}`)
    const contributionBp = basisPoints(r.contribution_percent, file, what)
    if (contributionBp === null) throw new Error(`${file}: falta el aporte obligatorio en ${what}`)
    const cap = r.premium_cap.trim()
    if (cap && !/^\d+(\.\d{1,2})?$/.test(cap))
      throw new Error(`${file}: tope de la prima inválido en ${what}`)
    return {
      afp,
      commissionType,
      validFrom,
      validTo,
      contributionBp,
      commissionBp: basisPoints(r.commission_percent, file, what),
      premiumBp: basisPoints(r.premium_percent, file, what),
      premiumCapCents: cap ? decimalToCents(cap) : null,
      note: r.note.trim(),
      source: 'referencia',
    }
  })
}

const percentText = (bp: number | null) => (bp === null ? 'sin dato' : `${(bp / 100).toFixed(2)} %`)

/**
 * Upserts the file's rows by (AFP, commission type, valid_from): a 'referencia' row follows the file;
 * a row an administrator added ('usuario') is never changed, and no row is deleted (a payroll
 * imported under a rate is explained by it). After the first start (an empty table takes the file
 * as its starting point), each row the file adds or changes is written to the audit log (actor
 * 'sistema'): a rate that starts checking uploads shows when and from where.
 */
export async function loadAfpRates(db: Executor, folder: string) {
  const rows = readAfpRates(folder)
  const [{ n }] = await db.select({ n: count() }).from(afpRates)
  const written = await db
    .insert(afpRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [afpRates.afp, afpRates.commissionType, afpRates.validFrom],
      set: {
        validTo: sql`excluded.valid_to`,
        contributionBp: sql`excluded.contribution_bp`,
        commissionBp: sql`excluded.commission_bp`,
        premiumBp: sql`excluded.premium_bp`,
        premiumCapCents: sql`excluded.premium_cap_cents`,
        note: sql`excluded.note`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${afpRates.source} = 'referencia' and (${afpRates.validTo}, ${afpRates.contributionBp}, ${afpRates.commissionBp}, ${afpRates.premiumBp}, ${afpRates.premiumCapCents}, ${afpRates.note})
        is distinct from (excluded.valid_to, excluded.contribution_bp, excluded.commission_bp, excluded.premium_bp, excluded.premium_cap_cents, excluded.note)`,
    })
    .returning({
      id: afpRates.id,
      afp: afpRates.afp,
      commissionType: afpRates.commissionType,
      validFrom: afpRates.validFrom,
      validTo: afpRates.validTo,
      contributionBp: afpRates.contributionBp,
      commissionBp: afpRates.commissionBp,
      premiumBp: afpRates.premiumBp,
      premiumCapCents: afpRates.premiumCapCents,
      note: afpRates.note,
      // a row just inserted has no deleting transaction yet
      inserted: sql<boolean>`(xmax = 0)`,
    })
  // An empty table is a first start: the file's rows are the installation's starting point.
  if (n === 0) return rows.length
  for (const r of written) {
    const until = r.validTo ? ` hasta el ${formatDate(r.validTo)}` : ''
    const cap = r.premiumCapCents === null ? 'sin dato' : formatCents(r.premiumCapCents)
    await recordAudit(db, {
      action: r.inserted ? 'CREATE' : 'UPDATE',
      entity: 'afp-rates',
      entityId: r.id,
      actor: SYSTEM_ACTOR,
      description: `Tasas AFP ${r.afp} (comisión ${r.commissionType.toLowerCase()}) desde el ${formatDate(r.validFrom)}${until}, de db/reference/afp-rates.csv: aporte ${percentText(r.contributionBp)}, comisión ${percentText(r.commissionBp)}, prima ${percentText(r.premiumBp)}, tope de la prima ${cap}. ${r.note}`,
    })
  }
  return rows.length
}
