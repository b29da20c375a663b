import { FilterChips } from './filter-chips'
import { filterChips, type ListFilter } from './filter-model'
import { FilterDateRange, FilterPanel, FilterSelect } from './filter-panel'
import { FilterPicker } from './filter-picker'

export {
  type FilterOption,
  type ListFilter,
  periodFilterOptions,
  RECORD_STATUS_FILTERS,
} from './filter-model'

/**
 * A list's 'Filtrar' panel and the chips of what is in force, from one declaration; `ListPage`
 * takes them as its `filters` and `chips`.
 */
export function listFilters(filters: ListFilter[], params: URLSearchParams) {
  const chips = filterChips(filters, params)
  return {
    panel: (
      <FilterPanel active={chips.length}>
        {filters.map((filter) =>
          filter.kind === 'dateRange' ? (
            <FilterDateRange
              key={filter.name}
              label={filter.label}
              name={filter.name}
              from={params.get(`${filter.name}From`)}
              to={params.get(`${filter.name}To`)}
            />
          ) : filter.multiple ? (
            <FilterPicker
              key={filter.name}
              label={filter.label}
              name={filter.name}
              options={filter.options}
              values={params.getAll(filter.name)}
            />
          ) : (
            <FilterSelect
              key={filter.name}
              label={filter.label}
              name={filter.name}
              options={filter.options}
              value={params.get(filter.name) ?? ''}
            />
          ),
        )}
      </FilterPanel>
    ),
    chips: <FilterChips chips={chips} />,
  }
}
