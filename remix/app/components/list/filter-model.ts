import type { Option } from '@planillas/domain'
import {
  enumOptions,
  formatDate,
  isIsoDate,
  isoFromDayMonthYear,
  periodLabel,
  recordStatus,
} from '@planillas/domain'
import type { Chip } from './filter-chips'

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
      options: Option[]
      /** Any number of values (`name=1&name=2`), chosen in a searchable picker (`FilterPicker`). */
      multiple?: boolean
    }
  /** Two URL parameters, `${name}From` and `${name}To`, dates YYYY-MM-DD. */
  | { kind: 'dateRange'; name: string; label: string; chip?: string }

/** The one filter of the catalogues whose records are ACTIVO or SUSPENDIDO (empresas, áreas, cargos, bancos). */
export const RECORD_STATUS_FILTERS: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: enumOptions(recordStatus) },
]

/** The payroll periods (YYYYMM) offered as a filter, by their month names. */
export const periodFilterOptions = (periods: string[]): Option[] =>
  periods.map((p) => ({ value: p, label: periodLabel(p) }))

/** Lower case without accents, so that 'logistica' finds 'Logística'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * The options a picker offers for what the user typed: those whose label holds every word of it,
 * in any order, accents and case ignored; all of them for a blank query.
 */
export function matchingOptions(options: Option[], query: string): Option[] {
  const words = folded(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return options
  return options.filter((option) => {
    const label = folded(option.label)
    return words.every((word) => label.includes(word))
  })
}

/**
 * The chosen values of a multiple filter as options, in the order of the URL, each once; a value
 * that is not among the options (an area suspended since) is kept and shown as it is, as its chip.
 */
export function chosenOptions(options: Option[], values: string[]): Option[] {
  return [...new Set(values)].map(
    (value) => options.find((o) => o.value === value) ?? { value, label: value },
  )
}

/** Every option once, the chosen ones first: the checklist without JavaScript. */
export function chosenFirst(options: Option[], values: string[]): Option[] {
  const chosen = chosenOptions(options, values)
  const taken = new Set(values)
  return [...chosen, ...options.filter((o) => !taken.has(o.value))]
}

/** A typed date as the chip shows it: DD/MM/AAAA, or the text as typed when it is no date. */
function dateOrEllipsis(value: string | null) {
  if (!value) return '…'
  const iso = isoFromDayMonthYear(value)
  return isIsoDate(iso) ? formatDate(iso) : value
}

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
