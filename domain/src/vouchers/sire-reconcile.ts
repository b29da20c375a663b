import { z } from 'zod'
import { formatDate } from '../common/format'
import { centsToSoles, formatCents } from '../common/money'
import { periodLabel } from '../common/period'
import { plainNumber, SIRE_EXCLUDED_TYPES, type SireRow } from './sire-proposal'
import { voucherType } from './voucher-schema'

/** Series-numbers in numeric order (F001-9 before F001-10); one collator, not one per comparison. */
const VOUCHER_ORDER = new Intl.Collator('en', { numeric: true })

/**
 * The SIRE purchase proposal against the vouchers registered (docs/decisions/sire-proposal.md):
 * each proposal row and each voucher of the company issued in the period ends in one outcome. A
 * row and a voucher are the same comprobante when the supplier's document number, the type, the
 * series (case aside) and the number (leading zeros aside) are the same; then the total, the IGV,
 * the issue date and the currency are compared.
 */
export const sireOutcome = {
  coincide: 'Coincide',
  sunat: 'En SUNAT, no registrado',
  registrado: 'Registrado, no en SUNAT',
  difiere: 'Difiere',
} as const
export type SireOutcome = keyof typeof sireOutcome
/** The order the lines are listed in: what needs the clerk first. */
export const SIRE_OUTCOMES: SireOutcome[] = ['difiere', 'sunat', 'registrado', 'coincide']

/** Vouchers that no longer stand (RECHAZADO, ANULADO) are not in the company's register. */
const NOT_STANDING: Record<number, string> = { 5: 'RECHAZADO', 6: 'ANULADO' }

/** A voucher as the reconciliation reads it: registered for the company, amounts in céntimos. */
export type RegisteredVoucher = {
  id: number
  supplierRuc: string
  supplierName: string
  type: string
  series: string
  number: number
  issueDate: string
  currency: string
  igvCents: number
  totalCents: number
  status: number
}

const FIELD_LABELS = { total: 'Total', igv: 'IGV', fecha: 'Fecha de emisión', moneda: 'Moneda' } as const

export const SireDifferenceSchema = z.object({
  field: z.enum(['total', 'igv', 'fecha', 'moneda']),
  sunat: z.string(),
  registered: z.string(),
})
export type SireDifference = z.infer<typeof SireDifferenceSchema>

/** One comprobante's outcome: its proposal row and its voucher, each when there is one. */
export const SireLineSchema = z.object({
  outcome: z.enum(SIRE_OUTCOMES as [SireOutcome, ...SireOutcome[]]),
  /** The proposal's line (null: only registered). */
  rowNumber: z.number().nullable(),
  car: z.string().nullable(),
  voucherId: z.number().nullable(),
  supplierId: z.string(),
  supplierName: z.string(),
  type: z.string(),
  /** 'F001-123' as the proposal and the voucher share it (series upper case, number without leading zeros). */
  voucher: z.string(),
  sunat: z
    .object({ issueDate: z.string(), currency: z.string(), totalCents: z.number(), igvCents: z.number() })
    .nullable(),
  registered: z
    .object({ issueDate: z.string(), currency: z.string(), totalCents: z.number(), igvCents: z.number() })
    .nullable(),
  differences: SireDifferenceSchema.array(),
  /** The outcome in words: what differs with both values, or why a side is missing. */
  reason: z.string(),
})
export type SireLine = z.infer<typeof SireLineSchema>

export const SireCountsSchema = z.object({
  coincide: z.number(),
  sunat: z.number(),
  registrado: z.number(),
  difiere: z.number(),
  /** Proposal rows of the types the RCE leaves out (02, 91, 97, 98), not compared. */
  excluded: z.number(),
})
export type SireCounts = z.infer<typeof SireCountsSchema>

/** The API's answer: the counts, and the first lines (all of them in the Excel). */
export const SireReconciliationSchema = z.object({
  companyId: z.number(),
  period: z.string(),
  counts: SireCountsSchema,
  /** Every line's count; `lines` holds the first `listed` of them, in SIRE_OUTCOMES order. */
  total: z.number(),
  lines: SireLineSchema.array(),
})
export type SireReconciliation = z.infer<typeof SireReconciliationSchema>

/** The form's fields (the file comes as its own part). */
export const SireFormSchema = z.object({
  companyId: z.coerce
    .number({ error: 'Seleccione la empresa' })
    .int('Seleccione la empresa')
    .positive('Seleccione la empresa'),
  period: z
    .string({ error: 'El periodo es requerido' })
    .trim()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, 'El periodo debe ser AAAAMM (p. ej. 202611)'),
})

export const SireQuerySchema = z.object({
  format: z.enum(['json', 'xlsx'], { error: "El formato debe ser 'json' o 'xlsx'" }).optional(),
})

/** An amount in its currency: soles as every screen shows them, another currency by its code. */
export const sireAmountText = (currency: string, cents: number) =>
  currency === 'PEN' ? formatCents(cents) : `${currency} ${centsToSoles(cents)}`

/**
 * SIRE may list a nota de crédito with negative amounts while the voucher keeps them positive (the
 * one source does not say): a 07's amounts are compared without their sign.
 */
const compared = (type: string, cents: number) => (type === '07' ? Math.abs(cents) : cents)

const keyOf = (supplierId: string, type: string, series: string, number: string) =>
  `${supplierId}|${type}|${series.toUpperCase()}|${plainNumber(number)}`

const voucherText = (series: string, number: string) => `${series.toUpperCase()}-${plainNumber(number)}`

function differencesOf(row: SireRow, v: RegisteredVoucher): SireDifference[] {
  const found: SireDifference[] = []
  if (compared(row.type, row.totalCents) !== compared(v.type, v.totalCents))
    found.push({
      field: 'total',
      sunat: sireAmountText(row.currency, row.totalCents),
      registered: sireAmountText(v.currency, v.totalCents),
    })
  if (compared(row.type, row.igvCents) !== compared(v.type, v.igvCents))
    found.push({
      field: 'igv',
      sunat: sireAmountText(row.currency, row.igvCents),
      registered: sireAmountText(v.currency, v.igvCents),
    })
  if (row.issueDate !== v.issueDate)
    found.push({ field: 'fecha', sunat: formatDate(row.issueDate), registered: formatDate(v.issueDate) })
  if (row.currency !== v.currency)
    found.push({ field: 'moneda', sunat: row.currency, registered: v.currency })
  return found
}

/** 'Total: SUNAT S/ 1,180.00, registrado S/ 1,100.00' for each field that differs. */
export const differenceText = (d: SireDifference) =>
  `${FIELD_LABELS[d.field]}: SUNAT ${d.sunat}, registrado ${d.registered}`

const typeName = (type: string) => voucherType[type as keyof typeof voucherType] ?? `tipo ${type}`

/**
 * Reconciles the proposal's rows (those of the types the RCE holds) with the company's vouchers:
 * `registered` holds the vouchers issued in `period` and any other voucher a row may be (the API
 * reads both). Every row and every standing voucher of the period (not RECHAZADO nor ANULADO, not
 * a recibo por honorarios) ends in exactly one line, in SIRE_OUTCOMES order.
 */
export function reconcileSire(input: {
  period: string
  rows: SireRow[]
  registered: RegisteredVoucher[]
  excludedCount: number
}): { counts: SireCounts; lines: SireLine[] } {
  const monthPrefix = `${input.period.slice(0, 4)}-${input.period.slice(4)}-`
  const standing = new Map<string, RegisteredVoucher>()
  const fallen = new Map<string, RegisteredVoucher>()
  for (const v of input.registered) {
    if (SIRE_EXCLUDED_TYPES.includes(v.type)) continue
    const key = keyOf(v.supplierRuc, v.type, v.series, String(v.number))
    if (NOT_STANDING[v.status]) fallen.set(key, v)
    else standing.set(key, v)
  }
  const lines: SireLine[] = []
  const used = new Set<number>()
  const seen = new Map<string, number>()
  for (const row of input.rows) {
    const key = keyOf(row.supplierId, row.type, row.series, row.number)
    const base = {
      rowNumber: row.rowNumber,
      car: row.car,
      supplierId: row.supplierId,
      type: row.type,
      voucher: voucherText(row.series, row.number),
      sunat: {
        issueDate: row.issueDate,
        currency: row.currency,
        totalCents: row.totalCents,
        igvCents: row.igvCents,
      },
    }
    const earlier = seen.get(key)
    const voucher = earlier === undefined ? standing.get(key) : undefined
    seen.set(key, earlier ?? row.rowNumber)
    if (!voucher) {
      const other = fallen.get(key)
      lines.push({
        ...base,
        outcome: 'sunat',
        voucherId: other?.id ?? null,
        supplierName: row.supplierName,
        registered: null,
        differences: [],
        reason:
          earlier !== undefined
            ? `Repetido en la propuesta: el mismo comprobante está en la fila ${earlier}`
            : other
              ? `El comprobante registrado está ${NOT_STANDING[other.status]}`
              : 'No está registrado en el sistema',
      })
      continue
    }
    used.add(voucher.id)
    const differences = differencesOf(row, voucher)
    lines.push({
      ...base,
      outcome: differences.length ? 'difiere' : 'coincide',
      voucherId: voucher.id,
      supplierName: voucher.supplierName,
      registered: {
        issueDate: voucher.issueDate,
        currency: voucher.currency,
        totalCents: voucher.totalCents,
        igvCents: voucher.igvCents,
      },
      differences,
      reason: differences.length ? differences.map(differenceText).join('; ') : 'Coincide',
    })
  }
  for (const v of standing.values()) {
    if (used.has(v.id) || !v.issueDate.startsWith(monthPrefix)) continue
    lines.push({
      outcome: 'registrado',
      rowNumber: null,
      car: null,
      voucherId: v.id,
      supplierId: v.supplierRuc,
      supplierName: v.supplierName,
      type: v.type,
      voucher: voucherText(v.series, String(v.number)),
      sunat: null,
      registered: {
        issueDate: v.issueDate,
        currency: v.currency,
        totalCents: v.totalCents,
        igvCents: v.igvCents,
      },
      differences: [],
      reason: `No está en la propuesta de SUNAT del periodo ${periodLabel(input.period)} (${typeName(v.type)})`,
    })
  }
  const rank = new Map(SIRE_OUTCOMES.map((o, i) => [o, i]))
  lines.sort(
    (a, b) =>
      (rank.get(a.outcome) as number) - (rank.get(b.outcome) as number) ||
      a.supplierId.localeCompare(b.supplierId) ||
      a.type.localeCompare(b.type) ||
      VOUCHER_ORDER.compare(a.voucher, b.voucher) ||
      (a.rowNumber ?? 0) - (b.rowNumber ?? 0),
  )
  const counts: SireCounts = {
    coincide: 0,
    sunat: 0,
    registrado: 0,
    difiere: 0,
    excluded: input.excludedCount,
  }
  for (const line of lines) counts[line.outcome]++
  return { counts, lines }
}
