import { Link, useLocation } from 'react-router'
import { withParams } from '~/utils/list-params'

/** One removable chip: its label and the URL parameters it stands for (and a value, for multi-selects). */
export type Chip = { label: string; params: string[]; value?: string }

/** The filters in force as chips; each one's ✕ is a link to the same list without it. */
export function FilterChips({ chips }: { chips: Chip[] }) {
  const location = useLocation()
  if (chips.length === 0) return null
  const current = new URLSearchParams(location.search)
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Filtros aplicados">
      {chips.map((chip) => {
        const changes = Object.fromEntries(
          chip.params.map((p) => [
            p,
            chip.value === undefined ? null : current.getAll(p).filter((v) => v !== chip.value),
          ]),
        )
        return (
          <li
            key={`${chip.params.join()}-${chip.value ?? ''}`}
            className="inline-flex items-center gap-1 rounded-full bg-primary-light px-3 py-1 text-sm text-primary-dark"
          >
            {chip.label}
            <Link
              to={withParams(`${location.pathname}${location.search}`, changes)}
              className="ml-1 rounded-full px-1 font-bold hover:bg-white"
              aria-label={`Quitar filtro ${chip.label}`}
            >
              ✕
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
