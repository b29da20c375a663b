import type { Option } from '@planillas/domain'
import { call } from '~/api.server'
import { requireUser } from '~/auth.server'
import { ttlCache } from '~/utils/ttl-cache'

type VoucherCatalogs = { suppliers: Option[]; expenseLines: Option[] }

/**
 * The vouchers list's filter options (suppliers, líneas de gasto), kept 30 s per set of roles like
 * the employees' catalogues (routes/colaboradores/+shared/catalogs.server.ts): a list page costs the API one
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
