import { formatCount } from '@planillas/domain'

/**
 * 'Mostrando 1–10 de 25', or 'Mostrando 1–10 de más de 10,000' when the API stopped counting
 * (`totalIsExact: false`): the total is a lower bound and is said as one.
 */
export function pagingSummary(
  page: number,
  size: number,
  totalElements: number,
  totalIsExact = true,
): string {
  const first = (page - 1) * size + 1
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
