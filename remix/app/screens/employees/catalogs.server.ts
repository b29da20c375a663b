import { api } from '~/api.server'
import type { Catalogs, Option } from './types'

type Described = { id: number; description: string }
type Company = { id: number; name: string; ruc: string }

/** Active areas, positions and companies as select options (filters and the form). */
export async function loadCatalogs(request: Request): Promise<Catalogs> {
  const [areas, positions, companies] = await Promise.all([
    api<Described[]>(request, '/areas'),
    api<Described[]>(request, '/positions'),
    api<Company[]>(request, '/companies'),
  ])
  const described = (rows: Described[]): Option[] =>
    rows.map((r) => ({ value: String(r.id), label: r.description }))
  return {
    areas: described(areas),
    positions: described(positions),
    companies: companies.map((c) => ({ value: String(c.id), label: c.name })),
  }
}

/** The options plus the record's current choice when it is no longer active (so saving keeps it). */
export function withCurrent(
  options: Option[],
  id: number | null | undefined,
  label: string | null | undefined,
): Option[] {
  if (!id || options.some((o) => o.value === String(id))) return options
  return [...options, { value: String(id), label: `${label ?? id} (suspendido)` }]
}
