import { Form, Link, useLocation, useSearchParams } from 'react-router'
import { withParams } from '~/utils/list-params'
import { KeepParams } from './keep-params'

/** A list's order as the URL says it (`sort=field,asc|desc`, docs/architecture.md); null when the list's default applies. */
export type SortState = { field: string; direction: 'asc' | 'desc' } | null

export function readSort(value: string | null): SortState {
  const [field, direction] = (value ?? '').split(',')
  if (!field) return null
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' }
}

/** The order a header's link asks for: ascending first, then the other way on a second click. */
export const nextSort = (current: SortState, field: string) =>
  `${field},${current?.field === field && current.direction === 'asc' ? 'desc' : 'asc'}`

export const ariaSort = (current: SortState, field: string) =>
  current?.field === field ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'

/**
 * A sortable column's header: a link to the same list ordered by it (back to page 1, every filter
 * kept), so the order works without JavaScript and survives a reload.
 */
export function SortLink({ field, label }: { field: string; label: string }) {
  const location = useLocation()
  const [params] = useSearchParams()
  const current = readSort(params.get('sort'))
  const active = current?.field === field
  return (
    <Link
      to={withParams(`${location.pathname}${location.search}`, { sort: nextSort(current, field) })}
      className="inline-flex items-end gap-1 hover:text-sky-800 hover:underline"
      data-sort={field}
    >
      <span>{label}</span>
      <span aria-hidden="true" className={active ? 'text-sky-800' : 'text-slate-400'}>
        {active ? (current.direction === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </Link>
  )
}

/**
 * On a phone the table is a list of cards without headers: the order is chosen here instead, a
 * GET form that keeps the filters (works without JavaScript; with it, changing the choice submits).
 */
export function SortSelect({ fields }: { fields: { field: string; label: string }[] }) {
  const [params] = useSearchParams()
  const current = params.get('sort') ?? ''
  const options = fields.flatMap(({ field, label }) => [
    { value: `${field},asc`, label: `${label} (ascendente)` },
    { value: `${field},desc`, label: `${label} (descendente)` },
  ])
  return (
    <Form method="get" className="flex items-end gap-2 lg:hidden print:hidden" aria-label="Ordenar la lista">
      <KeepParams except={['sort', 'page']} />
      <div className="flex min-w-0 grow flex-col text-sm text-slate-700">
        {/* Labelled by id, not wrapped: the label's text is only its own (not the options'). */}
        <label htmlFor="list-sort">Ordenar por</label>
        <select
          id="list-sort"
          name="sort"
          defaultValue={current}
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-2 text-sm"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          <option value="">Orden predeterminado</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="shrink-0 rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
      >
        Ordenar
      </button>
    </Form>
  )
}
