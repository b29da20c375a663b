import { type Database, type Executor, exchangeRates, recordAudit } from '@planillas/db'
import {
  cellAsText,
  countOf,
  csvRows,
  EXCHANGE_RATE_MESSAGES,
  type ExchangeRate,
  type ExchangeRateImport,
  type ExchangeRateInput,
  formatDate,
  formatRate,
  rateInForceOn,
  rateOnDay,
  readExchangeRateRows,
  runRateOn,
  todayInLima,
} from '@planillas/domain'
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'

const USD = 'USD'

/** The table's days between `from` and `to`, newest first; without a range the latest 400 (over a year of business days). */
export function listExchangeRates(db: Database, query: { from?: string; to?: string }) {
  return db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, USD),
        query.from ? gte(exchangeRates.day, query.from) : undefined,
        query.to ? lte(exchangeRates.day, query.to) : undefined,
      ),
    )
    .orderBy(desc(exchangeRates.day), desc(exchangeRates.id))
    .limit(query.from || query.to ? 5000 : 400)
}

/** The rate published for exactly `day` (the detracción's: the issue date's), if any. */
export async function exchangeRateOfDay(db: Executor, day: string): Promise<ExchangeRate | undefined> {
  const rows = await db
    .select({ day: exchangeRates.day, sellRateMilli: exchangeRates.sellRateMilli })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, USD), eq(exchangeRates.day, day)))
  return rateOnDay(rows, day)
}

/** The rate of `day` or the last one published before it (the retention's: the payment date's). */
export async function exchangeRateInForce(db: Executor, day: string): Promise<ExchangeRate | undefined> {
  const rows = await db
    .select({ day: exchangeRates.day, sellRateMilli: exchangeRates.sellRateMilli })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, USD), lte(exchangeRates.day, day)))
    .orderBy(desc(exchangeRates.day))
    .limit(1)
  return rateInForceOn(rows, day)
}

/** The rate a supplier run pays dollars at: `runRateOn` (the payment date's, none for a day after today). */
export async function exchangeRateForRun(db: Executor, day: string): Promise<ExchangeRate | undefined> {
  const rate = await exchangeRateInForce(db, day)
  return rate && runRateOn([rate], day, todayInLima())
}

/**
 * A day's rate from the form. A new day is added; a day the table has is corrected only with a
 * reason (a voucher approved or paid with the old rate keeps it), and the audit keeps both rates.
 */
export async function saveExchangeRate(
  db: Database,
  actor: string,
  input: ExchangeRateInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, USD), eq(exchangeRates.day, input.day)))
      .for('update')
    if (!existing) {
      const [row] = await tx
        .insert(exchangeRates)
        .values({
          currency: USD,
          day: input.day,
          sellRateMilli: input.rate,
          source: 'MANUAL',
          createdBy: actor,
        })
        .returning({ id: exchangeRates.id })
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'exchange-rates',
        entityId: row.id,
        actor,
        description: `Registró el tipo de cambio SBS (venta) del ${formatDate(input.day)}: ${formatRate(input.rate)}${input.day < todayInLima() && input.reason ? `; motivo: ${input.reason}` : ''}`,
      })
      return row.id
    }
    if (existing.sellRateMilli === input.rate) return existing.id
    if (!input.reason) throw badRequest(EXCHANGE_RATE_MESSAGES.reasonRequired)
    await tx
      .update(exchangeRates)
      .set({ sellRateMilli: input.rate, source: 'MANUAL' })
      .where(eq(exchangeRates.id, existing.id))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'exchange-rates',
      entityId: existing.id,
      actor,
      description: `Corrigió el tipo de cambio SBS (venta) del ${formatDate(input.day)}: de ${formatRate(existing.sellRateMilli)} a ${formatRate(input.rate)}; motivo: ${input.reason}`,
    })
    return existing.id
  })
}

export const IMPORT_MESSAGES = {
  type: 'El archivo debe ser .csv o .xlsx con dos columnas: fecha y tipo de cambio',
  differs: (day: string, rate: number) =>
    `El ${formatDate(day)} ya tiene tipo de cambio ${formatRate(rate)}: corríjalo en el formulario, indicando el motivo`,
} as const

/** The cells of each row of an uploaded CSV or Excel (its first sheet), as text. */
async function rowsOf(name: string, content: Buffer): Promise<string[][]> {
  if (/\.(csv|txt)$/i.test(name) && !content.includes(0)) return csvRows(content.toString('utf8'))
  if (!/\.xlsx$/i.test(name)) throw badRequest(IMPORT_MESSAGES.type)
  const { openXlsx, readSheetRowBatches, XlsxFileError } = await import('@planillas/formats/xlsx-package')
  try {
    const rows: string[][] = []
    for await (const batch of readSheetRowBatches(await openXlsx(content)))
      for (const row of batch) {
        // Blank rows between keep their line number, as the clerk sees the sheet.
        while (rows.length < row.number - 1) rows.push([])
        rows.push(row.cells.map(cellAsText))
      }
    return rows
  } catch (error) {
    if (error instanceof XlsxFileError) throw badRequest(error.message)
    throw error
  }
}

/**
 * An imported table of days and rates, all or nothing: every line's problem is reported; a day the
 * table has with the same rate is left as it is, with another rate it is refused (a correction is
 * the form's, with its reason).
 */
export async function importExchangeRates(
  db: Database,
  actor: string,
  name: string,
  content: Buffer,
): Promise<ExchangeRateImport> {
  const { rates, problems } = readExchangeRateRows(await rowsOf(name, content))
  if (problems.length) throw badRequest(problems.map((p) => `Línea ${p.line}: ${p.message}`))
  return db.transaction(async (tx) => {
    const known = new Map<string, number>()
    for (let i = 0; i < rates.length; i += 1000) {
      const days = rates.slice(i, i + 1000).map((r) => r.day)
      const rows = await tx
        .select({ day: exchangeRates.day, rate: exchangeRates.sellRateMilli })
        .from(exchangeRates)
        .where(and(eq(exchangeRates.currency, USD), inArray(exchangeRates.day, days)))
      for (const r of rows) known.set(r.day, r.rate)
    }
    const conflicts = rates.flatMap((r) => {
      const rate = known.get(r.day)
      return rate !== undefined && rate !== r.sellRateMilli
        ? [`Línea ${r.line}: ${IMPORT_MESSAGES.differs(r.day, rate)}`]
        : []
    })
    if (conflicts.length) throw badRequest(conflicts)
    const added = rates.filter((r) => !known.has(r.day))
    for (let i = 0; i < added.length; i += 1000)
      await tx.insert(exchangeRates).values(
        added.slice(i, i + 1000).map((r) => ({
          currency: USD,
          day: r.day,
          sellRateMilli: r.sellRateMilli,
          source: 'IMPORT',
          createdBy: actor,
        })),
      )
    if (added.length) {
      const days = added.map((r) => r.day).sort()
      await recordAudit(tx, {
        action: 'CREATE',
        entity: 'exchange-rates',
        actor,
        description: `Importó ${countOf(added.length, 'tipo de cambio', 'tipos de cambio')} SBS (venta) del archivo '${name}', del ${formatDate(days[0])} al ${formatDate(days[days.length - 1])}`,
      })
    }
    return { created: added.length, unchanged: rates.length - added.length }
  })
}
