import {
  auditLogs,
  constanciaBatchErrors,
  constanciaBatches,
  type Database,
  type Executor,
  recordAudit,
  SYSTEM_ACTOR,
  suppliers,
  paymentVouchers as v,
} from '@planillas/db'
import {
  BATCH_STATUS,
  type ConstanciaRow,
  countOf,
  DETRACTION_MESSAGES,
  formatCents,
  formatDate,
  voucherNumber,
} from '@planillas/domain'
import { and, eq, sql } from 'drizzle-orm'
import { lockProcessing } from '../pipeline/row-errors'
import { type ClaimedConstanciaBatch, CONSTANCIA_ERRORS } from './batch-store'

/** A detracción can be deposited once the voucher is APROBADO, and stays owed once it is PAGADO. */
const DEPOSITABLE = [3, 4]

/** Rows matched per slice: one candidates query, one update, one audit insert and one insert of the rows not matched. */
export const MATCH_SLICE = 2000

/** A row of the file not recorded, as the file has it, and why. */
type Unmatched = { row: ConstanciaRow; reason: string }

/** Another attempt finished the batch while this one matched: its work is rolled back. */
class AlreadyFinished extends Error {}

export type MatchOutcome = { matched: number; unmatched: number }

/**
 * SUNAT's constancias, read and well formed, matched and recorded in one transaction
 * (docs/decisions/detracciones-deposited.md): each row is matched to a voucher by the supplier's
 * RUC, the comprobante type, series and number, and its amount checked against the voucher's
 * detracción to the céntimo; the matched ones are recorded as deposited (an audit entry each), the
 * others stored with their reason, and the batch ends PROCESADO. The rows go by slices of
 * `MATCH_SLICE`, each with its own candidates (one array parameter per key, never an IN list of
 * the file's size), so memory grows with the slice, not the file. Nothing is written outside the
 * transaction meanwhile (no progress): PGlite, the embedded database, has one connection, which the
 * transaction holds. Null when another attempt had already finished the batch (nothing written).
 */
export async function matchConstancias(
  db: Database,
  batch: ClaimedConstanciaBatch,
  rows: ConstanciaRow[],
  rowsRead: number,
): Promise<MatchOutcome | null> {
  const actor = batch.createdBy ?? SYSTEM_ACTOR
  try {
    return await db.transaction(async (tx) => {
      await tx.delete(constanciaBatchErrors).where(eq(constanciaBatchErrors.batchId, batch.id))
      const taken = new Set<number>()
      const outcome: MatchOutcome = { matched: 0, unmatched: 0 }
      for (let at = 0; at < rows.length; at += MATCH_SLICE) {
        const slice = rows.slice(at, at + MATCH_SLICE)
        const { toApply, unmatched } = await matchSlice(tx, slice, taken)
        await apply(tx, actor, toApply)
        await storeUnmatched(tx, batch, unmatched)
        outcome.matched += toApply.length
        outcome.unmatched += unmatched.length
      }
      if (!(await lockProcessing(tx, CONSTANCIA_ERRORS, batch.id))) throw new AlreadyFinished()
      await tx
        .update(constanciaBatches)
        .set({
          status: BATCH_STATUS.PROCESSED,
          progress: 100,
          rowsRead,
          matchedCount: outcome.matched,
          errorCount: outcome.unmatched,
          attemptOpen: false,
          finishedAt: new Date(),
        })
        .where(eq(constanciaBatches.id, batch.id))
      await recordAudit(tx, {
        action: 'UPDATE',
        entity: CONSTANCIA_ERRORS.entity,
        entityId: batch.id,
        actor,
        description: `${CONSTANCIA_ERRORS.named(batch)} terminó PROCESADA: ${countOf(outcome.matched, 'depósito registrado', 'depósitos registrados')}, ${countOf(outcome.unmatched, 'fila sin registrar', 'filas sin registrar')}`,
      })
      return outcome
    })
  } catch (error) {
    if (error instanceof AlreadyFinished) return null
    throw error
  }
}

const key = (ruc: string, type: string, series: string, number: number) =>
  `${ruc}|${type}|${series}|${number}`

/** Matches a slice of rows against their candidates, locked; `taken` holds the vouchers already matched by the file. */
async function matchSlice(tx: Executor, rows: ConstanciaRow[], taken: Set<number>) {
  const rucs = [...new Set(rows.map((r) => r.supplierRuc))]
  const series = [...new Set(rows.map((r) => r.series))]
  const candidates = await tx
    .select({
      id: v.id,
      ruc: suppliers.ruc,
      type: v.type,
      series: v.series,
      number: v.number,
      status: v.status,
      detractionCents: v.detractionCents,
      depositedOn: v.detractionDepositedOn,
      constancia: v.detractionConstancia,
    })
    .from(v)
    .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
    .where(
      and(
        sql`${suppliers.ruc} = any(${sql.param(rucs)}::text[])`,
        sql`${v.series} = any(${sql.param(series)}::text[])`,
      ),
    )
    .for('update', { of: v })
  const byKey = new Map<string, (typeof candidates)[number][]>()
  for (const c of candidates) {
    const k = key(c.ruc, c.type, c.series, c.number)
    const list = byKey.get(k)
    if (list) list.push(c)
    else byKey.set(k, [c])
  }
  const toApply: { id: number; row: ConstanciaRow }[] = []
  const unmatched: Unmatched[] = []
  for (const row of rows) {
    const miss = (reason: string) => unmatched.push({ row, reason })
    const all = byKey.get(key(row.supplierRuc, row.type, row.series, row.number)) ?? []
    const found = all.filter((c) => DEPOSITABLE.includes(c.status))
    if (found.length === 0) {
      miss(all.length ? DETRACTION_MESSAGES.notYet : DETRACTION_MESSAGES.unmatched)
      continue
    }
    if (found.length > 1) {
      miss(DETRACTION_MESSAGES.ambiguous)
      continue
    }
    const [voucher] = found
    // A voucher an earlier row of the file recorded (in an earlier slice it shows that row's deposit).
    if (taken.has(voucher.id)) miss(DETRACTION_MESSAGES.twiceInFile)
    else if (voucher.detractionCents <= 0) miss(DETRACTION_MESSAGES.none)
    else if (voucher.constancia === row.constancia) miss(DETRACTION_MESSAGES.sameConstancia)
    else if (voucher.depositedOn && voucher.constancia)
      miss(DETRACTION_MESSAGES.already(voucher.constancia, voucher.depositedOn))
    else if (voucher.detractionCents !== row.amountCents)
      miss(DETRACTION_MESSAGES.amount(voucher.detractionCents))
    else {
      taken.add(voucher.id)
      toApply.push({ id: voucher.id, row })
    }
  }
  return { toApply, unmatched }
}

/** Records a slice of matched rows: one set-based update and their audit entries in one insert. */
async function apply(tx: Executor, actor: string, slice: { id: number; row: ConstanciaRow }[]) {
  if (!slice.length) return
  const ids = slice.map((s) => s.id)
  const constancias = slice.map((s) => s.row.constancia)
  const dates = slice.map((s) => s.row.depositedOn)
  await tx.execute(sql`
    update ${v} set detraction_deposited_on = d.deposited_on, detraction_constancia = d.constancia
    from unnest(${sql.param(ids)}::int[], ${sql.param(constancias)}::text[], ${sql.param(dates)}::date[])
      as d(id, constancia, deposited_on)
    where ${v.id} = d.id and ${v.detractionDepositedOn} is null`)
  await tx.insert(auditLogs).values(
    slice.map(({ id, row }) => ({
      action: 'UPDATE' as const,
      entity: 'payments',
      entityId: String(id),
      actor,
      createdBy: actor,
      description: `Detracción de ${voucherNumber(row.series, row.number)} depositada: constancia ${row.constancia} del ${formatDate(row.depositedOn)} (${formatCents(row.amountCents)}), importada del archivo de SUNAT`,
    })),
  )
}

/** Stores a slice's rows not matched, each as the file has it and its reason, with one insert. */
async function storeUnmatched(tx: Executor, batch: ClaimedConstanciaBatch, unmatched: Unmatched[]) {
  if (!unmatched.length) return
  await tx.execute(sql`
    insert into ${constanciaBatchErrors} (batch_id, attempt, row_number, constancia, supplier_ruc, voucher, amount_cents, message)
    select ${batch.id}, ${batch.attempts}, r, c, s, v, a, m
    from unnest(
      ${sql.param(unmatched.map((u) => u.row.rowNumber))}::int[],
      ${sql.param(unmatched.map((u) => u.row.constancia))}::text[],
      ${sql.param(unmatched.map((u) => u.row.supplierRuc))}::text[],
      ${sql.param(unmatched.map((u) => voucherNumber(u.row.series, u.row.number)))}::text[],
      ${sql.param(unmatched.map((u) => u.row.amountCents))}::bigint[],
      ${sql.param(unmatched.map((u) => u.reason))}::text[]
    ) as e(r, c, s, v, a, m)`)
}
