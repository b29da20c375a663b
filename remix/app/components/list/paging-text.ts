import { formatCount } from '@planillas/domain'

/**
 * 'Mostrando 1–10 de 25'. Without an exact total (`totalIsExact: false`) the total is said as what it
 * is: the planner's estimate, rounded ('de unos 32,000', `totalIsEstimate`), or a lower bound where
 * counting stopped ('de más de 10,000').
 */
export function pagingSummary(
  page: number,
  size: number,
  totalElements: number,
  totalIsExact = true,
  totalIsEstimate = false,
): string {
  const first = (page - 1) * size + 1
  if (!totalIsExact && totalIsEstimate) {
    return `Mostrando ${formatCount(first)}–${formatCount(page * size)} de unos ${formatCount(Math.max(roughly(totalElements), page * size))}`
  }
  if (!totalIsExact) {
    return `Mostrando ${formatCount(first)}–${formatCount(page * size)} de más de ${formatCount(totalElements)}`
  }
  const last = Math.min(page * size, totalElements)
  return `Mostrando ${formatCount(first)}–${formatCount(last)} de ${formatCount(totalElements)}`
}

/**
 * 1 … 4 5 [6] 7 8 … 20. With a total that is only a lower bound the last page is not known, so
 * the window ends after the next pages, with a gap ('…') and no last page to jump to.
 */
export function pageWindow(page: number, totalPages: number, totalIsExact = true): (number | null)[] {
  const pages: (number | null)[] = []
  const last = totalIsExact ? totalPages : Math.min(totalPages, page + 2)
  for (let p = 1; p <= last; p++) {
    if (p === 1 || (totalIsExact && p === last) || Math.abs(p - page) <= 2) pages.push(p)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  if (!totalIsExact && totalPages > last) pages.push(null)
  return pages
}

/**
 * An estimate to two significant figures (32,032 → 32,000; 1,234,567 → 1,200,000): more figures
 * would claim a precision the planner does not have. The summary never says fewer than it shows.
 */
export function roughly(estimate: number): number {
  if (estimate < 100) return estimate
  const step = 10 ** (Math.floor(Math.log10(estimate)) - 1)
  return Math.round(estimate / step) * step
}
