import { formatDate, isoFromDayMonthYear, periodLabel } from '@planillas/domain'
import type { Chip } from './filter-chips'

export type FilterOption = { value: string; label: string }

/**
 * One filter of a list, declared once: it gives both its control in 'Filtrar' and its chip(s).
 * `chip` names it in the chip when the panel's label is longer.
 */
export type ListFilter =
  | {
      kind: 'select'
      name: string
      label: string
      chip?: string
      options: FilterOption[]
      multiple?: boolean
    }
  /** Two URL parameters, `${name}From` and `${name}To`, dates YYYY-MM-DD. */
  | { kind: 'dateRange'; name: string; label: string; chip?: string }

/** The payroll periods (YYYYMM) offered as a filter, by their month names. */
export const periodFilterOptions = (periods: string[]): FilterOption[] =>
  periods.map((p) => ({ value: p, label: periodLabel(p) }))

const dateOrEllipsis = (value: string | null) => (value ? formatDate(isoFromDayMonthYear(value)) : '…')

/** The filters in force as removable chips: one per chosen value of a multiple select. */
export function filterChips(filters: ListFilter[], params: URLSearchParams): Chip[] {
  return filters.flatMap((filter): Chip[] => {
    const noun = filter.chip ?? filter.label
    if (filter.kind === 'dateRange') {
      const from = params.get(`${filter.name}From`)
      const to = params.get(`${filter.name}To`)
      return from || to
        ? [
            {
              label: `${noun}: ${dateOrEllipsis(from)} – ${dateOrEllipsis(to)}`,
              params: [`${filter.name}From`, `${filter.name}To`],
            },
          ]
        : []
    }
    const labelOf = (value: string) => filter.options.find((o) => o.value === value)?.label ?? value
    if (filter.multiple)
      return params
        .getAll(filter.name)
        .map((value) => ({ label: `${noun}: ${labelOf(value)}`, params: [filter.name], value }))
    const value = params.get(filter.name)
    return value ? [{ label: `${noun}: ${labelOf(value)}`, params: [filter.name] }] : []
  })
}
