import {
  auditLogs,
  type Database,
  type Executor,
  publicHolidays,
  recordAudit,
  suppliers,
  paymentVouchers as v,
} from '@planillas/db'
import {
  type ConstanciaRow,
  DETRACTION_MESSAGES,
  decodeConstancias,
  formatCents,
  formatDate,
  readConstancias,
  todayInLima,
  voucherNumber,
} from '@planillas/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import { badRequest, conflict, found, MAX_MESSAGES } from '../../lib/errors'
import { inKeysetBatches } from '../../lib/xlsx'

/** A detracción can be deposited once the voucher is APROBADO, and stays owed once it is PAGADO. */
const DEPOSITABLE = [3, 4]

export { DETRACTION_MESSAGES }

export type DepositInput = { constancia: string; depositedOn: string }

/**
 * Peru's public holidays, read once per database handle and kept: they are dated reference data
 * that only a migration changes (db/reference/public-holidays.csv), and the API restarts with each
 * migration. A failed read is not kept, so the next call tries again.
 */
const holidayCache = new WeakMap<object, Promise<ReadonlySet<string>>>()

export function holidaysOf(db: Executor): Promise<ReadonlySet<string>> {
  const cached = holidayCache.get(db)
  if (cached) return cached
  const loading = db
    .select({ date: publicHolidays.date })
    .from(publicHolidays)
    .then((rows): ReadonlySet<string> => new Set(rows.map((r) => r.date)))
  holidayCache.set(db, loading)
  loading.catch(() => holidayCache.delete(db))
  return loading
}

/** Forgets the holidays read (tests that load other holidays). */
export const forgetHolidays = (db: Executor) => holidayCache.delete(db)

/** Records a deposit's constancia by hand: the voucher's detracción is DEPOSITADA from then on. */
export async function recordDeposit(db: Database, actor: string, id: number, input: DepositInput) {
  if (!/^\d{1,20}$/.test(input.constancia)) throw badRequest(DETRACTION_MESSAGES.constancia)
  if (input.depositedOn > todayInLima()) throw badRequest(DETRACTION_MESSAGES.future)
  return db.transaction(async (tx) => {
    const voucher = found((await tx.select().from(v).where(eq(v.id, id)).for('update'))[0])
    if (voucher.detractionCents <= 0) throw conflict(DETRACTION_MESSAGES.none)
    if (!DEPOSITABLE.includes(voucher.status)) throw conflict(DETRACTION_MESSAGES.notYet)
    if (voucher.detractionDepositedOn && voucher.detractionConstancia)
      throw conflict(DETRACTION_MESSAGES.already(voucher.detractionConstancia, voucher.detractionDepositedOn))
    if (input.depositedOn < voucher.issueDate) throw badRequest(DETRACTION_MESSAGES.beforeIssue)
    await tx
      .update(v)
      .set({ detractionDepositedOn: input.depositedOn, detractionConstancia: input.constancia })
      .where(eq(v.id, id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payments',
      entityId: id,
      actor,
      description: `Detracción de ${voucherNumber(voucher.series, voucher.number)} depositada: constancia ${input.constancia} del ${formatDate(input.depositedOn)} (${formatCents(voucher.detractionCents)})`,
    })
  })
}

/** The most matched and unmatched rows an import answer lists; the rest are counted. */
export const IMPORT_LISTED = MAX_MESSAGES

export type ImportResult = {
  /** How many rows were recorded, and the first `IMPORT_LISTED` of them. */
  matchedCount: number
  matched: { rowNumber: number; voucherId: number; voucher: string; constancia: string }[]
  /** How many rows were not recorded, and the first `IMPORT_LISTED` of them with their reason. */
  unmatchedCount: number
  unmatched: {
    rowNumber: number
    constancia: string
    supplierRuc: string
    voucher: string
    amountCents: number
    reason: string
  }[]
}

/** Lets other requests run between slices of a long read (the API's event loop is one thread). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Rows recorded per statement: one update and one audit insert per slice. */
const APPLY_SLICE = 1000

/**
 * SUNAT's export of the constancias deposited (`readConstancias`: by its header's names, any of its
 * delimiters, UTF-8 or Windows-1252): each row is matched to a voucher by the supplier's RUC, the
 * comprobante type, series and number, and its amount checked against the voucher's detracción to
 * the céntimo; the matched ones are recorded in one transaction (an audit entry each), the others
 * listed with their reason. A malformed file is refused whole (400), its problems bounded.
 */
export async function importConstancias(
  db: Database,
  actor: string,
  bytes: Uint8Array,
): Promise<ImportResult> {
  const { rows, problems } = await readConstancias(decodeConstancias(bytes), { pause: nextTurn })
  if (problems.length)
    throw badRequest(problems.map((p) => (p.rowNumber ? `Fila ${p.rowNumber}: ${p.message}` : p.message)))
  return db.transaction(async (tx) => {
    const result: ImportResult = { matchedCount: 0, matched: [], unmatchedCount: 0, unmatched: [] }
    const rucs = [...new Set(rows.map((r) => r.supplierRuc))]
    const series = [...new Set(rows.map((r) => r.series))]
    // One parameter each however many rows: an IN list of tens of thousands overflows the protocol.
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
    const key = (ruc: string, type: string, series: string, number: number) =>
      `${ruc}|${type}|${series}|${number}`
    const byKey = new Map<string, (typeof candidates)[number][]>()
    for (const c of candidates) {
      const k = key(c.ruc, c.type, c.series, c.number)
      const list = byKey.get(k)
      if (list) list.push(c)
      else byKey.set(k, [c])
    }
    const taken = new Set<number>()
    const toApply: { id: number; row: ConstanciaRow }[] = []
    for (const [at, row] of rows.entries()) {
      if (at % 2000 === 1999) await nextTurn()
      const miss = (reason: string) => {
        result.unmatchedCount++
        if (result.unmatched.length < IMPORT_LISTED)
          result.unmatched.push({
            rowNumber: row.rowNumber,
            constancia: row.constancia,
            supplierRuc: row.supplierRuc,
            voucher: voucherNumber(row.series, row.number),
            amountCents: row.amountCents,
            reason,
          })
      }
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
      if (voucher.detractionCents <= 0) miss(DETRACTION_MESSAGES.none)
      else if (voucher.constancia === row.constancia) miss(DETRACTION_MESSAGES.sameConstancia)
      else if (voucher.depositedOn && voucher.constancia)
        miss(DETRACTION_MESSAGES.already(voucher.constancia, voucher.depositedOn))
      else if (taken.has(voucher.id)) miss(DETRACTION_MESSAGES.twiceInFile)
      else if (voucher.detractionCents !== row.amountCents)
        miss(DETRACTION_MESSAGES.amount(voucher.detractionCents))
      else {
        taken.add(voucher.id)
        toApply.push({ id: voucher.id, row })
        result.matchedCount++
        if (result.matched.length < IMPORT_LISTED)
          result.matched.push({
            rowNumber: row.rowNumber,
            voucherId: voucher.id,
            voucher: voucherNumber(row.series, row.number),
            constancia: row.constancia,
          })
      }
    }
    for (let at = 0; at < toApply.length; at += APPLY_SLICE)
      await apply(tx, actor, toApply.slice(at, at + APPLY_SLICE))
    return result
  })
}

/** Records a slice of matched rows: one set-based update and their audit entries in one insert. */
async function apply(tx: Executor, actor: string, slice: { id: number; row: ConstanciaRow }[]) {
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

/** Rows of the retention register per read: the month's list is a few thousand at most, but read like every export. */
export const RETENTION_REGISTER_BATCH = 1000

type RegisterKey = { supplierRuc: string; paidOn: string | null; series: string; number: number; id: number }

/**
 * The month's retentions (vouchers PAGADO in the period with IGV retained), for the contador, by
 * supplier, payment date and number: read in keyset batches like the lists' exports (the next batch
 * is asked for only when the workbook has taken this one), the voucher's id breaking ties.
 */
export function retentionRegister(db: Executor, period: string, batchSize = RETENTION_REGISTER_BATCH) {
  const from = `${period.slice(0, 4)}-${period.slice(4)}-01`
  const batch = (after: RegisterKey | null, limit: number) =>
    db
      .select({
        id: v.id,
        supplierRuc: suppliers.ruc,
        supplierName: suppliers.name,
        type: v.type,
        series: v.series,
        number: v.number,
        issueDate: v.issueDate,
        currency: v.currency,
        totalCents: v.totalCents,
        paidOn: v.paidOn,
        paidCents: v.paidCents,
        retentionCents: v.retentionCents,
        retentionExchangeRateMilli: v.retentionExchangeRateMilli,
      })
      .from(v)
      .innerJoin(suppliers, eq(suppliers.id, v.supplierId))
      .where(
        and(
          eq(v.status, 4),
          gt(v.retentionCents, 0),
          sql`${v.paidOn} >= ${from}::date and ${v.paidOn} < (${from}::date + interval '1 month')`,
          after
            ? sql`(${suppliers.ruc}, ${v.paidOn}, ${v.series}, ${v.number}, ${v.id}) > (${after.supplierRuc}, ${after.paidOn}::date, ${after.series}, ${after.number}::int, ${after.id}::int)`
            : undefined,
        ),
      )
      .orderBy(suppliers.ruc, v.paidOn, v.series, v.number, v.id)
      .limit(limit)
  return inKeysetBatches(batch, (r): RegisterKey => r, batchSize)
}
