import { addDays, periodEnd } from '../common/dates'

/**
 * Fixed-term ('sujetos a modalidad') contracts may follow one another for at most five years
 * (D.S. 003-97-TR, art. 74); past that the relationship is deemed indefinite. The product warns,
 * it does not refuse: the clerk decides.
 */
export const FIXED_TERM_LIMIT_YEARS = 5

export type TermSpan = {
  startDate: string
  /** Planned end; null for an indefinite contract. */
  finishDate: string | null
  /** The day it really ended when it was finished early or the employee was dismissed. */
  closedOn?: string | null
}

const endOf = (c: TermSpan) =>
  c.closedOn && c.finishDate && c.closedOn < c.finishDate ? c.closedOn : c.finishDate

/**
 * The first day of the run of consecutive fixed-term contracts that a new contract starting on
 * `startDate` would extend. Contracts are consecutive when one starts at the latest the day after
 * the previous one ends; an indefinite contract is not fixed-term and ends a run.
 */
export function fixedTermRunStart(history: readonly TermSpan[], startDate: string): string {
  const fixed = history.filter((c) => c.finishDate)
  let runStart = startDate
  for (;;) {
    const previous = fixed.find((c) => c.startDate < runStart && (endOf(c) ?? '') >= addDays(runStart, -1))
    if (!previous) return runStart
    runStart = previous.startDate
  }
}

const formatDay = (date: string) => date.split('-').reverse().join('/')

/**
 * The warning shown when a new fixed-term contract would take the employee past five consecutive
 * years of fixed-term work, or null.
 */
export function fixedTermWarning(history: readonly TermSpan[], next: TermSpan): string | null {
  if (!next.finishDate) return null
  const runStart = fixedTermRunStart(history, next.startDate)
  // The last day of five whole years: five 1-year contracts from 01/01/2021 end on 31/12/2025.
  const limit = periodEnd(runStart, FIXED_TERM_LIMIT_YEARS * 12)
  if (next.finishDate <= limit) return null
  return (
    `Con este contrato el colaborador superaría ${FIXED_TERM_LIMIT_YEARS} años de contratos a plazo fijo ` +
    `consecutivos (desde el ${formatDay(runStart)}; el límite vence el ${formatDay(limit)}). ` +
    'La ley (D.S. 003-97-TR, art. 74) no permite contratos sujetos a modalidad por más de 5 años: ' +
    'considere un contrato indefinido.'
  )
}
