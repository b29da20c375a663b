import type { CatalogOption, Option } from '@planillas/domain'
import { call } from '~/api.server'
import { requireUser } from '~/auth.server'
import { ttlCache } from '~/utils/ttl-cache'

/** The active areas, positions and companies as a form's and a filter's choices. */
type Catalogs = { areas: Option[]; positions: Option[]; companies: Option[] }

/**
 * Catalogues change seldom and every list page with filters needed three API calls for them on
 * each request: kept per set of roles (what the API answers depends only on them), for
 * as long as the API's catalogue version stays the same. That version grows with every change to
 * an area, position or company, made through any web or API process (a trigger counts
 * them: docs/decisions/several-copies.md), and costs one primary-key read, asked alongside the
 * page's own call: a change made through another web process is seen on the next page.
 */
const catalogCache = ttlCache<Catalogs>(5 * 60_000)
/** The catalogue version the cached catalogues were loaded at or after. */
let cachedVersion: number | undefined

/**
 * Forgets the cached catalogues: every action that changes an area, position or company (create,
 * edit, status) calls it once the API has accepted the change (the version would also tell).
 */
export const forgetCatalogs = () => {
  catalogCache.clear()
  cachedVersion = undefined
}

/**
 * Active areas, positions and companies as select options (filters and the form). The version is
 * read first: a catalogue loaded after it holds every change it counts, so keeping it under that
 * version never serves a change late (a change committed meanwhile only costs one more load).
 */
export async function loadCatalogs(request: Request): Promise<Catalogs> {
  const { user } = await requireUser(request)
  const { version } = await call(request, 'GET /catalog-version')
  if (version !== cachedVersion) {
    catalogCache.clear()
    cachedVersion = version
  }
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

type VoucherCatalogs = { suppliers: Option[]; expenseLines: Option[] }

/**
 * The vouchers list's filter options (suppliers, líneas de gasto), kept 30 s per set of roles like
 * the employees' catalogues above: a list page costs the API one
 * call for its page.
 */
const cache = ttlCache<VoucherCatalogs>(30_000)

/** Forgets them: an action that changes a supplier or a línea de gasto calls it once the API accepted it. */
export const forgetVoucherCatalogs = () => {
  cache.clear()
  companyCache.clear()
}

export async function loadVoucherCatalogs(request: Request): Promise<VoucherCatalogs> {
  const { user } = await requireUser(request)
  return cache.get([...user.roles].sort().join(','), async () => {
    const [suppliers, expenseLines] = await Promise.all([
      call(request, 'GET /suppliers'),
      call(request, 'GET /expense-lines'),
    ])
    return {
      suppliers: suppliers.map((s) => ({ value: String(s.id), label: `${s.ruc} — ${s.name}` })),
      expenseLines: expenseLines.map((e) => ({ value: String(e.id), label: e.description })),
    }
  })
}

/**
 * The paying companies as filter options (the detracciones list), kept 30 s per set of roles like
 * the rest: read with the vouchers' own permission, not the employee screens' catalogues (whose
 * areas and positions tesorería may not read).
 */
const companyCache = ttlCache<Option[]>(30_000)

export async function loadPayingCompanies(request: Request): Promise<Option[]> {
  const { user } = await requireUser(request)
  return companyCache.get([...user.roles].sort().join(','), async () =>
    (await call(request, 'GET /companies')).map((c) => ({ value: String(c.id), label: c.name })),
  )
}
