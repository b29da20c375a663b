import { inForce } from './spot'

/**
 * The Unidad Impositiva Tributaria as a dated table (docs/domain.md, supplier payments;
 * docs/decisions/tax-rules.md): the MEF fixes it each year by decreto supremo, and the rules that
 * the law states in UIT (the minimum of SPOT's Anexo 1, ½ UIT) follow it. Amounts in céntimos.
 */
export type UitRow = { validFrom: string; cents: number; norm: string }

export const UIT_TABLE: readonly UitRow[] = [
  // ½ UIT 2025 = S/ 2,675.00 (research notes, peru-rules-2026.md §1.1); the decree is background knowledge.
  { validFrom: '2025-01-01', cents: 535_000, norm: 'D.S. 260-2024-EF' },
  // Confirmed by three sources (research notes §1.1).
  { validFrom: '2026-01-01', cents: 550_000, norm: 'D.S. 301-2025-EF' },
]

/** The UIT in force on `date`; undefined before the table starts. */
export const uitOn = (date: string, table: readonly UitRow[] = UIT_TABLE) => inForce(table, date)

/** `fraction` of the UIT in force on `date`, in céntimos rounded half up (½ UIT 2026 = 275,000). */
export function uitFractionOn(date: string, numerator: number, denominator: number, table = UIT_TABLE) {
  const uit = uitOn(date, table)
  if (!uit) return undefined
  return Math.floor((uit.cents * numerator * 2 + denominator) / (2 * denominator))
}

/** SPOT codes whose minimum the law states as ½ UIT (Anexo 1: azúcar, alcohol etílico). */
export const HALF_UIT_SPOT_CODES = ['001', '003'] as const
