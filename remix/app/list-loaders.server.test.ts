import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_ROLES } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetCatalogs, forgetVoucherCatalogs } from '~/catalogs.server'
import { routeArgs } from '~/utils/route-args'
import { LIST_FILTERS, type ListFilterState } from './list-filters.server'
import { LIST_RESOURCES } from './list-resources'
import { signedInCookie } from './session-cookie.test-support'

/**
 * A list page costs the API one call for its page. The filters' catalogues (areas, positions,
 * companies) are read only with a filter in force (to name it in the chips) and by the filter route
 * (`/filtrar/<list>`), from the web tier's cache checked against the API's catalogue version (one
 * primary-key read). Every list screen's loader runs here against a fetch that records the API
 * calls it receives.
 */
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>
type Screen = {
  path: string
  resource: string
  file: string
  load: () => Promise<{ loader: Loader }>
}
const SCREENS: Screen[] = [
  {
    path: '/areas',
    resource: 'areas',
    file: 'areas._index.tsx',
    load: () => import('./routes/mantenimiento/areas._index'),
  },
  {
    path: '/cargos',
    resource: 'cargos',
    file: 'cargos._index.tsx',
    load: () => import('./routes/mantenimiento/cargos._index'),
  },
  {
    path: '/empresas',
    resource: 'empresas',
    file: 'empresas._index.tsx',
    load: () => import('./routes/mantenimiento/empresas._index'),
  },
  {
    path: '/bancos',
    resource: 'bancos',
    file: 'bancos._index.tsx',
    load: () => import('./routes/mantenimiento/bancos._index'),
  },
  {
    path: '/padrones',
    resource: 'padrones',
    file: 'padrones._index.tsx',
    load: () => import('./routes/mantenimiento/padrones._index'),
  },
  {
    path: '/colaboradores',
    resource: 'colaboradores',
    file: 'colaboradores._index.tsx',
    load: () => import('./routes/colaboradores/colaboradores._index'),
  },
  {
    path: '/contratos',
    resource: 'contratos',
    file: 'contratos._index.tsx',
    load: () => import('./routes/contratos/contratos._index'),
  },
  {
    path: '/auditoria',
    resource: 'auditoria',
    file: 'auditoria.tsx',
    load: () => import('./routes/auditoria'),
  },
  {
    path: '/planillas',
    resource: 'planillas',
    file: 'planillas._index.tsx',
    load: () => import('./routes/planillas/planillas._index'),
  },
  {
    path: '/planillas/externas',
    resource: 'planillas-externas',
    file: 'planillas.externas._index.tsx',
    load: () => import('./routes/planillas/planillas.externas._index'),
  },
  {
    path: '/planillas/abonos',
    resource: 'abonos',
    file: 'planillas.abonos._index.tsx',
    load: () => import('./routes/planillas/planillas.abonos._index'),
  },
  {
    path: '/pagos/abonos',
    resource: 'pagos-abonos',
    file: 'pagos.abonos._index.tsx',
    load: () => import('./routes/pagos/pagos.abonos._index'),
  },
  {
    path: '/pagos/carga',
    resource: 'pagos-carga',
    file: 'pagos.carga._index.tsx',
    load: () => import('./routes/pagos/pagos.carga._index'),
  },
  {
    path: '/pagos/detracciones/constancias',
    resource: 'pagos-constancias',
    file: 'pagos.detracciones.constancias._index.tsx',
    load: () => import('./routes/pagos/pagos.detracciones.constancias._index'),
  },
  {
    path: '/reclutamiento/vacantes',
    resource: 'vacantes',
    file: 'reclutamiento.vacantes._index.tsx',
    load: () => import('./routes/reclutamiento/reclutamiento.vacantes._index'),
  },
  {
    path: '/reclutamiento/postulantes',
    resource: 'postulantes',
    file: 'reclutamiento.postulantes._index.tsx',
    load: () => import('./routes/reclutamiento/reclutamiento.postulantes._index'),
  },
  {
    path: '/proveedores',
    resource: 'proveedores',
    file: 'proveedores._index.tsx',
    load: () => import('./routes/pagos/proveedores._index'),
  },
  {
    path: '/pagos/catalogos/lineas-de-gasto',
    resource: 'lineas-de-gasto',
    file: 'pagos.catalogos.lineas-de-gasto._index.tsx',
    load: () => import('./routes/pagos/pagos.catalogos.lineas-de-gasto._index'),
  },
  {
    path: '/pagos/catalogos/tipos-de-proyecto',
    resource: 'tipos-de-proyecto',
    file: 'pagos.catalogos.tipos-de-proyecto._index.tsx',
    load: () => import('./routes/pagos/pagos.catalogos.tipos-de-proyecto._index'),
  },
  {
    path: '/pagos/catalogos/motivos-de-rechazo',
    resource: 'motivos-de-rechazo',
    file: 'pagos.catalogos.motivos-de-rechazo._index.tsx',
    load: () => import('./routes/pagos/pagos.catalogos.motivos-de-rechazo._index'),
  },
  {
    path: '/pagos',
    resource: 'pagos',
    file: 'pagos._index.tsx',
    load: () => import('./routes/pagos/pagos._index'),
  },
  {
    path: '/pagos/detracciones',
    resource: 'detracciones',
    file: 'pagos.detracciones._index.tsx',
    load: () => import('./routes/pagos/pagos.detracciones._index'),
  },
]

const CATALOGUES = ['GET /areas', 'GET /positions', 'GET /companies']
const VERSION = 'GET /catalog-version'

/** The API calls received, as 'METHOD /path' (without /api/v1 and the query). */
let calls: string[] = []
vi.mock('./api-transport.server', async () =>
  (await import('./api-transport.test-support')).recordingTransport(
    (call) => calls.push(call),
    (path) =>
      path === '/catalog-version'
        ? { version: 7 }
        : path === '/areas'
          ? [{ id: 3, code: 'A3', description: 'Operaciones' }]
          : [],
  ),
)

/** A signed-in session cookie holding every permission (the web tier only reads the token's claims). */
const signedInAs = (roles: readonly string[]) =>
  signedInCookie({ email: 'admin@planillas.pe', name: 'Admin', roles })

async function apiCallsOf(screen: Screen, query = '') {
  const { loader } = await screen.load()
  const request = new Request(`http://web.test${screen.path}${query}`, {
    headers: { cookie: await signedInCookie() },
  })
  calls = []
  await loader(routeArgs(request))
  return calls
}

beforeEach(() => {
  forgetCatalogs()
  forgetVoucherCatalogs()
})

describe('list pages call the API once for their page', () => {
  it.each(SCREENS)('$path: one call for the page, no catalogue without a filter in force', async (screen) => {
    const list = LIST_RESOURCES[screen.resource as keyof typeof LIST_RESOURCES].list
    // The options of 'Filtrar' are read where the panel opens (/filtrar/…), not for the list.
    expect(await apiCallsOf(screen)).toEqual([list])
    expect(await apiCallsOf(screen, '?search=quispe&page=2&sort=id,desc')).toEqual([list])
  })

  it('covers every list screen (every route whose loader uses loadList)', () => {
    const routes = fileURLToPath(new URL('./routes', import.meta.url))
    const lists = readdirSync(routes, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx$/.test(f) && readFileSync(path.join(routes, f), 'utf8').includes('loadList('))
      .map((f) => path.basename(f))
    expect(lists.sort()).toEqual(SCREENS.map((s) => s.file).sort())
  })

  it('gives every list screen its filters, and no other address', () => {
    expect(Object.keys(LIST_FILTERS).sort()).toEqual(SCREENS.map((s) => s.path).sort())
    for (const screen of SCREENS) expect(LIST_FILTERS[screen.path].list).toBe(screen.resource)
  })

  it('with a filter in force, names its values in the chips from the shared, cached catalogues', async () => {
    const [employees, contracts, applicants] = ['colaboradores', 'contratos', 'postulantes'].map(
      (r) => SCREENS.find((s) => s.resource === r) as Screen,
    )
    expect((await apiCallsOf(employees, '?areaIds=3&status=2')).sort()).toEqual(
      ['POST /employees/list', VERSION, ...CATALOGUES].sort(),
    )
    expect((await apiCallsOf(contracts, '?areaIds=3')).sort()).toEqual(
      ['POST /contracts/list', VERSION].sort(),
    )
    expect((await apiCallsOf(applicants, '?areaId=3')).sort()).toEqual(
      [LIST_RESOURCES.postulantes.list, VERSION].sort(),
    )
    const { loader } = await employees.load()
    const request = new Request('http://web.test/colaboradores?areaIds=3&areaIds=9&search=ana&page=4', {
      headers: { cookie: await signedInCookie() },
    })
    const loaded = (await loader(routeArgs(request))) as { filters: ListFilterState }
    expect(loaded.filters.chips.map((c) => c.label)).toEqual(['Área: Operaciones', 'Área: 9'])
    // 'Filtrar' leads to the list's filter page with the same query, less the page.
    expect(loaded.filters.href).toBe('/filtrar/colaboradores?areaIds=3&areaIds=9&search=ana')
  })
})

describe("the filter route (/filtrar/<list>): 'Filtrar' without JavaScript, and the panel's data with it", () => {
  const filterPage = async (address: string, roles: readonly string[] = DEMO_ROLES.admin) => {
    const { loader } = await import('./routes/filtrar.$')
    const url = new URL(address, 'http://web.test')
    const request = new Request(url, { headers: { cookie: await signedInAs(roles) } })
    calls = []
    return loader({ ...routeArgs(request), params: { '*': url.pathname.replace(/^\/filtrar\//, '') } })
  }

  it("answers the list's address, title and filters with their options", async () => {
    const form = await filterPage('/filtrar/colaboradores?status=2')
    expect(form.path).toBe('/colaboradores')
    expect(form.title).toBe('Colaboradores')
    const area = form.filters.find((f) => f.name === 'areaIds')
    expect(area?.kind === 'select' && area.options).toEqual([{ value: '3', label: 'Operaciones' }])
    expect(calls.sort()).toEqual([VERSION, ...CATALOGUES].sort())
    await filterPage('/filtrar/pagos/detracciones')
    expect(calls.sort()).toEqual(['GET /companies', 'GET /expense-lines', 'GET /suppliers'])
  })

  it('is not found for an address without filters, and refused to who may not open the list', async () => {
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (e) => (e instanceof Response ? e.status : 500),
      )
    expect(await status(filterPage('/filtrar/no-existe'))).toBe(404)
    expect(await status(filterPage('/filtrar/toString'))).toBe(404)
    expect(await status(filterPage('/filtrar/colaboradores', DEMO_ROLES.auditor))).toBe(403)
  })
})
