import { z } from 'zod'
import { isIsoDate } from '../common/dates'
import { todayInLima } from '../common/format'
import { centsToSoles, formatCents, netCents } from '../common/money'
import { type Detraction, detractionOf, RATE_DATE_BOUNDS, type SpotRate } from './spot'

/**
 * Vouchers in US dollars (docs/decisions/usd-vouchers.md). A voucher's base, IGV, total and paid
 * amount are cents of its own currency; its detracción and IGV retention are always soles céntimos,
 * turned from dollars with the SBS 'promedio ponderado venta' rate of a day. A rate is an exact
 * integer in thousandths of a sol (the SBS publishes three decimals): 3.800 → 3800.
 */

export const voucherCurrency = { PEN: 'SOLES (PEN)', USD: 'DÓLARES (USD)' } as const
export type VoucherCurrency = keyof typeof voucherCurrency
export const VOUCHER_CURRENCIES = Object.keys(voucherCurrency) as VoucherCurrency[]
/** The foreign currencies the exchange-rate table holds. */
export const FOREIGN_CURRENCIES = ['USD'] as const

/** One day's SBS venta rate: soles per dollar in thousandths. */
export type ExchangeRate = { day: string; sellRateMilli: number }

/** The largest rate the table takes (99.999 soles per dollar): a typo like 3800 is refused. */
export const MAX_RATE_MILLI = 99_999

/** '3.8', '3.800' → 3800; null when the text is not a positive rate with up to three decimals. */
export function parseRate(text: string): number | null {
  const value = text.trim()
  const match = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(value)
  if (!match) return null
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
  return milli > 0 && milli <= MAX_RATE_MILLI ? milli : null
}

/** 3800 → '3.800', as the SBS writes it. */
export const formatRate = (milli: number | null | undefined) =>
  milli === null || milli === undefined
    ? '---'
    : `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`

/** Dollar cents × rate in soles céntimos, rounded half up to the céntimo (US$ 1,180.00 × 3.800 = S/ 4,484.00). */
export function solesOfForeign(foreignCents: number, rateMilli: number): number {
  return Number((BigInt(foreignCents) * BigInt(rateMilli) + 500n) / 1000n)
}

/** Soles céntimos back in dollar cents at a rate, rounded half up (S/ 538.00 at 3.800 = US$ 141.58). */
export function foreignOfSoles(solesCents: number, rateMilli: number): number {
  const rate = BigInt(rateMilli)
  return Number((BigInt(solesCents) * 1000n + rate / 2n) / rate)
}

/** An amount in its currency as the screens show it: 'S/ 1,180.00' or 'US$ 1,180.00'. */
export function formatCurrencyCents(currency: string, cents: number | null | undefined): string {
  if (currency === 'PEN' || cents === null || cents === undefined) return formatCents(cents)
  const shown = formatCents(cents).replace('S/ ', '')
  return currency === 'USD' ? `US$ ${shown}` : `${currency} ${centsToSoles(cents)}`
}

/** The rate published for exactly `day` (the detracción's: the operation's date). */
export const rateOnDay = (rows: readonly ExchangeRate[], day: string) => rows.find((r) => r.day === day)

/** The rate of `day` or, when none was published that day, the last one before it (the retention's). */
export function rateInForceOn(rows: readonly ExchangeRate[], day: string): ExchangeRate | undefined {
  let best: ExchangeRate | undefined
  for (const row of rows) if (row.day <= day && (!best || row.day > best.day)) best = row
  return best
}

/**
 * The rate a supplier run pays dollars at (the retention's, of the payment date): that day's or,
 * when none was published that day, the last one before it (`rateInForceOn`). A payment date after
 * `today` has no rate yet: the file's dollars would rest on a rate not published, so none.
 */
export const runRateOn = (rows: readonly ExchangeRate[], day: string, today: string) =>
  day > today ? undefined : rateInForceOn(rows, day)

/**
 * The detracción of a voucher in dollars: its total turned into soles at `rateMilli` (the SBS venta
 * of the issue date), then the soles rule of `detractionOf` — the code's minimum compared in soles,
 * the amount rounded to whole soles as every detracción here is. The valor referencial of code 027
 * is the MTC's, in soles, and is compared with the total in soles.
 * US$ 1,180.00 at 3.800 = S/ 4,484.00 → 12 % = 538.08 → S/ 538.00.
 */
export function foreignDetractionOf(
  table: readonly SpotRate[],
  code: string,
  totalForeignCents: number,
  rateMilli: number,
  date: string,
  rateBp?: number,
  referenceValueCents?: number | null,
): (Detraction & { totalSolesCents: number }) | undefined {
  const totalSolesCents = solesOfForeign(totalForeignCents, rateMilli)
  const detraction = detractionOf(table, code, totalSolesCents, date, rateBp, referenceValueCents)
  return detraction && { ...detraction, totalSolesCents }
}

/**
 * What reaches the supplier of a dollar voucher, in dollar cents: its total less the detracción and
 * the retention (soles) each turned back at the rate it was computed with.
 */
export function foreignNetCents(
  totalForeignCents: number,
  detractionSolesCents: number,
  detractionRateMilli: number | null,
  retentionSolesCents: number,
  retentionRateMilli: number | null,
): number {
  const back = (soles: number, rate: number | null) => (soles && rate ? foreignOfSoles(soles, rate) : 0)
  return netCents(
    totalForeignCents,
    back(detractionSolesCents, detractionRateMilli),
    back(retentionSolesCents, retentionRateMilli),
  )
}

export const EXCHANGE_RATE_MESSAGES = {
  dayRequired: 'Fecha es requerida',
  dayInvalid: 'Fecha inválida',
  dayBounds: `La fecha debe estar entre el ${RATE_DATE_BOUNDS.from.split('-').reverse().join('/')} y hoy`,
  rateRequired: 'Tipo de cambio es requerido',
  rateInvalid: 'El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)',
  reasonRequired: 'Indique el motivo de corregir el tipo de cambio de un día pasado',
  duplicateInFile: (day: string, line: number) =>
    `La fecha ${day.split('-').reverse().join('/')} se repite en la línea ${line}`,
  columns: 'Cada línea lleva dos columnas: fecha y tipo de cambio (sin separador de miles)',
  fileEmpty: 'El archivo no tiene filas con fecha y tipo de cambio',
  fileTooLarge: 'El archivo admite como máximo 5,000 filas',
  missingRate: (day: string) =>
    `No hay tipo de cambio SBS (venta) registrado para el ${day.split('-').reverse().join('/')}: regístrelo en Pagos → Catálogos → Tipo de cambio`,
} as const
const M = EXCHANGE_RATE_MESSAGES

/** A day of the table: a real date between 2000-01-01 and today (a rate is published, not foreseen). */
export function exchangeRateDayProblem(day: string, today = todayInLima()): string | null {
  if (!day) return M.dayRequired
  if (!isIsoDate(day)) return M.dayInvalid
  if (day < RATE_DATE_BOUNDS.from || day > today) return M.dayBounds
  return null
}

/** 'Registrar tipo de cambio': a day, its rate and, for a day that already has one, a reason. */
export const ExchangeRateSchema = z
  .object({
    day: z.string({ error: M.dayRequired }).trim(),
    rate: z.union([z.string(), z.number()], { error: M.rateRequired }).transform((v, ctx) => {
      const text = String(v).trim()
      if (!text) {
        ctx.addIssue({ code: 'custom', message: M.rateRequired })
        return z.NEVER
      }
      const milli = parseRate(text)
      if (milli === null) {
        ctx.addIssue({ code: 'custom', message: M.rateInvalid })
        return z.NEVER
      }
      return milli
    }),
    reason: z
      .string()
      .trim()
      .max(255, 'Motivo admite como máximo 255 caracteres')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine(
    (v, ctx) => {
      const problem = exchangeRateDayProblem(typeof v.day === 'string' ? v.day : '')
      if (problem) ctx.addIssue({ code: 'custom', path: ['day'], message: problem })
    },
    { when: () => true },
  )
export type ExchangeRateInput = z.infer<typeof ExchangeRateSchema>

/** One row of an imported file, read. */
export type ImportedRate = { line: number; day: string; sellRateMilli: number }
export type ImportProblem = { line: number; message: string }

/** DD/MM/YYYY or YYYY-MM-DD → YYYY-MM-DD (anything else is returned as typed, to be refused). */
function isoDay(text: string): string {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : text
}

/**
 * The rows of an imported table (CSV lines or an Excel sheet's cells as text): a date (DD/MM/YYYY
 * or YYYY-MM-DD) and a rate; a first row that is not a date is its header. Every problem is
 * reported by line; any problem and nothing is saved.
 */
export function readExchangeRateRows(
  rows: readonly (readonly string[])[],
  today = todayInLima(),
): { rates: ImportedRate[]; problems: ImportProblem[] } {
  const rates: ImportedRate[] = []
  const problems: ImportProblem[] = []
  const seen = new Map<string, number>()
  for (const [index, cells] of rows.entries()) {
    const line = index + 1
    const [dayText = '', rateText = '', ...rest] = cells.map((c) => c.trim())
    if (!dayText && !rateText) continue
    const day = isoDay(dayText)
    if (index === 0 && !isIsoDate(day)) continue
    if (rest.some(Boolean)) {
      problems.push({ line, message: M.columns })
      continue
    }
    const dayProblem = exchangeRateDayProblem(day, today)
    const milli = parseRate(rateText.replace(',', '.'))
    if (dayProblem) problems.push({ line, message: dayProblem })
    if (milli === null) problems.push({ line, message: rateText ? M.rateInvalid : M.rateRequired })
    if (dayProblem || milli === null) continue
    const first = seen.get(day)
    if (first !== undefined) {
      problems.push({ line, message: M.duplicateInFile(day, first) })
      continue
    }
    seen.set(day, line)
    rates.push({ line, day, sellRateMilli: milli })
  }
  if (!rates.length && !problems.length) problems.push({ line: 1, message: M.fileEmpty })
  if (rates.length > 5000) problems.push({ line: 1, message: M.fileTooLarge })
  return { rates, problems }
}

/** A CSV's lines as cells: ';' or tab separated (Excel in es-PE saves with ';'), else ','. */
export const csvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.split(/[;\t]/.test(line) ? /[;\t]/ : ',').map((c) => c.replace(/^"|"$/g, '')))
