import { EMPTY } from './format'

/**
 * Money in one unit: integer céntimos (S/ 1,180.50 is 118050), in every tier. Supplier amounts are
 * céntimos from the database up; payroll amounts are PostgreSQL `numeric` and travel as decimal
 * strings ('1180.50'), converted here at the boundary (`decimalToCents`, `centsToSoles`) so no
 * binary fraction ever holds money. The brand keeps a number of soles from passing for céntimos.
 */
export type Cents = number & { readonly __unit: 'céntimos' }

/** A whole number of céntimos as `Cents`; anything else is a programming error. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of céntimos: ${value}`)
  return (value === 0 ? 0 : value) as Cents
}

/** Soles as typed in a form or a cell shown as text: digits, an optional point and up to two decimals. */
const SOLES = /^\d{1,11}(\.\d{1,2})?$/

/** '1180.5' → 118050 céntimos; null when the text is not soles as typed (no sign, no comma). */
export function solesToCents(text: string): Cents | null {
  const value = text.trim()
  if (!SOLES.test(value)) return null
  const [units, decimals = ''] = value.split('.')
  return (Number(units) * 100 + Number(decimals.padEnd(2, '0'))) as Cents
}

/**
 * The part of an amount at a rate in basis points, `cents × bp / 10000`, rounded half up to the
 * céntimo (a retention, an AFP contribution; a detracción rounds to whole soles instead).
 */
export function centsAtRate(totalCents: number, rateBp: number): number {
  // BigInt: S/ 10^11 × 10,000 bp passes Number's exact integers.
  return Number((BigInt(totalCents) * BigInt(rateBp) + 5_000n) / 10_000n)
}

/** A number of soles (a wage, an allowance, demo data) in céntimos, rounded to the nearest céntimo. */
export const centsOfSoles = (soles: number): Cents => Math.round(soles * 100) as Cents

/** A decimal as PostgreSQL `numeric` writes it ('1850.50', '-3.1', '12'): any decimals beyond two are cut. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/

/** '1850.50' → 185050, exactly (a payroll amount read from the database or a checked cell). */
export function decimalToCents(amount: string): Cents {
  const match = DECIMAL.exec(amount.trim())
  if (!match) throw new RangeError(`Not a decimal amount: ${amount}`)
  const [, sign, units, decimals = ''] = match
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2))
  return asCents(sign ? -cents : cents)
}

type Parts = { negative: boolean; units: string; decimals: string }

/** The digits of a whole number of céntimos: sign, units and the two decimals (bank layouts pad them). */
export function centsParts(cents: number | bigint): Parts {
  // Céntimos are whole; a fraction (never stored) is rounded as a number of soles would be.
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) return solesParts(cents / 100)
  const whole = typeof cents === 'bigint' ? cents : BigInt(cents)
  const negative = whole < 0n
  const size = negative ? -whole : whole
  return { negative, units: (size / 100n).toString(), decimals: (size % 100n).toString().padStart(2, '0') }
}

/** 118050 → '1180.50': what a form shows back, and how a payroll amount is written to the database. */
export function centsToSoles(cents: number | bigint): string {
  const { negative, units, decimals } = centsParts(cents)
  return `${negative ? '-' : ''}${units}.${decimals}`
}

/** The soles of an amount in céntimos as a number: the value of a spreadsheet's money cell. */
export const centsAsSoles = (cents: number): number => cents / 100

const grouped = (units: string) => units.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

const shown = (negative: boolean, units: string, decimals: string) =>
  `S/ ${negative ? '-' : ''}${grouped(units)}${decimals ? `.${decimals}` : ''}`

/** Céntimos as the screens, messages and files show money: 118050 → 'S/ 1,180.50'; null → '---'. */
export function formatCents(cents: number | bigint | null | undefined): string {
  if (cents === null || cents === undefined) return EMPTY
  const { negative, units, decimals } = centsParts(cents)
  return shown(negative, units, decimals)
}

/** A number's shortest decimal form without an exponent: '1e+21' → '1000000000000000000000', '1e-7' → '0'. */
function plainDecimal(text: string): string {
  const [mantissa, exponent] = text.split('e')
  if (exponent === undefined) return text
  if (exponent.startsWith('-')) return '0'
  const [whole, fraction = ''] = mantissa.split('.')
  return (whole + fraction).padEnd(whole.length + Number(exponent), '0')
}

/**
 * Soles as a number, rounded to the céntimo half away from zero on the number's shortest decimal
 * form (1.005 → 1.01), as `Intl.NumberFormat` rounds; a negative amount that rounds to zero keeps
 * its sign, as it did there.
 */
function solesParts(soles: number): Parts {
  const negative = soles < 0 || Object.is(soles, -0)
  if (!Number.isFinite(soles)) return { negative, units: Number.isNaN(soles) ? 'NaN' : '∞', decimals: '' }
  const [units, fraction = ''] = plainDecimal(String(Math.abs(soles))).split('.')
  const up = fraction.length > 2 && fraction[2] >= '5' ? 1n : 0n
  const parts = centsParts(BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)) + up)
  return { ...parts, negative }
}

/**
 * An amount in soles (a payroll amount's decimal string, or a number of soles) as money is shown:
 * 'S/ 1,234.56'; blank → '---'. A decimal string is read exactly, whatever its size
 * (99999999999999.99, the largest payroll total, stays itself).
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY
  if (typeof value === 'string') {
    const match = DECIMAL.exec(value.trim())
    if (match && (match[3] ?? '').length <= 2) {
      const [, sign, units, decimals = ''] = match
      return shown(sign === '-', BigInt(units).toString(), decimals.padEnd(2, '0'))
    }
  }
  const { negative, units, decimals } = solesParts(Number(value))
  return shown(negative, units, decimals)
}

/**
 * What is paid to the supplier: total − detracción − retención (docs/domain.md, supplier payments);
 * a recibo por honorarios also less its fourth-category retention (docs/decisions/tax-rules.md).
 */
export const netCents = (
  totalCents: number,
  detractionCents: number,
  retentionCents: number,
  fourthCategoryCents = 0,
): Cents => asCents(totalCents - detractionCents - retentionCents - fourthCategoryCents)
