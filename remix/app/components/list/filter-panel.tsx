import type { Option } from '@planillas/domain'
import { dayMonthYear } from '@planillas/domain'
import { useRef } from 'react'
import { Form, Link, useFetcher, useLocation } from 'react-router'
import { useHydrated } from '~/utils/use-hydrated'
import { buttonClass } from '../ui/button'
import type { ListFilter } from './filter-model'
import { FilterPicker, fieldClass } from './filter-picker'

/** What the filter route answers: the list it filters, its title and its filters with their options. */
export type FilterFormData = { path: string; title: string; filters: ListFilter[] }

/** The URL parameters a filter stands for: its name, or `<name>From` and `<name>To`. */
const paramsOf = (filter: ListFilter) =>
  filter.kind === 'dateRange' ? [`${filter.name}From`, `${filter.name}To`] : [filter.name]

/**
 * The form of 'Filtrar': a GET to the list, each filter's control set from the current URL, the
 * rest of it (search, order, page size, where 'Volver' goes) kept in hidden fields, the page
 * dropped (a new filter starts at page 1). 'Limpiar' is the list with the rest and no filter.
 */
export function FilterForm({
  path,
  filters,
  onSubmit,
}: Pick<FilterFormData, 'path' | 'filters'> & { onSubmit?: () => void }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const own = new Set(filters.flatMap(paramsOf))
  const kept = [...params].filter(([key]) => key !== 'page' && !own.has(key))
  const rest = new URLSearchParams(kept).toString()
  return (
    <Form method="get" action={path} className="flex flex-col gap-3" data-filter-form="" onSubmit={onSubmit}>
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <FilterFields filters={filters} params={params} />
      <div className="flex justify-end gap-2 pt-2">
        <Link to={rest ? `${path}?${rest}` : path} className={buttonClass('secondary')}>
          Limpiar
        </Link>
        <button type="submit" className={buttonClass('primary')}>
          Aplicar
        </button>
      </div>
    </Form>
  )
}

/**
 * 'Filtrar' on a list. In the server's page (and so without JavaScript) a link to the list's filter
 * page (`/filtrar/<list>?…`); once scripts run, a disclosure whose form is loaded from that same
 * route the first time it opens: the list's document carries none of the options.
 */
export function FilterButton({ href, active }: { href: string; active: number }) {
  const hydrated = useHydrated()
  const label = `Filtrar${active ? ` (${active})` : ''}`
  if (!hydrated)
    return (
      <Link to={href} className={buttonClass('secondary')} data-filter-button="">
        {label}
      </Link>
    )
  return <FilterDisclosure href={href} label={label} />
}

function FilterDisclosure({ href, label }: { href: string; label: string }) {
  const fetcher = useFetcher<FilterFormData>()
  const location = useLocation()
  const panel = useRef<HTMLDetailsElement>(null)
  const path = href.replace(/^\/filtrar/, '').replace(/\?.*$/, '')
  return (
    // With JavaScript the page does not reload on 'Aplicar', so the panel closes itself.
    <details
      ref={panel}
      className="group relative"
      data-filter-button=""
      onToggle={(event) => {
        if (event.currentTarget.open && fetcher.state === 'idle' && !fetcher.data) fetcher.load(href)
      }}
    >
      <summary className={`${buttonClass('secondary')} cursor-pointer list-none`}>{label}</summary>
      <div className="absolute z-20 mt-2 w-80 max-w-[90vw] rounded border border-slate-200 bg-white p-4 shadow-lg">
        {fetcher.data ? (
          // Keyed by the URL: after a chip is removed or a filter applied, the controls show it.
          <FilterForm
            key={location.search}
            path={path}
            filters={fetcher.data.filters}
            onSubmit={() => {
              if (panel.current) panel.current.open = false
            }}
          />
        ) : (
          <p className="text-sm text-slate-600" role="status">
            Cargando filtros…
          </p>
        )}
      </div>
    </details>
  )
}

/** Each filter's control: a date range, a searchable picker (multiple) or a native select. */
function FilterFields({ filters, params }: { filters: ListFilter[]; params: URLSearchParams }) {
  return (
    <>
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
    </>
  )
}

/** A filter of one value ('Todos' for none); a multiple one is a `FilterPicker`. */
export function FilterSelect({
  label,
  name,
  options,
  value,
}: {
  label: string
  name: string
  options: Option[]
  value?: string
}) {
  const id = `filter-${name}`
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={fieldClass}>
        <option value="">Todos</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function FilterDateRange({
  label,
  name,
  from,
  to,
}: {
  label: string
  name: string
  from?: string | null
  to?: string | null
}) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="font-medium text-slate-700">{label}</legend>
      {/* Text fields in DD/MM/AAAA: the same in every browser, and they fit the panel on a phone. */}
      <div className="grid grid-cols-2 gap-2">
        <RangeEnd label="Desde" name={`${name}From`} value={from} />
        <RangeEnd label="Hasta" name={`${name}To`} value={to} />
      </div>
    </fieldset>
  )
}

function RangeEnd({ label, name, value }: { label: string; name: string; value?: string | null }) {
  return (
    <label className="flex min-w-0 flex-col text-xs text-slate-600">
      {label}
      <input
        name={name}
        defaultValue={dayMonthYear(value)}
        placeholder="DD/MM/AAAA"
        inputMode="numeric"
        maxLength={10}
        className={`${fieldClass} min-w-0`}
      />
    </label>
  )
}
