import { dayMonthYear } from '@planillas/domain'
import { type ReactNode, useRef } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { buttonClass } from '../ui/button'

/**
 * 'Filtrar': a disclosure (works without JavaScript) holding a GET form; applying keeps the search,
 * 'Limpiar' drops every filter.
 */
export function FilterPanel({ children, active }: { children: ReactNode; active: number }) {
  const location = useLocation()
  const search = new URLSearchParams(location.search).get('search')
  const panel = useRef<HTMLDetailsElement>(null)
  return (
    // With JavaScript the page does not reload on 'Aplicar', so the panel closes itself.
    <details ref={panel} className="group relative">
      <summary className={`${buttonClass('secondary')} cursor-pointer list-none`}>
        Filtrar{active ? ` (${active})` : ''}
      </summary>
      <div className="absolute z-20 mt-2 w-80 max-w-[90vw] rounded border border-slate-200 bg-white p-4 shadow-lg">
        <Form
          method="get"
          className="flex flex-col gap-3"
          onSubmit={() => {
            if (panel.current) panel.current.open = false
          }}
        >
          {search ? <input type="hidden" name="search" value={search} /> : null}
          {children}
          <div className="flex justify-end gap-2 pt-2">
            <Link
              to={search ? `${location.pathname}?search=${encodeURIComponent(search)}` : location.pathname}
              className={buttonClass('secondary')}
            >
              Limpiar
            </Link>
            <button type="submit" className={buttonClass('primary')}>
              Aplicar
            </button>
          </div>
        </Form>
      </div>
    </details>
  )
}

export const fieldClass = 'w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm'

/** A filter of one value ('Todos' for none); a multiple one is a `FilterPicker`. */
export function FilterSelect({
  label,
  name,
  options,
  value,
}: {
  label: string
  name: string
  options: { value: string; label: string }[]
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
