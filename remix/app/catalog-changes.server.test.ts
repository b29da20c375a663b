import type { ActionFunctionArgs } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetCatalogs } from '~/catalogs.server'
import { routeArgs } from '~/utils/route-args'
import { signedInCookie } from './session-cookie.test-support'

/**
 * The filters of the employees, contracts and applicants lists offer the areas, positions and
 * companies the web tier keeps while the API's catalogue version stays the same (catalogs.server.ts).
 * A clerk who has just created, renamed or suspended one sees it at once there: each action that
 * changes a catalogue says so, and a change made through another web process (or API process)
 * shows in the version.
 */
const CATALOGUES = ['GET /areas', 'GET /positions', 'GET /companies']

/** The API calls received, as 'METHOD /path' (without /api/v1 and the query). */
let calls: string[] = []
/** What `GET /catalog-version` answers: the changes the database has counted. */
let version = 40
vi.mock('./api-transport.server', async () =>
  (await import('./api-transport.test-support')).recordingTransport(
    (call) => calls.push(call),
    (path, method) => (path === '/catalog-version' ? { version } : method === 'GET' ? [] : { id: 5 }),
  ),
)

/** A signed-in session cookie holding every permission (the web tier only reads the token's claims). */
/** The catalogue calls of the employees list's 'Filtrar' as it opens (its own route, /filtrar/…). */
async function employeeListCalls() {
  const { loader } = await import('./routes/filtrar.$')
  const request = new Request('http://web.test/filtrar/colaboradores', {
    headers: { cookie: await signedInCookie() },
  })
  calls = []
  await loader({ ...routeArgs(request), params: { '*': 'colaboradores' } })
  return calls.filter((c) => CATALOGUES.includes(c)).sort()
}

/** Posts a form to an action, as the browser does without JavaScript. */
async function post(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  url: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://web.test${url}`, {
    method: 'POST',
    headers: { cookie: await signedInCookie() },
    body: new URLSearchParams(fields),
  })
  const answer = (await action(routeArgs(request, params))) as Response
  expect(answer.status).toBe(302)
}

beforeEach(async () => {
  forgetCatalogs()
  // The first page fills the cache; the next one reads it.
  expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
  expect(await employeeListCalls()).toEqual([])
})

describe('the cached catalogues', () => {
  it('are read again after an area is created', async () => {
    const { action } = await import('./routes/mantenimiento/areas.crear')
    await post(action, '/areas/crear', { description: 'Tesorería' })
    expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
  })

  it('are read again after a position is renamed', async () => {
    const { action } = await import('./routes/mantenimiento/cargos.$id')
    await post(action, '/cargos/4', { description: 'Analista de planillas' }, { id: '4' })
    expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
  })

  it('are read again after a company is edited', async () => {
    const { action } = await import('./routes/mantenimiento/empresas.$id._index')
    await post(
      action,
      '/empresas/3',
      { name: 'Andes Servicios S.A.C.', address: 'Av. Arequipa 123, Lima', legalRepresentative: '' },
      { id: '3' },
    )
    expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
  })

  it('are read again after an area is suspended, and kept after a vacancy changes status', async () => {
    const { action } = await import('./routes/estado.$resource.$id')
    await post(action, '/estado/vacantes/2?status=2', {}, { resource: 'vacantes', id: '2' })
    expect(await employeeListCalls()).toEqual([])
    await post(action, '/estado/areas/2?status=2', {}, { resource: 'areas', id: '2' })
    expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
  })

  it('are read again when another process changed one (the version grew), and only then', async () => {
    version += 1
    expect(await employeeListCalls()).toEqual([...CATALOGUES].sort())
    expect(await employeeListCalls()).toEqual([])
    // The version is asked on every page with a filter in force (its chips), alongside the page's call.
    calls = []
    const { loader } = await import('./routes/colaboradores/colaboradores._index')
    await loader(
      routeArgs(
        new Request('http://web.test/colaboradores?areaIds=1', {
          headers: { cookie: await signedInCookie() },
        }),
      ),
    )
    expect(calls.sort()).toEqual(['GET /catalog-version', 'POST /employees/list'])
  })
})
