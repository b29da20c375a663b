import type { CatalogOption } from '@planillas/domain'
import { call } from '~/api.server'
import { requireUser } from '~/auth.server'
import { ttlCache } from '~/utils/ttl-cache'
import type { Catalogs, Option } from './types'

/**
 * Catalogues change seldom and every list page with filters needed three API calls for them on
 * each request (issue 12): kept 30 s per set of roles (what the API answers depends only on
 * them), and forgotten at once when this web tier changes an area, position or company.
 */
const catalogCache = ttlCache<Catalogs>(30_000)

/**
 * Forgets the cached catalogues: every action that changes an area, position or company (create,
 * edit, status) calls it once the API has accepted the change.
 */
export const forgetCatalogs = () => catalogCache.clear()

/** Active areas, positions and companies as select options (filters and the form). */
export async function loadCatalogs(request: Request): Promise<Catalogs> {
  const { user } = await requireUser(request)
  return catalogCache.get([...user.roles].sort().join(','), () => fetchCatalogs(request))
}

async function fetchCatalogs(request: Request): Promise<Catalogs> {
  const [areas, positions, companies] = await Promise.all([
    call(request, 'GET /areas'),
    call(request, 'GET /positions'),
    call(request, 'GET /companies'),
  ])
  const described = (rows: CatalogOption[]): Option[] =>
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
  /** A numeric id, or a code (a bank's). */
  id: number | string | null | undefined,
  label: string | null | undefined,
): Option[] {
  if (!id || options.some((o) => o.value === String(id))) return options
  return [...options, { value: String(id), label: `${label ?? id} (suspendido)` }]
}
